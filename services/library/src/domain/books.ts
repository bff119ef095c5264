import {
  type Book,
  type BookSearchQuery,
  type BookmarkRequest,
  type CreateBookRequest,
  type ReviewRequest,
} from '@campus/contracts/library';
import { BOOK_MESSAGES, canonicalBookSubject } from '@campus/contracts/library-rules';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { z } from 'zod';
import { createBookStore, type BookRecord, type BookRow } from '../data/book-store';

const BookId = z.uuid();

/** An id from a path: anything that is not a book id is simply a book that does not exist. */
function parseBookId(id: string): string {
  const parsed = BookId.safeParse(id);
  if (!parsed.success) throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
  return parsed.data;
}

/** A book as the API shows it (the spec's field names; absent optional fields left out). */
function toBook(r: BookRecord): Book {
  return {
    _id: r.id,
    title: r.title,
    subject: r.subject,
    branch: r.branch,
    ...(r.semester === null ? {} : { semester: r.semester }),
    tags: r.tags,
    driveLink: r.driveLink,
    uploadedBy: r.uploadedBy,
    ...(r.uploaderName === null ? {} : { uploaderName: r.uploaderName }),
    likesCount: r.likesCount,
    likes: r.likes,
    ...(r.verifiedBy === null ? {} : { verifiedBy: r.verifiedBy }),
    status: r.status,
    ...(r.declineReason === null ? {} : { declineReason: r.declineReason }),
    createdAt: r.createdAt.toISOString(),
  };
}

export interface BookPage {
  books: Book[];
  page: number;
  total: number;
  pages: number;
}

type PageQuery = { page: number; limit: number };

/** The events the library's rules emit (its service definition produces them). */
export type BookEvent = 'library.book.submitted' | 'library.book.reviewed';

/** The library's rules: who may upload, like, bookmark and review, and what each answer holds. */
export function createBooks(deps: { db: Db; transact: Transact<BookEvent>; now: () => Date }) {
  const { db, transact, now } = deps;
  const store = createBookStore(db);
  const pageOf = (query: PageQuery, found: { items: BookRecord[]; total: number }): BookPage => ({
    books: found.items.map(toBook),
    page: query.page,
    total: found.total,
    pages: pageCount(found.total, query.limit),
  });

  /** Likes and bookmarks are for books the catalogue shows: pending or declined ones are not found. */
  async function acceptedBook(executor: DbExecutor, rawId: string): Promise<BookRow> {
    const row = await store.find(executor, parseBookId(rawId));
    if (!row || row.status !== 'accepted') throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
    return row;
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
        const row = await store.insert(tx, {
          title: data.title,
          branch: data.branch,
          subject: data.subject,
          semester: data.semester ?? null,
          tags: data.tags,
          driveLink: data.driveLink,
          uploadedBy: user.id,
          uploaderName: user.name,
          createdAt: now(),
        });
        await emit('library.book.submitted', {
          bookId: row.id,
          uploadedBy: user.id,
          subject: row.subject,
          title: row.title,
        });
        return toBook((await store.withLikes(tx, [row]))[0]!);
      });
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
     */
    async review(
      reviewer: AuthUser,
      rawId: string,
      { status, reason }: z.output<typeof ReviewRequest>,
    ): Promise<Book> {
      const id = parseBookId(rawId);
      const verdict = status === 1 ? 'accepted' : 'declined';
      const declineReason = verdict === 'declined' ? (reason ?? null) : null;
      return transact(async (tx, emit) => {
        const book = await store.find(tx, id);
        if (!book) throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
        if (book.uploadedBy === reviewer.id) throw AppError.forbidden(BOOK_MESSAGES.ownBook);
        const profile = await store.reviewer(tx, reviewer.id);
        if (!profile?.bookSubjects.includes(book.subject))
          throw AppError.forbidden(BOOK_MESSAGES.notYourSubject);
        // The status guard makes two reviewers racing on one book end with exactly one verdict.
        const row = await store.setVerdict(tx, id, {
          status: verdict,
          verifiedBy: reviewer.name,
          reviewedBy: reviewer.id,
          reviewedAt: now(),
          declineReason,
        });
        if (!row) throw AppError.conflict(BOOK_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
        await emit('library.book.reviewed', {
          bookId: row.id,
          uploadedBy: row.uploadedBy,
          reviewerId: reviewer.id,
          verifiedBy: reviewer.name,
          status: verdict,
          ...(declineReason ? { reason: declineReason } : {}),
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
