import {
  type Book,
  type BookSearchQuery,
  type BookmarkRequest,
  type CreateBookRequest,
  type ReviewRequest,
  type UpdateBookRequest,
} from '@campus/contracts/library';
import type { ModerationDecisionPayload } from '@campus/contracts/events';
import {
  BOOK_MESSAGES,
  DELETED_UPLOADER_ID,
  DELETED_UPLOADER_NAME,
  SIMILAR_BOOKS_LIMIT,
  bookFilePath,
  canonicalBookSubject,
} from '@campus/contracts/library-rules';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor, Tx } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import {
  acceptDecision,
  contentChanged,
  type ModerationCommand,
} from '@campus/service-kit/moderated-content';
import type { Emit, Transact } from '@campus/service-kit/unit-of-work';
import { z } from 'zod';
import { createBookStore, type BookRecord, type BookRow } from '../data/book-store';
import { removeUnusedBlobs } from '../data/book-file-store';
import { books as booksTable } from '../data/schema';
import type { BookFiles } from './book-files';

const BookId = z.uuid();

/** An id from a path: anything that is not a book id is simply a book that does not exist. */
function parseBookId(id: string): string {
  const parsed = BookId.safeParse(id);
  if (!parsed.success) throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
  return parsed.data;
}

/** Where a book is seen in the app (the library remote's book page): content events and notifications link there. */
export const bookLink = (id: string) => `/library/books/${id}`;

/**
 * A book as the API shows it (the spec's field names; absent optional fields left out). `viewerId`
 * is who asks: only the uploader is told that (and why) a moderator hid it.
 */
function toBook(r: BookRecord, viewerId?: string): Book {
  return {
    _id: r.id,
    title: r.title,
    subject: r.subject,
    branch: r.branch,
    ...(r.semester === null ? {} : { semester: r.semester }),
    tags: r.tags,
    // A book with only a PDF answers the PDF's address as its link: a spec client's View opens it.
    driveLink: r.driveLink ?? (r.file ? bookFilePath(r.file.key) : ''),
    ...(r.file
      ? {
          fileUrl: bookFilePath(r.file.key),
          previewUrl: bookFilePath(r.file.previewKey),
          previewWidth: r.file.previewWidth,
          previewHeight: r.file.previewHeight,
          filePages: r.file.pages,
          fileSize: r.file.size,
        }
      : {}),
    ...(r.uploadedBy === null
      ? { uploadedBy: DELETED_UPLOADER_ID, uploaderName: DELETED_UPLOADER_NAME }
      : {
          uploadedBy: r.uploadedBy,
          ...(r.uploaderName === null ? {} : { uploaderName: r.uploaderName }),
        }),
    likesCount: r.likesCount,
    likes: r.likes,
    ...(r.verifiedBy === null ? {} : { verifiedBy: r.verifiedBy }),
    status: r.status,
    ...(r.declineReason === null ? {} : { declineReason: r.declineReason }),
    createdAt: r.createdAt.toISOString(),
    editedAt: r.editedAt?.toISOString() ?? null,
    version: r.version,
    ...(r.moderation === 'hidden' && viewerId === r.uploadedBy
      ? { moderation: { state: 'hidden' as const, reason: r.moderationReason ?? '' } }
      : {}),
  };
}

/** A book as moderators read it (`library.content.changed`): its headline, and the rest as text. */
export function bookContent(
  row: BookRow,
  change: 'published' | 'edited' | 'deleted',
  version: number,
  at: Date,
) {
  const facts = [
    row.subject,
    row.branch,
    row.semester === null ? '' : `Semester ${row.semester}`,
    row.tags.length ? `Tags: ${row.tags.join(', ')}` : '',
    row.driveLink ?? '',
    row.file ? `PDF: ${row.file.name} (${row.file.pages} pages) ${bookFilePath(row.file.key)}` : '',
  ];
  return contentChanged({
    targetType: 'book',
    targetId: row.id,
    link: bookLink(row.id),
    authorId: row.uploadedBy ?? DELETED_UPLOADER_ID,
    authorName: row.uploadedBy === null ? DELETED_UPLOADER_NAME : (row.uploaderName ?? ''),
    anonymous: false,
    title: row.title,
    text: facts.filter(Boolean).join('\n'),
    change,
    version,
    at,
  });
}

export interface BookPage {
  books: Book[];
  page: number;
  total: number;
  pages: number;
}

type PageQuery = { page: number; limit: number };

/** The events the library's rules emit (its service definition produces them). */
export type BookEvent =
  'library.book.submitted' | 'library.book.reviewed' | 'library.book.deleted' | 'library.content.changed';

/** What an edit answered: the book, and whether it went (back) to review. */
export interface EditedBook {
  book: Book;
  toReview: boolean;
}

/** The library's rules: who may upload, like, bookmark and review, and what each answer holds. */
export function createBooks(deps: {
  db: Db;
  transact: Transact<BookEvent>;
  now: () => Date;
  files: BookFiles;
}) {
  const { db, transact, now, files } = deps;
  const store = createBookStore(db);
  const pageOf = (query: PageQuery, found: { items: BookRecord[]; total: number }): BookPage => ({
    books: found.items.map((r) => toBook(r)),
    page: query.page,
    total: found.total,
    pages: pageCount(found.total, query.limit),
  });

  /** Likes and bookmarks are for books the catalogue shows: pending, declined or hidden ones are not found. */
  async function acceptedBook(executor: DbExecutor, rawId: string): Promise<BookRow> {
    const row = await store.find(executor, parseBookId(rawId));
    if (!row || row.status !== 'accepted' || row.moderation === 'hidden')
      throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
    return row;
  }

  /**
   * Deletes a book as its uploader would (a moderator's delete is the same): its likes and
   * bookmarks go with it, moderation learns it is gone, and the profile's counts follow.
   */
  async function deleteBook(tx: Tx, emit: Emit<BookEvent>, book: BookRow): Promise<boolean> {
    const gone = await store.remove(tx, book.id);
    if (!gone) return false;
    // Its PDF's upload went with it (foreign key): the PDF and preview go unless another upload names them.
    if (gone.file) await removeUnusedBlobs(tx);
    await emit('library.content.changed', bookContent(gone, 'deleted', gone.version + 1, now()));
    // A book kept from a deleted account counts on nobody's profile any more.
    if (gone.uploadedBy !== null)
      await emit('library.book.deleted', { bookId: gone.id, uploadedBy: gone.uploadedBy });
    return true;
  }

  return {
    async search(query: z.output<typeof BookSearchQuery>): Promise<BookPage> {
      const found = await store.search({
        q: query.q,
        subject: query.subject,
        sort: query.sort,
        ...pageWindow(query),
      });
      return pageOf(query, found);
    },

    async create(user: AuthUser, data: z.output<typeof CreateBookRequest>): Promise<Book> {
      return transact(async (tx, emit) => {
        const inserted = await store.insert(tx, {
          title: data.title,
          branch: data.branch,
          subject: data.subject,
          semester: data.semester ?? null,
          tags: data.tags,
          driveLink: data.driveLink ?? null,
          uploadedBy: user.id,
          uploaderName: user.name,
          createdAt: now(),
        });
        // The PDF must be this user's upload that no book took yet (issue 27).
        const row = data.fileUrl
          ? ((await store.update(tx, inserted.id, {
              file: await files.attach(tx, user, data.fileUrl, inserted.id),
            })) ?? inserted)
          : inserted;
        await emit('library.book.submitted', {
          bookId: row.id,
          uploadedBy: user.id,
          subject: row.subject,
          title: row.title,
        });
        await emit('library.content.changed', bookContent(row, 'published', row.version, row.createdAt));
        return toBook((await store.withLikes(tx, [row]))[0]!, user.id);
      });
    },

    /**
     * One book: anyone sees an accepted book no moderator has hid; its uploader sees it in any state
     * (pending, declined, hidden with the reason). For everyone else the others do not exist.
     */
    async get(viewer: AuthUser | undefined, rawId: string): Promise<Book> {
      const row = await store.find(db, parseBookId(rawId));
      const own = row !== undefined && viewer?.id === row.uploadedBy;
      if (!row || (!own && (row.status !== 'accepted' || row.moderation === 'hidden')))
        throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
      return toBook((await store.withLikes(db, [row]))[0]!, viewer?.id);
    },

    /**
     * "More like this" on a book's page: accepted, visible books of the same subject and semester,
     * never the book itself, most liked first. The book itself must be one the viewer may see.
     */
    async similar(viewer: AuthUser | undefined, rawId: string): Promise<Book[]> {
      const row = await store.find(db, parseBookId(rawId));
      const own = row !== undefined && viewer?.id === row.uploadedBy;
      if (!row || (!own && (row.status !== 'accepted' || row.moderation === 'hidden')))
        throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
      const rows = await store.similar(db, row, SIMILAR_BOOKS_LIMIT);
      return (await store.withLikes(db, rows)).map((r) => toBook(r, viewer?.id));
    },

    /**
     * The book for the owner check (requireOwner): undefined for an id that names no book, and for a
     * hidden book that is not the caller's (GET answers them 404: a 403 would tell them it exists).
     */
    async findForOwnerCheck(rawId: string, caller: AuthUser): Promise<BookRow | undefined> {
      const parsed = BookId.safeParse(rawId);
      const row = parsed.success ? await store.find(db, parsed.data) : undefined;
      return row && (row.moderation !== 'hidden' || row.uploadedBy === caller.id) ? row : undefined;
    },

    /**
     * The uploader's edit (ADR 0061, issue 26). A declined book edited goes back to review
     * (corrected and resubmitted); an accepted one only when its link or subject changes, since
     * that is what the teacher vouched for; a title, branch, semester or tag fix keeps it accepted.
     * Going (back) to review clears the verdict and announces the book again, so the teachers of its
     * (maybe new) subject see it; so does a pending book moved to another subject.
     */
    async edit(
      user: AuthUser,
      rawId: string,
      changes: z.output<typeof UpdateBookRequest>,
    ): Promise<EditedBook> {
      const id = parseBookId(rawId);
      return transact(async (tx, emit) => {
        const book = await store.findForUpdate(tx, id);
        if (!book) throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
        if (book.uploadedBy !== user.id) throw AppError.forbidden(BOOK_MESSAGES.notOwner, 'NOT_OWNER');
        const subject = changes.subject ?? book.subject;
        const driveLink = changes.driveLink ?? book.driveLink;
        const relinked = subject !== book.subject || driveLink !== book.driveLink;
        const toReview = book.status === 'declined' || (book.status === 'accepted' && relinked);
        const row = await store.update(tx, id, {
          title: changes.title ?? book.title,
          branch: changes.branch ?? book.branch,
          subject,
          driveLink,
          semester: changes.semester === undefined ? book.semester : changes.semester,
          tags: changes.tags ?? book.tags,
          version: book.version + 1,
          editedAt: now(),
          ...(toReview
            ? { status: 'pending', verifiedBy: null, reviewedBy: null, reviewedAt: null, declineReason: null }
            : {}),
        });
        if (!row) throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
        if (toReview || (row.status === 'pending' && subject !== book.subject))
          await emit('library.book.submitted', {
            bookId: row.id,
            uploadedBy: user.id,
            subject: row.subject,
            title: row.title,
          });
        await emit('library.content.changed', bookContent(row, 'edited', row.version, row.editedAt ?? now()));
        return { book: toBook((await store.withLikes(tx, [row]))[0]!, user.id), toReview };
      });
    },

    /** The uploader's delete; the 404 and 403 as for an edit. */
    async remove(user: AuthUser, rawId: string): Promise<string> {
      const id = parseBookId(rawId);
      return transact(async (tx, emit) => {
        const book = await store.findForUpdate(tx, id);
        if (!book) throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
        if (book.uploadedBy !== user.id) throw AppError.forbidden(BOOK_MESSAGES.notOwner, 'NOT_OWNER');
        await deleteBook(tx, emit, book);
        return id;
      });
    },

    /**
     * A moderator's (or the reports') decision about a book, in the decision event's transaction.
     * Hide and restore change the book's visibility (moderation already knows, so no content event);
     * delete is the uploader's delete. A repeat changes nothing; a book already gone is no error.
     */
    async moderate(
      tx: Tx,
      command: ModerationCommand,
      decision: ModerationDecisionPayload,
      emit: Emit<BookEvent>,
    ): Promise<void> {
      const parsed = BookId.safeParse(decision.targetId);
      if (!parsed.success) return;
      const book = await store.findForUpdate(tx, parsed.data);
      if (!book) return;
      // Under the row lock: a decision older than the last applied is skipped (out of order).
      if (!(await acceptDecision(tx, booksTable, booksTable.id, book.id, decision))) return;
      if (command === 'delete') await deleteBook(tx, emit, book);
      else
        await store.setModeration(
          tx,
          book.id,
          command === 'hide'
            ? { state: 'hidden', reason: decision.reason }
            : { state: 'visible', reason: null },
        );
    },

    /** Once per user: a second like changes nothing and answers the same list. There is no unlike. */
    async like(user: AuthUser, id: string): Promise<{ likes: string[]; likesCount: number }> {
      return transact(async (tx) => {
        const book = await acceptedBook(tx, id);
        await store.addLike(tx, book.id, user.id, now());
        const likes = await store.likesOf(tx, book.id);
        return { likes, likesCount: likes.length };
      });
    },

    async bookmark(user: AuthUser, { bookId }: z.output<typeof BookmarkRequest>): Promise<string> {
      const book = await acceptedBook(db, bookId);
      await store.addBookmark(user.id, book.id, now());
      return book.id;
    },

    /** Removing a bookmark that is not there is fine: the outcome the user wants already holds. */
    async removeBookmark(user: AuthUser, id: string): Promise<string> {
      const bookId = parseBookId(id);
      await store.removeBookmark(user.id, bookId);
      return bookId;
    },

    async bookmarksOf(user: AuthUser, query: PageQuery): Promise<BookPage> {
      return pageOf(query, await store.bookmarksOf(user.id, pageWindow(query)));
    },

    /** Pending books in the reviewer's subjects (as learnt from the profile service), oldest first; never their own. */
    async pendingFor(reviewer: AuthUser, query: PageQuery): Promise<BookPage> {
      return pageOf(query, await store.pendingFor(reviewer.id, pageWindow(query)));
    },

    /**
     * A book is reviewed once, by a teacher of its subject who did not upload it; the verdict is an
     * event. A decline may carry the teacher's reason for the uploader; an accept keeps none.
     * The book is read locked: an edit racing the review (a new subject, a swapped link) either ends
     * before it, and is what the checks see, or waits for the verdict. With `version`, the verdict
     * is for the book as the reviewer saw it, or none (409 BOOK_CHANGED).
     */
    async review(
      reviewer: AuthUser,
      rawId: string,
      { status, reason, version }: z.output<typeof ReviewRequest>,
    ): Promise<Book> {
      const id = parseBookId(rawId);
      const verdict = status === 1 ? 'accepted' : 'declined';
      const declineReason = verdict === 'declined' ? (reason ?? null) : null;
      return transact(async (tx, emit) => {
        const book = await store.findForUpdate(tx, id);
        // A hidden book waits for the moderators, not the reviewers: it is out of their queue too.
        if (!book || book.moderation === 'hidden') throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
        if (book.uploadedBy === reviewer.id) throw AppError.forbidden(BOOK_MESSAGES.ownBook);
        const profile = await store.reviewer(tx, reviewer.id);
        if (!profile?.bookSubjects.includes(book.subject))
          throw AppError.forbidden(BOOK_MESSAGES.notYourSubject);
        if (book.status !== 'pending')
          throw AppError.conflict(BOOK_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
        if (version !== undefined && version !== book.version)
          throw AppError.conflict(BOOK_MESSAGES.bookChanged, 'BOOK_CHANGED');
        // The status guard makes two reviewers racing on one book end with exactly one verdict.
        const row = await store.setVerdict(tx, id, {
          status: verdict,
          verifiedBy: reviewer.name,
          reviewedBy: reviewer.id,
          reviewedAt: now(),
          declineReason,
        });
        // A book kept from a deleted account is accepted already (never pending): no verdict to give.
        if (!row || row.uploadedBy === null)
          throw AppError.conflict(BOOK_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
        await emit('library.book.reviewed', {
          bookId: row.id,
          uploadedBy: row.uploadedBy,
          reviewerId: reviewer.id,
          verifiedBy: reviewer.name,
          status: verdict,
          ...(declineReason ? { reason: declineReason } : {}),
          title: row.title,
        });
        return toBook((await store.withLikes(tx, [row]))[0]!);
      });
    },

    /**
     * Records a teacher's subjects from `profile.teacher.updated`, in the book spelling. An update
     * older than the one stored is ignored (events may arrive out of order).
     */
    async recordReviewer(
      executor: DbExecutor,
      teacher: { userId: string; name: string; department: string; subjects: string[] },
      occurredAt: Date,
    ): Promise<void> {
      if (!BookId.safeParse(teacher.userId).success) return;
      const bookSubjects = [
        ...new Set(teacher.subjects.map(canonicalBookSubject).filter((s) => s !== undefined)),
      ];
      await store.upsertReviewer(executor, {
        userId: teacher.userId,
        name: teacher.name,
        department: teacher.department,
        subjects: teacher.subjects,
        bookSubjects,
        updatedAt: occurredAt,
      });
    },
  };
}
export type Books = ReturnType<typeof createBooks>;
