import type { Logger } from 'pino';
import { NOTIFICATIONS_READ_RETENTION_DAYS } from '@campus/contracts/notifications-rules';
import type { Db } from '@campus/service-kit/db';
import { createScheduledJob, type ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createNotificationStore } from '../data/notification-store';
import { scheduledJobs } from '../data/schema';

export const PRUNE_NOTIFICATIONS_JOB = 'prune-notifications';
/** How often the prune runs (once across replicas): a read notification lives its retention plus at most this. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;
const MAX_BATCHES = 20;

/**
 * Deletes read notifications whose newest cause is older than NOTIFICATIONS_READ_RETENTION_DAYS,
 * with the mail already sent for them (one whose mail is still to send waits for it). Unread ones
 * stay however old. A scheduled job: once per hour across every replica (the database's row lock
 * decides), on the service's clock, so tests move the clock instead of waiting.
 */
export function createPruneNotificationsJob(deps: { db: Db; logger: Logger; now: () => Date }): ScheduledJob {
  const store = createNotificationStore();
  return createScheduledJob({
    name: PRUNE_NOTIFICATIONS_JOB,
    everyMs: PRUNE_EVERY_MS,
    db: deps.db,
    table: scheduledJobs,
    logger: deps.logger,
    now: deps.now,
    run: async ({ tx, now, logger }) => {
      const cutoff = new Date(now.getTime() - NOTIFICATIONS_READ_RETENTION_DAYS * DAY_MS);
      let deleted = 0;
      for (let i = 0; i < MAX_BATCHES; i++) {
        const batch = await store.pruneRead(tx, cutoff, BATCH);
        deleted += batch;
        if (batch < BATCH) break;
      }
      if (deleted > 0) logger.info({ deleted }, 'read notifications pruned');
    },
  });
}
