import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idempotencyKeyTable } from '@campus/service-kit/idempotency';
import { inboxTable } from '@campus/service-kit/inbox';
import { memberTable } from '@campus/service-kit/member-directory';
import { outboxTable } from '@campus/service-kit/outbox';

/** Everything of the example service lives in its own schema (and its own database in production). */
export const exampleSchema = pgSchema('example');

/**
 * What the domain keeps: rename and reshape. After a change here, `npm run db:generate -w
 * services/example` writes the migration.
 */
export const items = exampleSchema.table(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('items_newest_idx').on(t.createdAt, t.id)],
);

/** Who is who, so lists show names without asking identity (the kit's members directory). */
export const members = memberTable(exampleSchema);

export const outbox = outboxTable(exampleSchema);
export const inbox = inboxTable(exampleSchema);
/** Idempotency-Keys of its creates (`idempotencyKey: true` on a route): one create per intent. */
export const idempotencyKeys = idempotencyKeyTable(exampleSchema);
