import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idempotencyKeyTable } from '@campus/service-kit/idempotency';
import { inboxTable } from '@campus/service-kit/inbox';
import { memberTable } from '@campus/service-kit/member-directory';
import { outboxTable } from '@campus/service-kit/outbox';
import { scheduledJobTable } from '@campus/service-kit/scheduled-job';

/** Everything of the notifications service lives in its own schema (and its own database in production). */
export const notificationsSchema = pgSchema('notifications');

/**
 * Every change to a notification takes the next number: the stream's event id, so a client that
 * reconnects with `Last-Event-ID: n` gets exactly what changed after n.
 */
export const changeSequence = notificationsSchema.sequence('change_seq');

/**
 * One notification of one user. `group_key` gathers causes that read as one ("5 new comments on
 * ..."): while a notification is unread, a cause with the same key updates it (count + 1, newest
 * text and link, a new `seq`) instead of adding a row; the partial unique index makes that an upsert
 * that holds under concurrency. `actor_name` is null for many actors; an anonymous actor is stored
 * as the words 'Anonymous User', never an id (no actor id is kept at all).
 *
 * `in_app` false: the user turned the kind off in the app but gets it by email; the row only holds
 * the mail's content. It is stored read (never grouped, never counted, pruned like any read one)
 * and no list or count shows it.
 */
export const notifications = notificationsSchema.table(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    groupKey: text('group_key'),
    text: text('text').notNull(),
    link: text('link').notNull(),
    actorName: text('actor_name'),
    count: integer('count').notNull().default(1),
    read: boolean('read').notNull().default(false),
    inApp: boolean('in_app').notNull().default(true),
    /** When the first cause arrived. */
    createdAt: timestamp('created_at', {
      withTimezone: true,
      mode: 'date',
    }).notNull(),
    /** When the newest cause arrived: the list's order (reading it does not move it). */
    updatedAt: timestamp('updated_at', {
      withTimezone: true,
      mode: 'date',
    }).notNull(),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('notifications.change_seq')`),
  },
  (t) => [
    index('notifications_list_idx')
      .on(t.userId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.inApp}`),
    index('notifications_changes_idx').on(t.userId, t.seq),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.read}`),
    uniqueIndex('notifications_open_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`not ${t.read} and ${t.groupKey} is not null`),
    index('notifications_prune_idx')
      .on(t.updatedAt)
      .where(sql`${t.read}`),
  ],
);

/** A user's choice for one kind; a kind without a row has its declared defaults. */
export const preferences = notificationsSchema.table(
  'preferences',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: text('email').notNull(),
    updatedAt: timestamp('updated_at', {
      withTimezone: true,
      mode: 'date',
    }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Where a user's email goes: from identity's `identity.user.registered`, nothing else. */
export const addresses = notificationsSchema.table('addresses', {
  userId: text('user_id').primaryKey(),
  email: text('email').notNull(),
});

/**
 * Which subjects a teacher reviews (profile's `profile.teacher.updated`), in the book spelling, as
 * the library service matches them (`canonicalBookSubject`): a book's subject is one `=` away.
 */
export const teacherSubjects = notificationsSchema.table(
  'teacher_subjects',
  {
    userId: text('user_id').notNull(),
    subject: text('subject').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subject] }),
    index('teacher_subjects_subject_idx').on(t.subject),
  ],
);

/**
 * When each teacher's subjects were last set (the event's `occurredAt`): an update older than the
 * stored one arrives late and is ignored, as the library service does.
 */
export const reviewers = notificationsSchema.table('reviewers', {
  userId: text('user_id').primaryKey(),
  updatedAt: timestamp('updated_at', {
    withTimezone: true,
    mode: 'date',
  }).notNull(),
});

/**
 * Mail to send: written in the notification's transaction (an outbox for email), sent by the
 * service's mail job once across replicas. `delivery` 'instant' is one message for one
 * notification; 'daily' rows wait for the user's digest and go out together. While a row is unsent,
 * it stays the only one for its notification: a grouped notification's later causes change what
 * the mail says, not how many mails go.
 */
export const outgoingMail = notificationsSchema.table(
  'outgoing_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    kind: text('kind').notNull(),
    delivery: text('delivery').notNull(),
    createdAt: timestamp('created_at', {
      withTimezone: true,
      mode: 'date',
    }).notNull(),
    /** When it was done with (how: `outcome`); null while it waits to be sent. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * When it may be tried next. An instant row's null means at once; a daily row's null means it
     * waits for the day's digest, whose job sets it. Claiming a row for sending sets it ahead to its
     * retry time, so no replica takes it again while it is being sent.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    /** Once done: 'sent', 'skipped' (email turned off since, no address, too old) or 'failed' (gave up). */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('outgoing_mail_due_idx')
      .on(t.delivery, t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    index('outgoing_mail_user_idx').on(t.userId),
    // One unsent mail per notification: further causes of a grouped one update what it will say.
    uniqueIndex('outgoing_mail_pending_idx')
      .on(t.notificationId)
      .where(sql`${t.sentAt} is null`),
    index('outgoing_mail_notification_idx').on(t.notificationId),
  ],
);

/** Who is who (names and roles; the kit's members directory). */
export const members = memberTable(notificationsSchema);

export const outbox = outboxTable(notificationsSchema);
export const inbox = inboxTable(notificationsSchema);
export const idempotencyKeys = idempotencyKeyTable(notificationsSchema);
/** When the prune, mail and digest jobs last ran: shared by every replica, kept across restarts. */
export const scheduledJobs = scheduledJobTable(notificationsSchema);
