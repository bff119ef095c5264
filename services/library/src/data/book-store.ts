import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { bookLikes, bookmarks, books, reviewers } from './schema';
import { countBooksSql, searchBooksSql, type BookSearchRow, type SearchFilters } from './search-sql';

/**
 * The library's data access: every query the rules need, answering plain records (camelCase, likes
 * attached) whichever way the rows were read (Drizzle or the search SQL). The domain never sees a row.
 */
export type BookRow = typeof books.$inferSelect;
export type ReviewerRow = typeof reviewers.$inferSelect;

export interface BookRecord {
  id: string;
  title: string;
  subject: string;
  branch: string;
  semester: number | null;
  tags: string[];
  driveLink: string;
  uploadedBy: string;
  uploaderName: string | null;
  likesCount: number;
  /** User ids, oldest like first. */
  likes: string[];
  status: BookRow['status'];
  verifiedBy: string | null;
  declineReason: string | null;
  createdAt: Date;
}

export interface Page<T> {
  items: T[];
  total: number;
}

const fromRow = (row: BookRow, likes: string[]): BookRecord => ({
  id: row.id,
  title: row.title,
  subject: row.subject,
  branch: row.branch,
  semester: row.semester,
  tags: row.tags,
  driveLink: row.driveLink,
  uploadedBy: row.uploadedBy,
  uploaderName: row.uploaderName,
  likesCount: row.likesCount,
  likes,
  status: row.status,
  verifiedBy: row.verifiedBy,
  declineReason: row.declineReason,
  createdAt: row.createdAt,
});

/** The search SQL answers snake_case columns as the driver gives them: mapped here, once. */
const fromSearchRow = (row: BookSearchRow): BookRecord => ({
  id: row.id,
  title: row.title,
  subject: row.subject,
  branch: row.branch,
  semester: row.semester,
  tags: row.tags,
  driveLink: row.drive_link,
  uploadedBy: row.uploaded_by,
  uploaderName: row.uploader_name,
  likesCount: Number(row.likes_count),
  likes: row.likes,
  status: row.status,
  verifiedBy: row.verified_by,
  declineReason: row.decline_reason,
  createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
});

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Likes of several books in one query, oldest first. */
async function likesOf(executor: DbExecutor, bookIds: string[]): Promise<Map<string, string[]>> {
  const byBook = new Map<string, string[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return byBook;
  const rows = await executor
    .select({ bookId: bookLikes.bookId, userId: bookLikes.userId })
    .from(bookLikes)
    .where(sql`${bookLikes.bookId} in ${bookIds}`)
    .orderBy(asc(bookLikes.createdAt));
  for (const r of rows) byBook.get(r.bookId)?.push(r.userId);
  return byBook;
}

async function withLikes(executor: DbExecutor, rows: BookRow[]): Promise<BookRecord[]> {
  const likes = await likesOf(
    executor,
    rows.map((r) => r.id),
  );
  return rows.map((r) => fromRow(r, likes.get(r.id) ?? []));
}

export function createBookStore(db: Db) {
  /** One page of books (likes attached) and the count of all, read side by side. */
  const pageOf = async (
    rows: Promise<Array<{ book: BookRow }>>,
    counted: Promise<Array<{ total: number }>>,
  ): Promise<Page<BookRecord>> => {
    const [found, [all]] = await Promise.all([rows, counted]);
    return {
      items: await withLikes(
        db,
        found.map((r) => r.book),
      ),
      total: Number(all?.total ?? 0),
    };
  };

  return {
    async find(executor: DbExecutor, id: string): Promise<BookRow | undefined> {
      const [row] = await executor.select().from(books).where(eq(books.id, id)).limit(1);
      return row;
    },

    withLikes,

    /** One page of accepted books matching the filters, and how many match in all. */
    async search(filters: SearchFilters): Promise<Page<BookRecord>> {
      const rows = rowsOf<BookSearchRow>(await db.execute(searchBooksSql(filters)));
      const total = rows.length
        ? Number(rows[0]!.total)
        : filters.offset === 0
          ? 0
          : Number(
              rowsOf<{ total: string | number }>(await db.execute(countBooksSql(filters)))[0]?.total ?? 0,
            );
      return { items: rows.map(fromSearchRow), total };
    },

    async insert(executor: DbExecutor, values: typeof books.$inferInsert): Promise<BookRow> {
      const [row] = await executor.insert(books).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Records a like once; true when it is new (and the count went up). */
    async addLike(executor: DbExecutor, bookId: string, userId: string, at: Date): Promise<boolean> {
      const inserted = await executor
        .insert(bookLikes)
        .values({ bookId, userId, createdAt: at })
        .onConflictDoNothing()
        .returning({ userId: bookLikes.userId });
      if (inserted.length === 0) return false;
      await executor
        .update(books)
        .set({ likesCount: sql`${books.likesCount} + 1` })
        .where(eq(books.id, bookId));
      return true;
    },

    async likesOf(executor: DbExecutor, bookId: string): Promise<string[]> {
      return (await likesOf(executor, [bookId])).get(bookId) ?? [];
    },

    async addBookmark(userId: string, bookId: string, at: Date): Promise<void> {
      await db.insert(bookmarks).values({ userId, bookId, createdAt: at }).onConflictDoNothing();
    },

    async removeBookmark(userId: string, bookId: string): Promise<void> {
      await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.bookId, bookId)));
    },

    /** A user's bookmarked accepted books, newest bookmark first. */
    async bookmarksOf(userId: string, window: { offset: number; limit: number }): Promise<Page<BookRecord>> {
      const where = and(eq(bookmarks.userId, userId), eq(books.status, 'accepted'));
      return pageOf(
        db
          .select({ book: books })
          .from(bookmarks)
          .innerJoin(books, eq(books.id, bookmarks.bookId))
          .where(where)
          .orderBy(desc(bookmarks.createdAt), desc(bookmarks.bookId))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ total: count() })
          .from(bookmarks)
          .innerJoin(books, eq(books.id, bookmarks.bookId))
          .where(where),
      );
    },

    /** Pending books in a reviewer's subjects, never their own, oldest first. */
    async pendingFor(
      reviewerId: string,
      window: { offset: number; limit: number },
    ): Promise<Page<BookRecord>> {
      const where = and(
        eq(books.status, 'pending'),
        sql`${books.subject} = any(${reviewers.bookSubjects})`,
        sql`${books.uploadedBy} <> ${reviewerId}`,
      );
      return pageOf(
        db
          .select({ book: books })
          .from(books)
          .innerJoin(reviewers, eq(reviewers.userId, reviewerId))
          .where(where)
          .orderBy(asc(books.createdAt), asc(books.id))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ total: count() })
          .from(books)
          .innerJoin(reviewers, eq(reviewers.userId, reviewerId))
          .where(where),
      );
    },

    async reviewer(executor: DbExecutor, userId: string): Promise<ReviewerRow | undefined> {
      const [row] = await executor.select().from(reviewers).where(eq(reviewers.userId, userId)).limit(1);
      return row;
    },

    /** Sets the verdict of a still-pending book; undefined when it was no longer pending (a race lost). */
    async setVerdict(
      executor: DbExecutor,
      id: string,
      verdict: {
        status: 'accepted' | 'declined';
        verifiedBy: string;
        reviewedBy: string;
        reviewedAt: Date;
        declineReason: string | null;
      },
    ): Promise<BookRow | undefined> {
      const [row] = await executor
        .update(books)
        .set(verdict)
        .where(and(eq(books.id, id), eq(books.status, 'pending')))
        .returning();
      return row;
    },

    /** Stores a teacher's subjects unless a newer update is already stored. */
    async upsertReviewer(executor: DbExecutor, values: typeof reviewers.$inferInsert & { updatedAt: Date }) {
      await executor
        .insert(reviewers)
        .values(values)
        .onConflictDoUpdate({
          target: reviewers.userId,
          set: values,
          setWhere: sql`${reviewers.updatedAt} <= ${values.updatedAt.toISOString()}::timestamptz`,
        });
    },
  };
}
export type BookStore = ReturnType<typeof createBookStore>;
