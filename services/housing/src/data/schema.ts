import { check, date, index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idempotencyKeyTable } from '@campus/service-kit/idempotency';
import { inboxTable } from '@campus/service-kit/inbox';
import { memberTable } from '@campus/service-kit/member-directory';
import { outboxTable } from '@campus/service-kit/outbox';

/** Everything of the housing service lives in its own schema (and its own database in production). */
export const housingSchema = pgSchema('housing');

/**
 * A flat / room-mate request (spec §3). Changes: edit here, then `npm run db:generate -w services/housing`.
 * The indexes serve the list's orders (newest first, rent) and a user's own list.
 */
export const flats = housingSchema.table(
  'flats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    genderPreference: text('gender_preference').notNull().default('any'),
    rent: integer('rent').notNull(),
    moveInDate: date('move_in_date', { mode: 'string' }).notNull(),
    contactInfo: text('contact_info').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('flats_newest_idx').on(t.createdAt, t.id),
    index('flats_owner_idx').on(t.userId, t.createdAt),
    index('flats_rent_idx').on(t.rent, t.createdAt),
    check('flats_gender_preference_check', sql`${t.genderPreference} in ('any', 'male', 'female')`),
    check('flats_rent_check', sql`${t.rent} >= 0`),
  ],
);

/** Who is who, so cards show the owner's name without asking identity. */
export const members = memberTable(housingSchema);

export const outbox = outboxTable(housingSchema);
export const inbox = inboxTable(housingSchema);
/** Idempotency-Keys of its creates (one create per intent: a retry or a double tap replays the first answer). */
export const idempotencyKeys = idempotencyKeyTable(housingSchema);
