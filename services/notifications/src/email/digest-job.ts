import type { Logger } from 'pino';
import type { Db } from '@campus/service-kit/db';
import { createScheduledJob, type ScheduledJob } from '@campus/service-kit/scheduled-job';
import { scheduledJobs } from '../data/schema';
import type { MailStore } from './mail-store';

export const OPEN_DIGESTS_JOB = 'open-digests';
export const DIGEST_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily digest: once a day across every replica (the kit's scheduled job), every 'daily' mail
 * queued until then becomes due, and the mail job sends each user's due daily rows as ONE message
 * and marks them sent. Rows queued after this run wait for the next day's. The day runs from the
 * job's first run (its time is kept in scheduled_jobs, so restarts neither repeat nor skip a day).
 */
export function createOpenDigestsJob(deps: {
  db: Db;
  store: MailStore;
  logger: Logger;
  now: () => Date;
  checkEveryMs: number;
}): ScheduledJob {
  return createScheduledJob({
    name: OPEN_DIGESTS_JOB,
    everyMs: DIGEST_EVERY_MS,
    checkEveryMs: Math.min(60_000, deps.checkEveryMs),
    db: deps.db,
    table: scheduledJobs,
    logger: deps.logger,
    now: deps.now,
    run: async ({ tx, now, logger }) => {
      const released = await deps.store.releaseDigests(tx, now);
      logger.info({ released }, 'daily digests opened');
    },
  });
}
