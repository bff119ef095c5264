import type { Logger } from 'pino';
import type { Db } from '@campus/service-kit/db';
import { addToOutbox } from '@campus/service-kit/outbox';
import { createScheduledJob, type ScheduledJob } from '@campus/service-kit/scheduled-job';
import { outbox, scheduledJobs } from '../data/schema';
import { createTrackerStore } from '../data/tracker-store';
import { dayOf } from './careers';

export const CLOSING_REMINDERS_JOB = 'remind-closing-jobs';
/** How often the reminders are looked for (once across replicas). */
export const CLOSING_REMINDERS_EVERY_MS = 60 * 60 * 1000;
/** A saved post's reminder goes out this many days before its apply-by date (issue 28). */
export const CLOSING_REMINDER_DAYS = 2;
/** Posts reminded per run: a bounded transaction; more wait for the next run. */
const BATCH = 200;
/** Students named by one event: a post saved by many goes out as several events. */
const USERS_PER_EVENT = 500;

/**
 * The apply-by reminder (issue 28): once the apply-by date of a visible job post is at most two
 * days away, the students who saved it (status `saved`: not those who applied, were rejected...)
 * are told, through `careers.job.closing` (the notifications service turns it into
 * `careers.deadline`). The post records the date it was reminded for in the same transaction as
 * the events, so each post is reminded once per apply-by date, by one replica. A deleted post is
 * gone (its tracks with it), a hidden one is skipped, and one nobody saved is marked without an event.
 */
export function createClosingRemindersJob(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  checkEveryMs?: number;
}): ScheduledJob {
  const store = createTrackerStore(deps.db);
  return createScheduledJob({
    name: CLOSING_REMINDERS_JOB,
    everyMs: CLOSING_REMINDERS_EVERY_MS,
    checkEveryMs: deps.checkEveryMs,
    db: deps.db,
    table: scheduledJobs,
    logger: deps.logger,
    now: deps.now,
    run: async ({ tx, now, logger }) => {
      const due = await store.dueClosingReminders(tx, {
        from: dayOf(now),
        to: dayOf(now, CLOSING_REMINDER_DAYS),
        limit: BATCH,
      });
      if (due.length === 0) return;
      const savers = await store.saversOf(
        tx,
        due.map((job) => job.id),
      );
      let events = 0;
      for (const job of due) {
        const userIds = savers.get(job.id) ?? [];
        for (let i = 0; i < userIds.length; i += USERS_PER_EVENT) {
          await addToOutbox(tx, outbox, {
            name: 'careers.job.closing',
            producer: 'careers',
            payload: {
              jobId: job.id,
              title: job.role,
              company: job.companyName,
              applyBy: job.applyBy!,
              userIds: userIds.slice(i, i + USERS_PER_EVENT),
            },
          });
          events++;
        }
      }
      await store.markClosingReminded(
        tx,
        due.map((job) => job.id),
      );
      logger.info({ posts: due.length, events }, 'closing reminders sent');
    },
  });
}
