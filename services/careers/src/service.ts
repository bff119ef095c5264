import path from 'node:path';
import { MODERATION_DECISION_EVENTS } from '@campus/contracts/events';
import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import { moderationDecisionHandlers } from '@campus/service-kit/moderated-content';
import { defineService } from '@campus/service-kit/service-runtime';
import { CareersConfig } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createAnnounceExistingJob } from './domain/announce-existing';
import { createCareers, type CareersEvent } from './domain/careers';
import { createClosingRemindersJob } from './domain/closing-reminders';
import { createCompanies } from './domain/companies';
import { createCareersPersonalData } from './domain/personal-data';
import { createTracker } from './domain/tracker';
import { createCareersRoutes } from './http/careers-routes';
import { createCompanyRoutes } from './http/company-routes';
import { createTrackerRoutes } from './http/tracker-routes';

/**
 * Careers: job posts (anyone reads, the signed-in post, only the author edits and deletes) and
 * interview experiences (anyone searches and reads, the signed-in share, optionally anonymously; the
 * author edits and deletes). It consumes moderation's decisions about its items (names come from
 * the session) and forgets a deleted account (identity.user.deleted, through the kit); it produces the job events the profile counts, `careers.interview.shared`,
 * `careers.content.changed` for moderation at every create, edit and delete, and `careers.job.closing`
 * (the apply-by reminder to the students who saved a post, from a scheduled job).
 */
export const careersService = defineService({
  name: 'careers',
  title: 'Careers API',
  configSchema: CareersConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: [...MODERATION_DECISION_EVENTS, 'identity.user.deleted'],
  produces: [
    'careers.job.posted',
    'careers.job.deleted',
    'careers.interview.shared',
    'careers.content.changed',
    'careers.job.closing',
  ],
  outbox,
  inbox,
  idempotencyKeys,
  create({ config, db, transact, now, logger }) {
    const careers = createCareers({ db, transact, now });
    const companies = createCompanies({ db, now });
    const tracker = createTracker({ db, now });
    return {
      routes: [
        ...createTrackerRoutes({ tracker }),
        ...createCareersRoutes({ careers }),
        ...createCompanyRoutes({ companies }),
      ],
      eventHandlers: defineEventHandlers(
        moderationDecisionHandlers<CareersEvent>(['job', 'interview'], (tx, command, decision, emit) =>
          careers.moderate(tx, command, decision, emit),
        ),
        { emits: ['careers.content.changed', 'careers.job.deleted'] },
      ),
      // The kit serves GET /api/me/export/careers and handles identity.user.deleted with it.
      personalData: createCareersPersonalData({ db }),
      // Items from before moderation existed, announced to it once (migration 0005's version 0).
      // The apply-by reminder to the students who saved a post (issue 28).
      jobs: [
        createAnnounceExistingJob({ db, logger, now, checkEveryMs: config.ANNOUNCE_CHECK_MS }),
        createClosingRemindersJob({ db, logger, now }),
      ],
    };
  },
});
