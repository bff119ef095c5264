import type { EventEnvelope } from '@campus/contracts/events';
import { index, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './db';

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
 * Records the event id inside the caller's transaction; false when it was already handled. For
 * handlers that need their own transaction shape (see `handleOnceEmitting` in unit-of-work.ts).
 */
export async function recordHandled(tx: Tx, table: InboxTable, envelope: EventEnvelope): Promise<boolean> {
  const recorded = await tx
    .insert(table)
    .values({ eventId: envelope.id, name: envelope.name })
    .onConflictDoNothing({ target: table.eventId })
    .returning({ eventId: table.eventId });
  return recorded.length > 0;
}
