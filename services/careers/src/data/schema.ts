import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { moderatedContentColumns } from '@campus/service-kit/moderated-content';
import { outboxTable } from '@campus/service-kit/outbox';
import { scheduledJobTable } from '@campus/service-kit/scheduled-job';

/** Everything of the careers service lives in its own schema (and its own database in production). */
export const careersSchema = pgSchema('careers');

/** Job posts (spec §3). Optional text is '' when not given, so the wire always carries every field. */
export const jobPosts = careersSchema.table(
  'job_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postedBy: text('posted_by').notNull(),
    companyName: text('company_name').notNull(),
    role: text('role').notNull(),
    jobDescription: text('job_description').notNull(),
    jobType: text('job_type', { enum: ['Full-Time', 'Intern', 'Part-Time'] }).notNull(),
    salary: text('salary').notNull(),
    city: text('city').notNull().default(''),
    jobLink: text('job_link').notNull().default(''),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The last day to apply (issue 28), or null; past it, the post leaves the open list. */
    applyBy: date('apply_by', { mode: 'string' }),
    /**
     * The apply-by date whose closing reminder went out to the students who saved the post (issue
     * 28), or null: one reminder per post and date (a later date, after an edit, gets its own).
     */
    closingRemindedFor: date('closing_reminded_for', { mode: 'string' }),
    /** The author's name from their session (at posting, then at each edit), for moderation's events only: never answered. */
    authorName: text('author_name').notNull().default(''),
    ...moderatedContentColumns(),
  },
  (t) => [
    check('job_posts_job_type_check', sql`${t.jobType} in ('Full-Time', 'Intern', 'Part-Time')`),
    // The list, newest first; and one user's own posts, newest first.
    index('job_posts_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('job_posts_posted_by_newest_idx').on(t.postedBy, t.createdAt.desc(), t.id.desc()),
    // Closing soon: the open posts with an apply-by date, soonest first.
    index('job_posts_apply_by_idx').on(t.applyBy, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A student's application tracker (issue 28): one row per user and job post they track, private to
 * them. `history` holds each status with when it was set, oldest first. Goes with the post.
 */
export const jobTracks = careersSchema.table(
  'job_tracks',
  {
    userId: text('user_id').notNull(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobPosts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['saved', 'applied', 'interviewing', 'offer', 'rejected'] }).notNull(),
    note: text('note').notNull().default(''),
    history: jsonb('history').$type<Array<{ status: string; at: string }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.jobId] }),
    check(
      'job_tracks_status_check',
      sql`${t.status} in ('saved', 'applied', 'interviewing', 'offer', 'rejected')`,
    ),
    index('job_tracks_job_idx').on(t.jobId),
  ],
);

/**
 * Interview experiences (spec §3). `search_document` (a generated tsvector over company, role and
 * the rounds' text, with its GIN index) and `company_key` (the folded company name) are added by the
 * hand-written migration 0001_search, because they call the immutable SQL functions it defines (ADR
 * 0060, as the library). Queries reach them through data/interview-search-sql.ts.
 */
export const interviews = careersSchema.table(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    role: text('role').notNull(),
    interviewRounds: integer('interview_rounds'),
    interviewRoundsDescription: text('interview_rounds_description').notNull().default(''),
    interviewDate: date('interview_date', { mode: 'string' }),
    salary: text('salary').notNull(),
    interviewDifficulty: text('interview_difficulty', { enum: ['Easy', 'Medium', 'Hard', 'Difficult'] }),
    city: text('city').notNull().default(''),
    jobType: text('job_type', { enum: ['Full-Time', 'Intern', 'Part-Time', 'Intern + FT'] }),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    /**
     * The author; null once they deleted their account and chose to keep what they wrote
     * (identity.user.deleted, 'anonymise'): the experience stays, by "Deleted user", naming nobody.
     */
    postedBy: text('posted_by'),
    /** Null when shared anonymously. */
    uploaderName: text('uploader_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The author's name from their session, even when anonymous (as `postedBy` is kept, ADR 0091):
     * it goes only into moderation's content events, which no public answer carries.
     */
    authorName: text('author_name').notNull().default(''),
    ...moderatedContentColumns(),
  },
  (t) => [
    check('interviews_rounds_check', sql`${t.interviewRounds} between 1 and 20`),
    check(
      'interviews_difficulty_check',
      sql`${t.interviewDifficulty} in ('Easy', 'Medium', 'Hard', 'Difficult')`,
    ),
    check(
      'interviews_job_type_check',
      sql`${t.jobType} in ('Full-Time', 'Intern', 'Part-Time', 'Intern + FT')`,
    ),
    // Browse orders: newest shared (default), interview date newest and oldest first.
    index('interviews_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('interviews_date_desc_idx').on(t.interviewDate.desc(), t.createdAt.desc(), t.id.desc()),
    index('interviews_date_asc_idx').on(t.interviewDate.asc(), t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * How many interview experiences there are, kept by a trigger in the same transaction as each
 * insert or delete (migration 0002): browsing reads `total` here instead of counting every row.
 */
export const interviewCounts = careersSchema.table('interview_counts', {
  scope: text('scope').primaryKey(),
  interviews: bigint('interviews', { mode: 'number' }).notNull(),
});

export const outbox = outboxTable(careersSchema);
export const inbox = inboxTable(careersSchema);
/** Idempotency-Keys of its creates (one create per intent: a retry or a double tap replays the first answer). */
export const idempotencyKeys = idempotencyKeyTable(careersSchema);
/** When each scheduled job last ran (announce-existing-content), shared by every replica. */
export const scheduledJobs = scheduledJobTable(careersSchema);
