import type { Logger } from 'pino';
import { EVENT_LIFETIME_MS } from '@campus/contracts/events-domain-rules';
import type { Db } from '@campus/service-kit/db';
import { createScheduledJob, type ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createEventStore } from '../data/event-store';
import { scheduledJobs } from '../data/schema';

export const EXPIRE_EVENTS_JOB = 'expire-events';
/** How often the expiry runs (once across replicas): an event lives 30 days plus at most this. */
export const EXPIRE_EVERY_MS = 60 * 60 * 1000;
/** A poster uploaded but never used by an event goes after a day. */
export const UNUSED_POSTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_BATCHES = 20;

/**
 * Deletes events (and their posters and blobs) 30 days after they were posted, and posters nobody
 * used after a day. A scheduled job: it runs once per hour across every replica (the database's
 * row lock decides), on the service's clock, so tests move the clock instead of waiting.
 */
export function createExpireEventsJob(deps: { db: Db; logger: Logger; now: () => Date }): ScheduledJob {
  const store = createEventStore(deps.db);
  return createScheduledJob({
    name: EXPIRE_EVENTS_JOB,
    everyMs: EXPIRE_EVERY_MS,
    db: deps.db,
    table: scheduledJobs,
    logger: deps.logger,
    now: deps.now,
    run: async ({ tx, now, logger }) => {
      const removed = { events: 0, posters: 0, blobs: 0 };
      for (let i = 0; i < MAX_BATCHES; i++) {
        const batch = await store.expire(tx, {
          cutoff: new Date(now.getTime() - EVENT_LIFETIME_MS),
          unusedCutoff: new Date(now.getTime() - UNUSED_POSTER_MS),
          batch: BATCH,
        });
        removed.events += batch.events;
        removed.posters += batch.posters;
        removed.blobs += batch.blobs;
        if (batch.events < BATCH && batch.posters < BATCH) break;
      }
      // Who viewed yesterday is kept (a day's first views near midnight); older days are forgotten.
      await store.forgetViewersBefore(tx, new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10));
      if (removed.posters > 0) logger.info(removed, 'expired events and posters removed');
    },
  });
}
