import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idempotencyKeyTable } from '@campus/service-kit/idempotency';
import { inboxTable } from '@campus/service-kit/inbox';
import { memberTable } from '@campus/service-kit/member-directory';
import { moderatedContentColumns } from '@campus/service-kit/moderated-content';
import { outboxTable } from '@campus/service-kit/outbox';
import { scheduledJobTable } from '@campus/service-kit/scheduled-job';
import { blobTable } from '@campus/service-kit/uploads/postgres-blob-store';

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
    // Issue 28: lifestyle tags (null: not said), filled by its owner, and when it leaves the list.
    food: text('food'),
    smoking: text('smoking'),
    sleep: text('sleep'),
    filled: boolean('filled').notNull().default(false),
    // The default serves a previous release's inserts during a rollout; this one always sets it.
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '60 days'`),
    // Who sees the contact: every signed-in student (the spec's behaviour) or only accepted interests.
    contactVisibility: text('contact_visibility').notNull().default('signed-in'),
    // version, editedAt, moderation (visible | hidden) and its reason: owning what you post (issue 26).
    ...moderatedContentColumns(),
  },
  (t) => [
    index('flats_newest_idx').on(t.createdAt, t.id),
    index('flats_owner_idx').on(t.userId, t.createdAt),
    index('flats_rent_idx').on(t.rent, t.createdAt),
    check('flats_gender_preference_check', sql`${t.genderPreference} in ('any', 'male', 'female')`),
    check('flats_rent_check', sql`${t.rent} >= 0`),
    check('flats_food_check', sql`${t.food} in ('veg', 'non-veg', 'any')`),
    check('flats_smoking_check', sql`${t.smoking} in ('no', 'outside', 'yes')`),
    check('flats_contact_visibility_check', sql`${t.contactVisibility} in ('signed-in', 'on-request')`),
    check('flats_sleep_check', sql`${t.sleep} in ('early', 'late', 'flexible')`),
  ],
);

/**
 * A student's "I'm interested" in a request (issue 28): one per student and request, pending until
 * the owner accepts (the student sees the contact) or declines it. Goes with its request.
 */
export const interests = housingSchema.table(
  'interests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flatId: uuid('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('interests_flat_user_unique').on(t.flatId, t.userId),
    index('interests_user_idx').on(t.userId),
    check('interests_status_check', sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);

/** One size of a photo as stored: the blob's key and its size in pixels. */
export interface StoredPhotoVariant {
  key: string;
  width: number;
  height: number;
}

/**
 * A photo someone uploaded for a request (issue 28): its variants (blobs in `blobs`), who uploaded
 * it, and the request it is on with its place there (null until a create or an edit names it; one
 * no request took is removed by the prune job after a day). Deleted with its request.
 */
export const flatPhotos = housingSchema.table(
  'flat_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The largest variant's key: what the request's `photos` URL names. */
    key: text('key').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    flatId: uuid('flat_id').references(() => flats.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    variants: jsonb('variants').$type<StoredPhotoVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('flat_photos_flat_idx').on(t.flatId, t.position),
    index('flat_photos_key_idx').on(t.key, t.uploadedBy),
    index('flat_photos_uploader_idx').on(t.uploadedBy, t.createdAt),
  ],
);

/** Photo variants' bytes, content-addressed (the kit's blob store). */
export const blobs = blobTable(housingSchema);

/** Who is who, so cards show the owner's name without asking identity. */
export const members = memberTable(housingSchema);

export const outbox = outboxTable(housingSchema);
export const inbox = inboxTable(housingSchema);
/** Idempotency-Keys of its creates (one create per intent: a retry or a double tap replays the first answer). */
export const idempotencyKeys = idempotencyKeyTable(housingSchema);
/** When each scheduled job last ran (announce-existing-content), shared by every replica. */
export const scheduledJobs = scheduledJobTable(housingSchema);
