import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { BOOK_STATUSES } from '@campus/contracts/library-rules';
import { inboxTable } from '@campus/service-kit/inbox';
import { outboxTable } from '@campus/service-kit/outbox';

export const profileSchema = pgSchema('profile');

/**
 * One row per user. Created by `identity.user.registered` (name, role) or by the user's first save,
 * whichever comes first; the common data columns of the other role stay null.
 */
export const profiles = profileSchema.table('profiles', {
  userId: text('user_id').primaryKey(),
  name: text('name').notNull(),
  isTeacher: boolean('is_teacher').notNull(),
  department: text('department'),
  subjects: text('subjects')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  graduationYear: integer('graduation_year'),
  branch: text('branch'),
  enrollmentNumber: text('enrollment_number'),
  /** When the user first saved the common data form; null until then. */
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
});

/**
 * What a user has contributed elsewhere, one row per item, learned from events. A count is the
 * number of live rows, so the outcome does not depend on the order events arrive in: a delete seen
 * before its create leaves a tombstone that the late create cannot revive. Each event fills only
 * its own columns (the create: title, subject, time; a book's verdict: status, reviewer, time), so
 * whichever arrives first creates the row and the other completes it (ADR 0072).
 */
export const contributions = profileSchema.table(
  'contributions',
  {
    kind: text('kind', { enum: ['book', 'job', 'room_request'] }).notNull(),
    itemId: text('item_id').notNull(),
    userId: text('user_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** What the create event said the item is (a book's title and subject); null until it arrives. */
    title: text('title'),
    subject: text('subject'),
    /** When the item was created in its own service (the create event's time); null until it arrives. */
    contributedAt: timestamp('contributed_at', { withTimezone: true, mode: 'date' }),
    /** Books only: pending until the library's verdict; null for kinds nobody reviews. */
    status: text('status', { enum: BOOK_STATUSES }),
    /** Books only: the reviewing teacher's name (the book's `verifiedBy`) and when the verdict was given. */
    verifiedBy: text('verified_by'),
    /**
     * Books only: the reviewing teacher's id (library.book.reviewed's reviewerId), so their name can
     * be taken off the verdict when they delete their account; null for verdicts stored before it was kept.
     */
    reviewerId: text('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** Books only: the reviewer's reason for a decline, when one was given. */
    declineReason: text('decline_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    // A deleted teacher's verdicts, found on other people's books (personal data's forget).
    index('contributions_reviewer_idx')
      .on(t.reviewerId)
      .where(sql`${t.reviewerId} is not null`),
    index('contributions_live_by_user_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export type ContributionKind = (typeof contributions.$inferInsert)['kind'];

export const outbox = outboxTable(profileSchema);
export const inbox = inboxTable(profileSchema);
