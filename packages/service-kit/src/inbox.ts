import type { EventEnvelope } from '@campus/contracts/events';
import { lt } from 'drizzle-orm';
import { index, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db, DbExecutor, Tx } from './db';
import { createPruneJob } from './prune-job';
import type { ScheduledJob } from './scheduled-job';

/**
 * The inbox table: ids of the events a service has handled. Declared by each consuming service in
 * its own `data/schema.ts` (`export const inbox = inboxTable(profileSchema)`), next to its data,
 * so recording the id commits or rolls back with the handler's changes.
 */
export function inboxTable(schema: PgSchema) {
  return schema.table(
    'inbox',
    {
      eventId: uuid('event_id').primaryKey(),
      /** The event name, for investigation. The queue is implied: one inbox, one consuming service, one queue. */
      name: text('name').notNull(),
      handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (table) => [index('inbox_handled_at_idx').on(table.handledAt)],
  );
}

export type InboxTable = ReturnType<typeof inboxTable>;

/**
 * A service's consumers never call this: the consumer pipeline (event-handlers.ts) records every
 * event it hands to a handler. This is the same step for code that consumes outside a service
 * (the fault tests' probe consumer).
 *
 * Runs `work` and records the event id in ONE transaction, so the work happens once per event
 * however often the bus delivers it. A second delivery of a handled id is a no-op (resolves
 * `false`); two deliveries racing on two replicas serialise on the id's primary key, and the
 * loser sees the winner's row once it commits. If `work` throws, nothing is recorded and the
 * error propagates, so the bus retries.
 */
export async function handleOnce(
  db: Db,
  table: InboxTable,
  envelope: EventEnvelope,
  work: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await recordHandled(tx, table, envelope))) return false;
    await work(tx);
    return true;
  });
}

/**
 * Records the event id inside the caller's transaction; false when it was already handled.
 * `handledAt` is the service's clock (what pruning compares with); the database's now if omitted.
 */
export async function recordHandled(
  tx: Tx,
  table: InboxTable,
  envelope: EventEnvelope,
  handledAt?: Date,
): Promise<boolean> {
  const recorded = await tx
    .insert(table)
    .values({ eventId: envelope.id, name: envelope.name, ...(handledAt ? { handledAt } : {}) })
    .onConflictDoNothing({ target: table.eventId })
    .returning({ eventId: table.eventId });
  return recorded.length > 0;
}

/**
 * How long a handled id is kept. A duplicate can only be recognised while its id is here: redelivery
 * after a lost ack or a crash comes within minutes, a producer's outbox replays after a restore of
 * its backup. 30 days covers restoring any backup of the last weeks; older duplicates are handled again.
 */
export const INBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes the ids handled before `cutoff`; resolves with how many went. */
export async function pruneInbox(db: DbExecutor, table: InboxTable, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(table)
    .where(lt(table.handledAt, cutoff))
    .returning({ eventId: table.eventId });
  return deleted.length;
}

export interface InboxPruneJobOptions {
  db: Db;
  inbox: InboxTable;
  logger: Logger;
  /** The service's clock (ServiceDeps.now): tests move it instead of waiting. */
  now?: () => Date;
  retentionMs?: number;
  /** How often each replica prunes (default hourly, like the outbox). */
  everyMs?: number;
}

/**
 * Prunes the inbox like the relay prunes the outbox: every replica looks hourly (and at start) and
 * deletes the ids older than the retention, by the service's clock. The delete runs under a
 * transaction-scoped advisory lock on the table, so replicas never prune at the same time; pruning
 * is idempotent, so no schedule has to survive a restart and no table records it. `startService`
 * runs it for every service that consumes events.
 */
export function createInboxPruneJob(options: InboxPruneJobOptions): ScheduledJob {
  const { db, inbox } = options;
  const retentionMs = options.retentionMs ?? INBOX_RETENTION_MS;
  return createPruneJob({
    name: 'prune-inbox',
    db,
    table: inbox,
    prune: (tx, now) => pruneInbox(tx, inbox, new Date(now.getTime() - retentionMs)),
    prunedMessage: 'pruned handled event ids from the inbox',
    failedMessage: 'inbox pruning failed; the next check tries again',
    logger: options.logger,
    now: options.now,
    everyMs: options.everyMs,
  });
}
