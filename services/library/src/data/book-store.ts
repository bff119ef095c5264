import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { publiclyVisible } from '@campus/service-kit/moderated-content';
import { bookLikes, bookmarks, books, reviewers, type BookFile } from './schema';
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
  /** Null for a book that carries only a PDF. */
  driveLink: string | null;
  file: BookFile | null;
  /** Null for a book kept from a deleted account ("Deleted user"). */
  uploadedBy: string | null;
  uploaderName: string | null;
  likesCount: number;
  /** User ids, oldest like first. */
  likes: string[];
  status: BookRow['status'];
  verifiedBy: string | null;
  declineReason: string | null;
  createdAt: Date;
  version: number;
  editedAt: Date | null;
  moderation: BookRow['moderation'];
  moderationReason: string | null;
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
  file: row.file,
  uploadedBy: row.uploadedBy,
  uploaderName: row.uploaderName,
  likesCount: row.likesCount,
  likes,
  status: row.status,
  verifiedBy: row.verifiedBy,
  declineReason: row.declineReason,
  createdAt: row.createdAt,
  version: row.version,
  editedAt: row.editedAt,
  moderation: row.moderation,
  moderationReason: row.moderationReason,
});

const dateOf = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/** The search SQL answers snake_case columns as the driver gives them: mapped here, once. */
const fromSearchRow = (row: BookSearchRow): BookRecord => ({
  id: row.id,
  title: row.title,
  subject: row.subject,
  branch: row.branch,
  semester: row.semester,
  tags: row.tags,
  driveLink: row.drive_link,
  file: row.file,
  uploadedBy: row.uploaded_by,
  uploaderName: row.uploader_name,
  likesCount: Number(row.likes_count),
  likes: row.likes,
  status: row.status,
  verifiedBy: row.verified_by,
  declineReason: row.decline_reason,
  createdAt: dateOf(row.created_at),
  version: Number(row.version),
  editedAt: row.edited_at === null ? null : dateOf(row.edited_at),
  moderation: row.moderation,
  moderationReason: row.moderation_reason,
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

    /** The book, its row locked until the transaction ends (an edit or delete racing a review waits). */
    async findForUpdate(executor: DbExecutor, id: string): Promise<BookRow | undefined> {
      const [row] = await executor.select().from(books).where(eq(books.id, id)).limit(1).for('update');
      return row;
    },

    withLikes,

    /** Accepted, visible books of `book`'s subject and semester (both unset alike), not `book`, most liked first. */
    async similar(executor: DbExecutor, book: BookRow, limit: number): Promise<BookRow[]> {
      return executor
        .select()
        .from(books)
        .where(
          and(
            eq(books.status, 'accepted'),
            publiclyVisible(books),
            eq(books.subject, book.subject),
            sql`${books.semester} is not distinct from ${book.semester}`,
            sql`${books.id} <> ${book.id}`,
          ),
        )
        .orderBy(desc(books.likesCount), desc(books.createdAt), desc(books.id))
        .limit(limit);
    },

    async update(
      executor: DbExecutor,
      id: string,
      values: Partial<typeof books.$inferInsert>,
    ): Promise<BookRow | undefined> {
      const [row] = await executor.update(books).set(values).where(eq(books.id, id)).returning();
      return row;
    },

    /** Deletes the book (its likes and bookmarks go with it, by the foreign keys); undefined when already gone. */
    async remove(executor: DbExecutor, id: string): Promise<BookRow | undefined> {
      const [row] = await executor.delete(books).where(eq(books.id, id)).returning();
      return row;
    },

    /**
     * Hides (with the reason) or restores a book; undefined when it is already so (a repeated
     * decision changes nothing, not even the version).
     */
    async setModeration(
      executor: DbExecutor,
      id: string,
      moderation: { state: 'visible' | 'hidden'; reason: string | null },
    ): Promise<BookRow | undefined> {
      const unchanged =
        moderation.state === 'hidden'
          ? sql`${books.moderation} = 'hidden' and ${books.moderationReason} is not distinct from ${moderation.reason}`
          : eq(books.moderation, 'visible');
      const [row] = await executor
        .update(books)
        .set({
          moderation: moderation.state,
          moderationReason: moderation.reason,
          version: sql`${books.version} + 1`,
        })
        .where(and(eq(books.id, id), sql`not (${unchanged})`))
        .returning();
      return row;
    },

    /** Up to `limit` books never announced to moderation (version 0: uploaded before it existed), oldest first. */
    async neverAnnounced(executor: DbExecutor, limit: number): Promise<string[]> {
      const rows = await executor
        .select({ id: books.id })
        .from(books)
        .where(eq(books.version, 0))
        .orderBy(asc(books.createdAt), asc(books.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Version 0 -> 1 (announced); undefined when the book is gone or no longer at 0. */
    async markAnnounced(executor: DbExecutor, id: string): Promise<BookRow | undefined> {
      const [row] = await executor
        .update(books)
        .set({ version: 1 })
        .where(and(eq(books.id, id), eq(books.version, 0)))
        .returning();
      return row;
    },

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

    /**
     * A user's bookmarked accepted books, newest bookmark first. A hidden book is left out (the
     * bookmark stays, so a restore brings it back).
     */
    async bookmarksOf(userId: string, window: { offset: number; limit: number }): Promise<Page<BookRecord>> {
      const where = and(eq(bookmarks.userId, userId), eq(books.status, 'accepted'), publiclyVisible(books));
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

    /** Pending books in a reviewer's subjects, never their own nor hidden ones, oldest first. */
    async pendingFor(
      reviewerId: string,
      window: { offset: number; limit: number },
    ): Promise<Page<BookRecord>> {
      const where = and(
        eq(books.status, 'pending'),
        publiclyVisible(books),
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
