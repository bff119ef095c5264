import { boolean, index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inboxTable } from '@campus/service-kit/inbox';
import { outboxTable } from '@campus/service-kit/outbox';

/** Everything of the events service lives in its own schema (and its own database in production). */
export const eventsSchema = pgSchema('events');

/** What the domain keeps: rename and reshape. Changes: edit here, then `npm run db:generate -w services/events`. */
export const items = eventsSchema.table(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('items_newest_idx').on(t.createdAt, t.id)],
);

/**
 * Who is who, so lists show names without asking identity: identity's `identity.user.registered`
 * sets a member, and a user this service has not heard of yet (registered before it existed) is
 * filled in from their session when they first write.
 */
export const members = eventsSchema.table('members', {
  userId: text('user_id').primaryKey(),
  name: text('name').notNull(),
  isTeacher: boolean('is_teacher').notNull(),
});

export const outbox = outboxTable(eventsSchema);
export const inbox = inboxTable(eventsSchema);
