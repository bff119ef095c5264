import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from './db';
import type { IdempotencyKeyTable } from './idempotency';
import type { OutboxTable } from './outbox';

/**
 * The kit's own traces of a person in a service, removed after its `forget` (same transaction): the
 * published outbox rows whose payload names them (kept only to investigate; rows still to publish
 * are left, the relay must send them) and the answers remembered for their Idempotency-Keys.
 */
export async function forgetInKitTables(
  tx: Tx,
  tables: { outbox: OutboxTable; idempotencyKeys?: IdempotencyKeyTable },
  userId: string,
): Promise<void> {
  const { outbox, idempotencyKeys } = tables;
  // The id as a JSON string anywhere in the payload (ids are uuids: no pattern characters to escape).
  await tx
    .delete(outbox)
    .where(and(isNotNull(outbox.publishedAt), sql`${outbox.payload}::text like ${`%"${userId}"%`}`));
  if (idempotencyKeys) await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.caller, userId));
}
