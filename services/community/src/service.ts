import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { CommunityConfig } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createCommunityHub } from './domain/community-hub';
import { createFundraising } from './domain/fundraising';
import { communityEventHandlers } from './events/community-event-handlers';
import { createCommunityRoutes } from './http/community-routes';

/**
 * Community: the hub's posts, votes and comment threads (anonymity kept inside the service), and
 * the fundraising campaigns with the pledges donors record. Names come from identity's
 * registrations; posts, comments and pledges leave as events.
 */
export const communityService = defineService({
  name: 'community',
  title: 'Community API',
  configSchema: CommunityConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered'],
  produces: ['community.post.created', 'community.comment.created', 'community.pledge.recorded'],
  outbox,
  inbox,
  idempotencyKeys,
  create({ config, db, transact, now }) {
    const hub = createCommunityHub({ db, transact, now });
    const fundraising = createFundraising({ db, transact, now, limits: config });
    return {
      routes: createCommunityRoutes({ hub, fundraising }),
      eventHandlers: communityEventHandlers(hub),
    };
  },
});
