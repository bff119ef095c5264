import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '@campus/service-kit/db';
import { removeUnusedBlobs } from './book-file-store';
import { bookLikes, bookUploads, bookmarks, books, reviewers } from './schema';

/**
 * What the library holds about one person, read and removed for their rights over it (issue 26 §3):
 * the books they uploaded, their likes and bookmarks, and as a teacher their verdicts and subjects.
 */
export function createPersonalDataStore(db: Db) {
  /** Another person's book is named only while the catalogue shows it (accepted, not hidden). */
  const titleIfPublic = sql<
    string | null
  >`case when ${books.status} = 'accepted' and ${books.moderation} = 'visible' then ${books.title} end`;

  return {
    /** Every book the user uploaded, in any state, oldest first. */
    uploadsOf(userId: string) {
      return db
        .select({
          id: books.id,
          title: books.title,
          subject: books.subject,
          branch: books.branch,
          semester: books.semester,
          tags: books.tags,
          driveLink: books.driveLink,
          file: books.file,
          uploaderName: books.uploaderName,
          status: books.status,
          verifiedBy: books.verifiedBy,
          reviewedAt: books.reviewedAt,
          declineReason: books.declineReason,
          likesCount: books.likesCount,
          createdAt: books.createdAt,
          editedAt: books.editedAt,
          moderation: books.moderation,
          moderationReason: books.moderationReason,
        })
        .from(books)
        .where(eq(books.uploadedBy, userId))
        .orderBy(asc(books.createdAt), asc(books.id));
    },

    /** The books the user liked, oldest like first (a title only for a book the catalogue shows). */
    likesOf(userId: string) {
      return db
        .select({ bookId: bookLikes.bookId, title: titleIfPublic, likedAt: bookLikes.createdAt })
        .from(bookLikes)
        .innerJoin(books, eq(books.id, bookLikes.bookId))
        .where(eq(bookLikes.userId, userId))
        .orderBy(asc(bookLikes.createdAt), asc(bookLikes.bookId));
    },

    /** The user's bookmarks, oldest first (a title only for a book the catalogue shows). */
    bookmarksOf(userId: string) {
      return db
        .select({ bookId: bookmarks.bookId, title: titleIfPublic, bookmarkedAt: bookmarks.createdAt })
        .from(bookmarks)
        .innerJoin(books, eq(books.id, bookmarks.bookId))
        .where(eq(bookmarks.userId, userId))
        .orderBy(asc(bookmarks.createdAt), asc(bookmarks.bookId));
    },

    /** The verdicts the user gave as a teacher that still stand (a book resubmitted since has none). */
    verdictsBy(userId: string) {
      return db
        .select({
          bookId: books.id,
          title: books.title,
          subject: books.subject,
          verdict: books.status,
          declineReason: books.declineReason,
          reviewedAt: books.reviewedAt,
        })
        .from(books)
        .where(eq(books.reviewedBy, userId))
        .orderBy(asc(books.reviewedAt), asc(books.id));
    },

    /** The teacher's subjects as the library learnt them from the profile service. */
    async reviewerOf(userId: string) {
      const [row] = await db.select().from(reviewers).where(eq(reviewers.userId, userId));
      return row;
    },

    /** Removes the user's likes, each liked book's count going down with it. */
    async removeLikes(tx: Tx, userId: string): Promise<void> {
      const gone = await tx
        .delete(bookLikes)
        .where(eq(bookLikes.userId, userId))
        .returning({ bookId: bookLikes.bookId });
      // One like per (book, user): each book loses exactly one.
      if (gone.length > 0)
        await tx
          .update(books)
          .set({ likesCount: sql`greatest(${books.likesCount} - 1, 0)` })
          .where(
            inArray(
              books.id,
              gone.map((g) => g.bookId),
            ),
          );
    },

    async removeBookmarks(tx: Tx, userId: string): Promise<void> {
      await tx.delete(bookmarks).where(eq(bookmarks.userId, userId));
    },

    /** Deletes the user's books, all of them or all but the accepted ones (likes and bookmarks go by the foreign keys). */
    async removeBooks(tx: Tx, userId: string, keepAccepted: boolean): Promise<void> {
      await tx
        .delete(books)
        .where(
          keepAccepted
            ? and(eq(books.uploadedBy, userId), ne(books.status, 'accepted'))
            : eq(books.uploadedBy, userId),
        );
    },

    /** The user's remaining books stay with no uploader (id and name both gone). */
    async disownBooks(tx: Tx, userId: string): Promise<void> {
      await tx
        .update(books)
        .set({ uploadedBy: null, uploaderName: null })
        .where(eq(books.uploadedBy, userId));
    },

    /** The teacher's verdicts stand, given by `reviewerName` instead of them. */
    async disownVerdicts(tx: Tx, userId: string, reviewerName: string): Promise<void> {
      await tx
        .update(books)
        .set({ reviewedBy: null, verifiedBy: reviewerName })
        .where(eq(books.reviewedBy, userId));
    },

    /** Every PDF the user uploaded (issue 27), used by a book or not, oldest first. */
    fileUploadsOf(userId: string) {
      return db
        .select({ file: bookUploads.file, bookId: bookUploads.bookId, uploadedAt: bookUploads.createdAt })
        .from(bookUploads)
        .where(eq(bookUploads.uploadedBy, userId))
        .orderBy(asc(bookUploads.createdAt));
    },

    /**
     * After their books went: the PDFs no kept book carries are removed with their blobs (their URLs
     * answer 404); those of the accepted books kept ('anonymise') stay, with no uploader.
     */
    async forgetFileUploads(tx: Tx, userId: string): Promise<void> {
      await tx
        .delete(bookUploads)
        .where(and(eq(bookUploads.uploadedBy, userId), sql`${bookUploads.bookId} is null`));
      await tx.update(bookUploads).set({ uploadedBy: null }).where(eq(bookUploads.uploadedBy, userId));
      await removeUnusedBlobs(tx);
    },

    async removeReviewer(tx: Tx, userId: string): Promise<void> {
      await tx.delete(reviewers).where(eq(reviewers.userId, userId));
    },
  };
}
export type PersonalDataStore = ReturnType<typeof createPersonalDataStore>;
