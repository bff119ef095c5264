import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { idempotencyKeyTable } from '@campus/service-kit/idempotency';
import { inboxTable } from '@campus/service-kit/inbox';
import { outboxTable } from '@campus/service-kit/outbox';
import { scheduledJobTable } from '@campus/service-kit/scheduled-job';
import { moderatedContentColumns } from '@campus/service-kit/moderated-content';
import { blobTable } from '@campus/service-kit/uploads/postgres-blob-store';

/** Everything of the events service lives in its own schema (and its own database in production). */
export const eventsSchema = pgSchema('events');

/** One poster variant as stored: the blob's key and its size in pixels. */
export interface StoredPosterVariant {
  key: string;
  width: number;
  height: number;
}

/**
 * A poster someone uploaded: who, and its variants (blobs in `blobs`). An event refers to one
 * poster of its author; a poster no event took is removed by the expiry job after a day.
 */
export const posters = eventsSchema.table(
  'posters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The largest variant's key: what `posterUrl` names. */
    key: text('key').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    variants: jsonb('variants').$type<StoredPosterVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('posters_key_idx').on(t.key, t.uploadedBy), index('posters_created_idx').on(t.createdAt)],
);

/**
 * The spec's event. Deleted, with its poster, EVENT_LIFETIME_DAYS after `endsAt` (after `createdAt`
 * when undated), or when its
 * author (or a moderator) deletes it. `postedByName` is the author's name from their session when
 * they posted or last edited it: only for the moderation snapshot (`events.content.changed`), which
 * a moderator's delete also sends; no answer shows it ('' for events posted before it was kept).
 */
export const events = eventsSchema.table(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title'),
    description: text('description'),
    posterId: uuid('poster_id')
      .notNull()
      .unique()
      .references(() => posters.id),
    registerLink: text('register_link').notNull(),
    instagramLink: text('instagram_link'),
    views: integer('views').notNull().default(0),
    postedBy: text('posted_by').notNull(),
    postedByName: text('posted_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When it starts and ends (both or neither: the spec's form posted undated events). */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    /** Where: a hall or room, or 'Online'. */
    venue: text('venue'),
    /** Seats: going beyond it is waitlisted (event_rsvps); null for no limit. */
    capacity: integer('capacity'),
    ...moderatedContentColumns(),
  },
  (t) => [
    index('events_newest_idx').on(t.createdAt, t.id),
    // The upcoming list (soonest start first) and the past list (latest end first).
    index('events_starts_idx').on(t.startsAt, t.id),
    index('events_ends_idx').on(t.endsAt, t.id),
  ],
);

/**
 * Who has been counted as a view of an event on a day (UTC, on the service's clock): an event's
 * `views` grows only when a row goes in here. `viewer` is `u:<user id>` for a signed-in user, or
 * `g:<hash>` for a guest (the day, the client's address and its user agent, hashed); `address` is
 * the hash of the day and the guest's address alone (guests from one address are counted up to a
 * ceiling). No foreign key: a view of an event deleted meanwhile must not fail; the expiry job
 * removes rows of past days.
 */
export const eventViews = eventsSchema.table(
  'event_views',
  {
    eventId: uuid('event_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
    address: text('address'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.viewer] }), index('event_views_day_idx').on(t.day)],
);

/**
 * Who answered an event (issue 27): going, interested, or waitlisted (asked for going while it was
 * full). `seq` is the order of arrival: every answer that changes a status takes a new one, under
 * the event's row lock, so the waitlist moves up by it. `userName` is the name from their session
 * when they answered: what the organiser's list shows. No foreign key: the event's delete removes
 * its rows in the same transaction (store.delete, expiry, forget).
 */
export const eventRsvps = eventsSchema.table(
  'event_rsvps',
  {
    eventId: uuid('event_id').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    status: text('status', { enum: ['going', 'interested', 'waitlisted'] }).notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_rsvps_order_idx').on(t.eventId, t.status, t.seq),
    index('event_rsvps_user_idx').on(t.userId),
  ],
);

/**
 * The reminders sent (issue 27): one row per event, window ('24h' or '1h') and start, written by
 * the reminder job in the same transaction as the events.event.reminder it puts in the outbox, so
 * each goes out once whatever runs it twice; an event moved to another start is reminded of it
 * again. No foreign key: the event's delete removes its rows in the same transaction.
 */
export const eventReminders = eventsSchema.table(
  'event_reminders',
  {
    eventId: uuid('event_id').notNull(),
    window: text('reminder_window', { enum: ['24h', '1h'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** How many were going (and told) when it went out. */
    going: integer('going').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.window, t.startsAt] })],
);

export const blobs = blobTable(eventsSchema);
export const scheduledJobs = scheduledJobTable(eventsSchema);
export const outbox = outboxTable(eventsSchema);
/** Moderation's decisions handled (hide, restore, delete): a redelivered one is skipped. */
export const inbox = inboxTable(eventsSchema);
/** Idempotency-Keys of its creates (one create per intent: a retry or a double tap replays the first answer). */
export const idempotencyKeys = idempotencyKeyTable(eventsSchema);
