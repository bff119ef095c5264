import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  BOOK_MESSAGES,
  BookSearchQuery,
  BookmarkRequest,
  CreateBookRequest,
  ReviewRequest,
  canonicalBookSubject,
  type Book,
} from '@campus/contracts/library';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { z } from 'zod';
import { bookLikes, bookmarks, books, reviewers } from '../data/schema';
import { countBooksSql, searchBooksSql, type BookSearchRow } from '../data/search-sql';

type BookRow = typeof books.$inferSelect;

const BookId = z.uuid();

/** An id from a path: anything that is not a book id is simply a book that does not exist. */
function parseBookId(id: unknown): string {
  const parsed = BookId.safeParse(id);
  if (!parsed.success) throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
  return parsed.data;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

function toBook(row: BookRow | BookSearchRow, likes: string[]): Book {
  const r = row as BookRow & BookSearchRow;
  const semester = r.semester ?? undefined;
  const verifiedBy = r.verifiedBy ?? r.verified_by ?? undefined;
  return {
    _id: r.id,
    title: r.title,
    subject: r.subject,
    branch: r.branch,
    ...(semester === undefined ? {} : { semester }),
    tags: r.tags,
    driveLink: r.driveLink ?? r.drive_link,
    uploadedBy: r.uploadedBy ?? r.uploaded_by,
    likesCount: Number(r.likesCount ?? r.likes_count),
    likes,
    ...(verifiedBy === undefined ? {} : { verifiedBy }),
    status: r.status,
    createdAt: iso(r.createdAt ?? r.created_at),
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Likes of several books in one query, oldest first. */
async function likesOf(db: DbExecutor, bookIds: string[]): Promise<Map<string, string[]>> {
  const byBook = new Map<string, string[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return byBook;
  const rows = await db
    .select({ bookId: bookLikes.bookId, userId: bookLikes.userId })
    .from(bookLikes)
    .where(sql`${bookLikes.bookId} in ${bookIds}`)
    .orderBy(asc(bookLikes.createdAt));
  for (const r of rows) byBook.get(r.bookId)?.push(r.userId);
  return byBook;
}

export interface SearchResult {
  books: Book[];
  total: number;
  pages: number;
}

/** The library's rules: who may upload, like, bookmark and review, and what each answer holds. */
export function createBooks(deps: { db: Db; transact: Transact; now: () => Date }) {
  const { db, transact, now } = deps;

  async function findBook(executor: DbExecutor, id: string): Promise<BookRow | undefined> {
    const [row] = await executor.select().from(books).where(eq(books.id, id)).limit(1);
    return row;
  }

  /** Likes and bookmarks are for books the catalogue shows: pending or declined ones are not found. */
  async function acceptedBook(executor: DbExecutor, rawId: unknown): Promise<BookRow> {
    const row = await findBook(executor, parseBookId(rawId));
    if (!row || row.status !== 'accepted') throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
    return row;
  }

  async function withLikes(executor: DbExecutor, rows: BookRow[]): Promise<Book[]> {
    const likes = await likesOf(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toBook(r, likes.get(r.id) ?? []));
  }

  return {
    async search(rawQuery: unknown): Promise<SearchResult> {
      const query = BookSearchQuery.parse(rawQuery);
      const filters = {
        q: query.q,
        subject: query.subject,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      };
      const rows = rowsOf<BookSearchRow>(await db.execute(searchBooksSql(filters)));
      const total = rows.length
        ? Number(rows[0]!.total)
        : query.page === 1
          ? 0
          : Number(
              rowsOf<{ total: string | number }>(await db.execute(countBooksSql(filters)))[0]?.total ?? 0,
            );
      return { books: rows.map((r) => toBook(r, r.likes)), total, pages: Math.ceil(total / query.limit) };
    },

    async create(user: AuthUser, body: unknown): Promise<Book> {
      const data = CreateBookRequest.parse(body);
      return transact(async (tx, emit) => {
        const [row] = await tx
          .insert(books)
          .values({
            title: data.title,
            branch: data.branch,
            subject: data.subject,
            semester: data.semester ?? null,
            tags: data.tags,
            driveLink: data.driveLink,
            uploadedBy: user.id,
            createdAt: now(),
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await emit('library.book.submitted', {
          bookId: row.id,
          uploadedBy: user.id,
          subject: row.subject,
          title: row.title,
        });
        return toBook(row, []);
      });
    },

    /** Once per user: a second like changes nothing and answers the same list. There is no unlike. */
    async like(user: AuthUser, rawId: unknown): Promise<{ likes: string[]; likesCount: number }> {
      return transact(async (tx) => {
        const book = await acceptedBook(tx, rawId);
        const inserted = await tx
          .insert(bookLikes)
          .values({ bookId: book.id, userId: user.id, createdAt: now() })
          .onConflictDoNothing()
          .returning({ userId: bookLikes.userId });
        if (inserted.length > 0)
          await tx
            .update(books)
            .set({ likesCount: sql`${books.likesCount} + 1` })
            .where(eq(books.id, book.id));
        const likes = (await likesOf(tx, [book.id])).get(book.id) ?? [];
        return { likes, likesCount: likes.length };
      });
    },

    async bookmark(user: AuthUser, body: unknown): Promise<string> {
      const { bookId } = BookmarkRequest.parse(body);
      const book = await acceptedBook(db, bookId);
      await db
        .insert(bookmarks)
        .values({ userId: user.id, bookId: book.id, createdAt: now() })
        .onConflictDoNothing();
      return book.id;
    },

    /** Removing a bookmark that is not there is fine: the outcome the user wants already holds. */
    async removeBookmark(user: AuthUser, rawId: unknown): Promise<string> {
      const bookId = parseBookId(rawId);
      await db.delete(bookmarks).where(and(eq(bookmarks.userId, user.id), eq(bookmarks.bookId, bookId)));
      return bookId;
    },

    async bookmarksOf(user: AuthUser): Promise<Book[]> {
      const rows = await db
        .select({ book: books })
        .from(bookmarks)
        .innerJoin(books, eq(books.id, bookmarks.bookId))
        .where(and(eq(bookmarks.userId, user.id), eq(books.status, 'accepted')))
        .orderBy(desc(bookmarks.createdAt));
      return withLikes(
        db,
        rows.map((r) => r.book),
      );
    },

    /** Pending books in the reviewer's subjects (as learnt from the profile service), oldest first; never their own. */
    async pendingFor(reviewer: AuthUser): Promise<Book[]> {
      const rows = await db
        .select({ book: books })
        .from(books)
        .innerJoin(reviewers, eq(reviewers.userId, reviewer.id))
        .where(
          and(
            eq(books.status, 'pending'),
            sql`${books.subject} = any(${reviewers.bookSubjects})`,
            sql`${books.uploadedBy} <> ${reviewer.id}`,
          ),
        )
        .orderBy(asc(books.createdAt), asc(books.id))
        .limit(200);
      return withLikes(
        db,
        rows.map((r) => r.book),
      );
    },

    /** A book is reviewed once, by a teacher of its subject who did not upload it; the verdict is an event. */
    async review(reviewer: AuthUser, rawId: unknown, body: unknown): Promise<Book> {
      const id = parseBookId(rawId);
      const { status } = ReviewRequest.parse(body);
      const verdict = status === 1 ? 'accepted' : 'declined';
      return transact(async (tx, emit) => {
        const book = await findBook(tx, id);
        if (!book) throw AppError.notFound(BOOK_MESSAGES.bookNotFound);
        if (book.uploadedBy === reviewer.id) throw AppError.forbidden(BOOK_MESSAGES.ownBook);
        const [profile] = await tx.select().from(reviewers).where(eq(reviewers.userId, reviewer.id)).limit(1);
        if (!profile?.bookSubjects.includes(book.subject))
          throw AppError.forbidden(BOOK_MESSAGES.notYourSubject);
        // The status guard makes two reviewers racing on one book end with exactly one verdict.
        const [row] = await tx
          .update(books)
          .set({ status: verdict, verifiedBy: reviewer.name, reviewedBy: reviewer.id, reviewedAt: now() })
          .where(and(eq(books.id, id), eq(books.status, 'pending')))
          .returning();
        if (!row) throw AppError.conflict(BOOK_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
        await emit('library.book.reviewed', {
          bookId: row.id,
          uploadedBy: row.uploadedBy,
          reviewerId: reviewer.id,
          verifiedBy: reviewer.name,
          status: verdict,
        });
        return (await withLikes(tx, [row]))[0]!;
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
      const values = {
        userId: teacher.userId,
        name: teacher.name,
        department: teacher.department,
        subjects: teacher.subjects,
        bookSubjects,
        updatedAt: occurredAt,
      };
      await executor
        .insert(reviewers)
        .values(values)
        .onConflictDoUpdate({
          target: reviewers.userId,
          set: values,
          setWhere: sql`${reviewers.updatedAt} <= ${occurredAt.toISOString()}::timestamptz`,
        });
    },
  };
}
export type Books = ReturnType<typeof createBooks>;
