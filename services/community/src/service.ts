import path from 'node:path';
import { MODERATION_DECISION_EVENTS } from '@campus/contracts/events';
import { defineService } from '@campus/service-kit/service-runtime';
import { CommunityConfig } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createAnnounceExistingJob } from './domain/announce-existing';
import { createCommunityHub } from './domain/community-hub';
import { createFundraising } from './domain/fundraising';
import { createCommunityPersonalData } from './domain/personal-data';
import { createPrunePledgeIntentsJob } from './domain/prune-pledge-intents';
import { communityEventHandlers } from './events/community-event-handlers';
import { createCommunityRoutes } from './http/community-routes';
import { createFundraisingRoutes } from './http/fundraising-routes';

/**
 * Community: the hub's posts, votes and comment threads (anonymity kept inside the service), and
 * the fundraising campaigns with the pledges donors record. Names come from identity's
 * registrations; posts, comments and pledges leave as events; every post and comment written,
 * edited or deleted goes to moderation (community.content.changed), whose decisions come back.
 * What it holds about a person is theirs to download and goes when they delete their account.
 * Pledge intents no pledge names are pruned a week after they were asked for (prune-pledge-intents.ts).
 */
export const communityService = defineService({
  name: 'community',
  title: 'Community API',
  configSchema: CommunityConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered', 'identity.user.deleted', ...MODERATION_DECISION_EVENTS],
  produces: [
    'community.post.created',
    'community.comment.created',
    'community.content.changed',
    'community.pledge.recorded',
    'community.campaign.updated',
    'community.answer.accepted',
  ],
  outbox,
  inbox,
  idempotencyKeys,
  create({ config, db, transact, now, logger }) {
    const hub = createCommunityHub({ db, transact, now });
    const fundraising = createFundraising({ db, transact, now, limits: config });
    return {
      routes: [...createCommunityRoutes({ hub }), ...createFundraisingRoutes({ fundraising })],
      eventHandlers: communityEventHandlers(hub),
      // The kit serves GET /api/me/export/community and runs its forget on identity.user.deleted.
      personalData: createCommunityPersonalData({ db, now }),
      jobs: [
        createAnnounceExistingJob({ db, logger, now, checkEveryMs: config.ANNOUNCE_CHECK_MS }),
        // Pay links nobody used, a week after they were asked for (docs/fundraising.md).
        createPrunePledgeIntentsJob({ db, logger, now }),
      ],
    };
  },
});
