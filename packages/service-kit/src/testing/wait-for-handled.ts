import { inArray } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { inboxTable, type InboxTable } from '../inbox';
import { waitFor } from './wait-for';

/** A service's inbox by its schema name (every consuming service declares `inbox` in its own schema). */
export const inboxOf = (schema: string): InboxTable => inboxTable(pgSchema(schema));

/**
 * Resolves once a consuming service has recorded every one of `eventIds` in its inbox, i.e. its
 * handler's transaction has committed: what a test asserts next is the state after the event,
 * not before it. Works on any bus (the inbox is in the database), so also across processes.
 */
export async function waitForHandled(
  db: Db,
  inbox: InboxTable,
  eventIds: string | readonly string[],
  timeoutMs = 10_000,
): Promise<void> {
  const ids = [...new Set(typeof eventIds === 'string' ? [eventIds] : eventIds)];
  if (ids.length === 0) return;
  let missing = ids;
  await waitFor(
    `the consumer to record ${ids.length === 1 ? `event ${ids[0]}` : `${ids.length} events`} in its inbox`,
    async () => {
      const rows = await db
        .select({ eventId: inbox.eventId })
        .from(inbox)
        .where(inArray(inbox.eventId, missing));
      const recorded = new Set(rows.map((row) => row.eventId));
      missing = missing.filter((id) => !recorded.has(id));
      return { notYetHandled: missing };
    },
    { timeoutMs, until: ({ notYetHandled }) => notYetHandled.length === 0 },
  );
}
