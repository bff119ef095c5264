import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { CommunityConfig } from './config';
import { inbox, outbox } from './data/schema';
import { createItems } from './domain/items';
import { communityEventHandlers } from './events/community-event-handlers';
import { createCommunityRoutes } from './http/community-routes';

/**
 * Community: (say what the domain keeps and who may do what). `consumes` binds its queue and must
 * match its handlers; `produces` is what `emit` accepts: add an event to
 * packages/contracts/src/events.ts first, then here, then run `npm run topology`.
 */
export const communityService = defineService({
  name: 'community',
  title: 'Community API',
  configSchema: CommunityConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered'],
  produces: [],
  outbox,
  inbox,
  create({ db, transact, now }) {
    const items = createItems({ db, transact, now });
    return {
      routes: createCommunityRoutes({ items }),
      eventHandlers: communityEventHandlers(items),
    };
  },
});
