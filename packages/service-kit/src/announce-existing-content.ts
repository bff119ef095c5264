import type { ContentChangedPayload, CONTENT_CHANGED_EVENTS } from '@campus/contracts/events';
import type { Logger } from 'pino';
import type { Db, Tx } from './db';
import { addToOutbox, type OutboxTable } from './outbox';
import { createScheduledJob, type ScheduledJob, type ScheduledJobTable } from './scheduled-job';

export const ANNOUNCE_EXISTING_JOB = 'announce-existing-content';
export const ANNOUNCE_EVERY_MS = 60_000;
/** Items announced per run: a bounded transaction; a backlog drains a batch a minute. */
export const ANNOUNCE_BATCH = 200;

/**
 * Items written before moderation existed were never announced (no `<service>.content.changed`),
 * so moderation did not know them and a report of one was a 404. The migration that added
 * `moderatedContentColumns()` gave those rows version 0 ("never announced"); this job, one per
 * owning service, announces each once as its create would have ('published', version 1) and sets
 * its version to 1 in the same transaction as the events. New items start at version 1, announced
 * by their create; an edit or a delete that reaches a version-0 item first announces it itself, so
 * `claim` must move only rows still at 0 (and skip the rest). Runs once across replicas (the kit's
 * scheduled job); when nothing is left, a run is one empty query.
 */
export function createAnnounceExistingContentJob(options: {
  /** The service's content event: its producer is the name's first part. */
  event: (typeof CONTENT_CHANGED_EVENTS)[number];
  /** What the items are, for the log line ("flat requests"). */
  items: string;
  db: Db;
  scheduledJobs: ScheduledJobTable;
  outbox: OutboxTable;
  logger: Logger;
  now: () => Date;
  checkEveryMs?: number;
  /**
   * Takes up to `limit` never-announced items, moves each from version 0 to 1 (only while still 0),
   * and answers their 'published' payloads, in the job's transaction.
   */
  claim(tx: Tx, limit: number, now: Date): Promise<ContentChangedPayload[]>;
}): ScheduledJob {
  const { event, items } = options;
  const producer = event.split('.')[0]!;
  return createScheduledJob({
    name: ANNOUNCE_EXISTING_JOB,
    everyMs: ANNOUNCE_EVERY_MS,
    checkEveryMs: options.checkEveryMs ?? ANNOUNCE_EVERY_MS,
    db: options.db,
    table: options.scheduledJobs,
    logger: options.logger,
    now: options.now,
    run: async ({ tx, now, logger }) => {
      const payloads = await options.claim(tx, ANNOUNCE_BATCH, now);
      for (const payload of payloads)
        await addToOutbox(tx, options.outbox, { name: event, payload, producer });
      if (payloads.length > 0)
        logger.info({ announced: payloads.length }, `${items} from before moderation announced`);
    },
  });
}
