import { sql } from 'drizzle-orm';
import {
  check,
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
import { blobTable } from '@campus/service-kit/uploads/postgres-blob-store';

/** A book's uploaded PDF and its first page's preview (blobs in `blobs`), as a book row keeps it. */
export interface BookFile {
  key: string;
  previewKey: string;
  name: string;
  size: number;
  pages: number;
  previewWidth: number;
  previewHeight: number;
}

export const librarySchema = pgSchema('library');

/**
 * Books and notes. `search_document` (a generated tsvector over title, tags and subject, with its
 * GIN index) is added by the hand-written migration 0001_search, because it calls the immutable
 * SQL functions that migration defines; queries reach it through data/search-sql.ts.
 */
export const books = librarySchema.table(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    branch: text('branch').notNull(),
    semester: integer('semester'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null for a book that carries only an uploaded PDF (issue 27). */
    driveLink: text('drive_link'),
    /** The uploaded PDF and its preview, when the book has one (issue 27). */
    file: jsonb('file').$type<BookFile>(),
    /**
     * Null once the uploader deleted their account and chose to leave what they wrote ("Deleted
     * user"): only accepted books are kept so, the rest go with the account (domain/personal-data.ts).
     */
    uploadedBy: uuid('uploaded_by'),
    /** The uploader's name at upload time, for the reviewer's card; null for books from before it was kept (and for a deleted user's). */
    uploaderName: text('uploader_name'),
    // Kept in step with book_likes in the same transaction: sorting by likes needs an indexable column.
    likesCount: integer('likes_count').notNull().default(0),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    verifiedBy: text('verified_by'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The reviewer's optional reason for a decline, shown to the uploader. */
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // version, editedAt (the uploader's last edit), moderation (visible|hidden) and its reason.
    ...moderatedContentColumns(),
  },
  (t) => [
    check('books_status_check', sql`${t.status} in ('pending', 'accepted', 'declined')`),
    // One index per browse order of the accepted catalogue, with and without the subject filter,
    // so a page is read straight off an index whatever the filter and sort.
    index('books_accepted_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'accepted'`),
    index('books_accepted_most_liked_idx')
      .on(t.likesCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'accepted'`),
    index('books_accepted_least_liked_idx')
      .on(t.likesCount.asc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'accepted'`),
    index('books_accepted_subject_newest_idx')
      .on(t.subject, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'accepted'`),
    index('books_accepted_subject_most_liked_idx')
      .on(t.subject, t.likesCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'accepted'`),
    index('books_accepted_subject_least_liked_idx')
      .on(t.subject, t.likesCount.asc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'accepted'`),
    index('books_pending_subject_idx')
      .on(t.subject, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('books_uploaded_by_idx').on(t.uploadedBy),
    // The announce-existing-content job's backlog (books from before moderation); empty once drained.
    index('books_never_announced_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.version} = 0`),
  ],
);

/** One row per (book, user): the primary key is what makes "like once" hold under concurrent clicks. */
export const bookLikes = librarySchema.table(
  'book_likes',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.userId] })],
);

export const bookmarks = librarySchema.table(
  'bookmarks',
  {
    userId: uuid('user_id').notNull(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);

/**
 * Who reviews which subjects, learnt from `profile.teacher.updated`. `bookSubjects` holds the
 * teacher's subjects in the book spelling, so the pending query is one `= any(...)`.
 */
export const reviewers = librarySchema.table('reviewers', {
  userId: uuid('user_id').primaryKey(),
  name: text('name').notNull(),
  department: text('department').notNull(),
  subjects: text('subjects').array().notNull(),
  bookSubjects: text('book_subjects').array().notNull(),
  // The event's occurredAt: a late redelivery of an older update must not overwrite a newer one.
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Accepted books per subject, kept by a trigger (migration 0001_search) in the same transaction as
 * the change, so the browse page's `pages` is one small read instead of counting 100,000 rows.
 */
export const acceptedCounts = librarySchema.table('accepted_counts', {
  subject: text('subject').primaryKey(),
  books: integer('books').notNull().default(0),
});

/**
 * Every PDF a user uploaded (POST /api/book/upload), attached to a book or not yet: who may attach
 * it (its uploader, once), who may read it before its book is accepted, and the per-user quota.
 */
export const bookUploads = librarySchema.table(
  'book_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once its uploader deleted their account and the accepted book carrying it stays. */
    uploadedBy: uuid('uploaded_by'),
    fileKey: text('file_key').notNull(),
    previewKey: text('preview_key').notNull(),
    file: jsonb('file').$type<BookFile>().notNull(),
    /** The book that took it; null until then. The book's delete deletes the upload. */
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('book_uploads_file_key_idx').on(t.fileKey),
    index('book_uploads_preview_key_idx').on(t.previewKey),
    index('book_uploads_uploaded_by_idx').on(t.uploadedBy, t.createdAt),
    index('book_uploads_book_idx').on(t.bookId),
  ],
);

/** The PDFs and previews themselves, in this service's database so any replica serves them. */
export const blobs = blobTable(librarySchema);

export const outbox = outboxTable(librarySchema);
export const inbox = inboxTable(librarySchema);
/** Idempotency-Keys of its creates (one create per intent: a retry or a double tap replays the first answer). */
export const idempotencyKeys = idempotencyKeyTable(librarySchema);
/** When each scheduled job last ran (announce-existing-content), shared by every replica. */
export const scheduledJobs = scheduledJobTable(librarySchema);
