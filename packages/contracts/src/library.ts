import { z } from 'zod';
import { requiredText, successWith, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';
import {
  BOOK_MESSAGES,
  BOOK_STATUSES,
  bookFileKeyOf,
  BOOKMARKS_PAGE_SIZE,
  canonicalBookSubject,
  DECLINE_REASON_MAX_LENGTH,
  isGoogleDriveLink,
  PENDING_PAGE_SIZE,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_PAGE_SIZE,
} from './library-rules';

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** Tags arrive as a list or as the form's comma-separated text: split, trimmed, empties and repeats dropped. */
const tagList = z
  .union([z.string().max(2000), z.array(z.string().max(2000)).max(100)], {
    error: 'Tags must be text separated by commas',
  })
  .optional()
  .transform((v) => {
    const parts = (Array.isArray(v) ? v : (v ?? '').split(',')).flatMap((t) => t.split(','));
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of parts) {
      const tag = raw.trim().replace(/\s+/g, ' ');
      if (tag && !seen.has(tag.toLowerCase())) {
        seen.add(tag.toLowerCase());
        out.push(tag);
      }
    }
    return out;
  })
  .pipe(z.array(z.string().max(40, BOOK_MESSAGES.tagTooLong)).max(20, BOOK_MESSAGES.tagsTooMany));

const semesterNumber = z.coerce
  .number({ error: BOOK_MESSAGES.semesterInvalid })
  .int(BOOK_MESSAGES.semesterInvalid)
  .min(1, BOOK_MESSAGES.semesterInvalid)
  .max(10, BOOK_MESSAGES.semesterInvalid);

/** The upload form's fields, checked the same way on upload and on edit. */
const bookFields = {
  title: requiredText(BOOK_MESSAGES.titleRequired, 200),
  branch: requiredText(BOOK_MESSAGES.branchRequired, 100),
  subject: z
    .string({ error: BOOK_MESSAGES.subjectRequired })
    .trim()
    .min(1, BOOK_MESSAGES.subjectRequired)
    .max(100, BOOK_MESSAGES.subjectUnknown)
    .transform((v, ctx) => {
      const subject = canonicalBookSubject(v);
      if (!subject) {
        ctx.addIssue({ code: 'custom', message: BOOK_MESSAGES.subjectUnknown });
        return z.NEVER;
      }
      return subject;
    }),
  driveLink: z
    .string({ error: BOOK_MESSAGES.driveLinkRequired })
    .trim()
    .min(1, BOOK_MESSAGES.driveLinkRequired)
    .max(2048, BOOK_MESSAGES.driveLinkInvalid)
    .refine(isGoogleDriveLink, BOOK_MESSAGES.driveLinkInvalid),
  semester: z.preprocess(blankToUndefined, semesterNumber.optional()),
  tags: tagList,
};

/** The upload form's field schemas, for a form to take its limits from (maxLengthOf). */
export const bookFieldSchemas = bookFields;

const fileUrlField = z
  .string({ error: BOOK_MESSAGES.fileUnknown })
  .max(2048, BOOK_MESSAGES.fileUnknown)
  .refine((v) => bookFileKeyOf(v) !== undefined, BOOK_MESSAGES.fileUnknown);

/**
 * POST /api/book: the spec's payload (uploadedBy is ignored: the uploader is the signed-in user),
 * plus `fileUrl` (issue 27): a PDF from POST /api/book/upload, as well as or instead of the Drive
 * link. Without a fileUrl the Drive link is required as the spec says.
 */
export const CreateBookRequest = z
  .object({
    ...bookFields,
    driveLink: z
      .string({ error: BOOK_MESSAGES.driveLinkInvalid })
      .optional()
      .transform((v) => (v?.trim() ? v : undefined))
      .pipe(bookFields.driveLink.optional()),
    fileUrl: z
      .string({ error: BOOK_MESSAGES.fileUnknown })
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : undefined))
      .pipe(fileUrlField.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.driveLink === undefined && v.fileUrl === undefined)
      ctx.addIssue({ code: 'custom', path: ['driveLink'], message: BOOK_MESSAGES.driveLinkRequired });
  })
  .meta({ id: 'CreateBookRequest' });
export type CreateBookRequest = z.input<typeof CreateBookRequest>;

/**
 * PATCH /api/book/{id}: the upload form's fields, each optional, with the same messages; at least
 * one. A field left out stays as it is; `semester` null or blank clears it. Identity fields
 * (uploadedBy, status, verifiedBy) are not editable and are dropped.
 */
export const UpdateBookRequest = z
  .object({
    ...bookFields,
    semester: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
      semesterNumber.nullable().optional(),
    ),
  })
  .partial()
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: BOOK_MESSAGES.nothingToChange,
  })
  .meta({ id: 'UpdateBookRequest' });
export type UpdateBookRequest = z.input<typeof UpdateBookRequest>;

/** A book as every endpoint returns it (the spec's field names). */
export const Book = z
  .object({
    _id: z.string(),
    title: z.string(),
    subject: z.string(),
    branch: z.string(),
    semester: z.number().optional(),
    tags: z.array(z.string()),
    /** The Drive link; for a book with only a PDF, the PDF's address (fileUrl), so a spec client's View opens it. */
    driveLink: z.string(),
    /** The uploaded PDF (issue 27), served with range requests: `/api/book/file/<sha256>.pdf`. */
    fileUrl: z.string().optional(),
    /** The first page as a WebP image (480 px wide), and its size for the card's layout. */
    previewUrl: z.string().optional(),
    previewWidth: z.number().int().optional(),
    previewHeight: z.number().int().optional(),
    /** Pages of the PDF. */
    filePages: z.number().int().optional(),
    /** The PDF's size in bytes. */
    fileSize: z.number().int().optional(),
    uploadedBy: UserId,
    /** The uploader's name (for the reviewer's card); absent on books uploaded before it was kept. */
    uploaderName: z.string().optional(),
    likesCount: z.number(),
    likes: z.array(UserId),
    verifiedBy: z.string().optional(),
    status: z.enum(BOOK_STATUSES),
    /** A declined book's reason from the reviewer, when one was given. */
    declineReason: z.string().optional(),
    createdAt: z.string(),
    /** When the uploader last edited it (ISO); null when never edited. */
    editedAt: z.string().nullable(),
    /** Only in the uploader's own answer, and only while a moderator (or the reports) hide it. */
    moderation: z.object({ state: z.literal('hidden'), reason: z.string() }).optional(),
    /** Goes up with every change to the book; a reviewer sends back the one they saw (ReviewRequest). */
    version: z.number().int().optional(),
  })
  .meta({ id: 'Book' });
export type Book = z.infer<typeof Book>;

/** GET /api/book/search query. Every value is plain text: never a pattern, an operator or an object. */
export const BookSearchQuery = z.object({
  q: z
    .string({ error: 'Search text must be text' })
    .max(SEARCH_MAX_QUERY_LENGTH, BOOK_MESSAGES.queryTooLong)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  subject: z
    .string({ error: BOOK_MESSAGES.subjectFilterUnknown })
    .max(100, BOOK_MESSAGES.subjectFilterUnknown)
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim() ?? '';
      if (value === '' || /^all( subjects)?$/i.test(value)) return undefined;
      const subject = canonicalBookSubject(value);
      if (!subject) {
        ctx.addIssue({ code: 'custom', message: BOOK_MESSAGES.subjectFilterUnknown });
        return z.NEVER;
      }
      return subject;
    }),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(['likes_desc', 'likes_asc'], { error: BOOK_MESSAGES.sortInvalid }).optional(),
  ),
  ...pageQuery({ defaultLimit: SEARCH_PAGE_SIZE, maxLimit: SEARCH_MAX_LIMIT }),
});
export type BookSearchQuery = z.output<typeof BookSearchQuery>;

export const BookSearchResponse = z
  .object({
    success: z.literal(true),
    data: z.array(Book),
    pages: z.number(),
    total: z.number(),
    message: z.string(),
  })
  .meta({ id: 'BookSearchResponse' });
export type BookSearchResponse = z.infer<typeof BookSearchResponse>;

export const BookResponse = successWith('BookResponse', Book);
export type BookResponse = z.infer<typeof BookResponse>;

/** Review queue and bookmarks: small pages of cards, every page reachable. */
export const PendingBooksQuery = z.object(
  pageQuery({ defaultLimit: PENDING_PAGE_SIZE, maxLimit: SEARCH_MAX_LIMIT }),
);
export const BookmarksQuery = z.object(
  pageQuery({ defaultLimit: BOOKMARKS_PAGE_SIZE, maxLimit: SEARCH_MAX_LIMIT }),
);

/** GET /api/book/pending/{userId}: the spec's `success, data, message`, plus where the list goes on. */
export const BookListResponse = pagedSuccessWith('BookListResponse', Book);
export type BookListResponse = z.infer<typeof BookListResponse>;

/** DELETE /api/book/{id}: the uploader's delete (its likes and bookmarks go with it). */
export const DeleteBookResponse = successWith('DeleteBookResponse', z.object({ bookId: z.string() }));
export type DeleteBookResponse = z.infer<typeof DeleteBookResponse>;

/** PATCH /api/book/{id}/like (userId in the body is ignored). */
export const LikeResponse = successWith(
  'LikeResponse',
  z.object({ likes: z.array(UserId), likesCount: z.number() }),
);
export type LikeResponse = z.infer<typeof LikeResponse>;

/** PATCH /api/book/bookmark {bookId} (userId ignored); DELETE /api/book/bookmark/{bookId} removes it. */
export const BookmarkRequest = z
  .object({ bookId: z.string({ error: 'bookId is required' }).min(1, 'bookId is required').max(100) })
  .meta({ id: 'BookmarkRequest' });
export type BookmarkRequest = z.input<typeof BookmarkRequest>;

export const BookmarkResponse = successWith(
  'BookmarkResponse',
  z.object({ bookId: z.string(), bookmarked: z.boolean() }),
);
export type BookmarkResponse = z.infer<typeof BookmarkResponse>;

/** GET /api/commonData/bookmarks/{userId}: the spec's shape. */
export const BookmarksResponse = successWith(
  'BookmarksResponse',
  z.object({ booksBookmark: z.array(Book), page: z.number(), pages: z.number(), total: z.number() }),
);
export type BookmarksResponse = z.infer<typeof BookmarksResponse>;

/**
 * PUT /api/book/{id}/status: 1 accepts, 2 declines; verifiedBy is taken from the reviewer's session.
 * `reason` (optional, plain text) tells the uploader why a book was declined; an accept ignores it.
 */
export const ReviewRequest = z
  .object({
    status: z.preprocess(
      (v) => (typeof v === 'string' && /^[12]$/.test(v.trim()) ? Number(v) : v),
      z.union([z.literal(1), z.literal(2)], { error: BOOK_MESSAGES.statusInvalid }),
    ),
    reason: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'The reason must be text' })
        .trim()
        .max(DECLINE_REASON_MAX_LENGTH, BOOK_MESSAGES.reasonTooLong)
        .optional(),
    ),
    /**
     * The book's `version` as the reviewer saw it (the pending list answers it). When the book has
     * changed since (its uploader swapped the link, say), 409 BOOK_CHANGED and no verdict. Optional:
     * a client that sends none reviews the book as it is now.
     */
    version: z
      .number({ error: BOOK_MESSAGES.versionInvalid })
      .int(BOOK_MESSAGES.versionInvalid)
      .min(0, BOOK_MESSAGES.versionInvalid)
      .optional(),
  })
  .meta({ id: 'ReviewRequest' });
export type ReviewRequest = z.input<typeof ReviewRequest>;

/** POST /api/book/upload: where the PDF and its first page's preview are served (issue 27). */
export const BookUploadResponse = z
  .object({
    success: z.literal(true),
    fileUrl: z.string(),
    previewUrl: z.string(),
    previewWidth: z.number().int(),
    previewHeight: z.number().int(),
    pages: z.number().int(),
    size: z.number().int(),
    fileName: z.string(),
  })
  .meta({ id: 'BookUploadResponse' });
export type BookUploadResponse = z.infer<typeof BookUploadResponse>;

/** GET /api/book/{id}/similar: accepted books of the same subject and semester, never the book itself. */
export const SimilarBooksResponse = successWith('SimilarBooksResponse', z.array(Book));
export type SimilarBooksResponse = z.infer<typeof SimilarBooksResponse>;
