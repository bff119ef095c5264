import type { EventPayload } from '@campus/contracts/events';
import type { UserId } from '@campus/contracts/common';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import type { BookUpload, BookUploadsQuery } from '@campus/contracts/profile';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { createContributionStore, type ContributionRecord } from '../data/contribution-store';

export interface BookUploadsPage {
  uploads: BookUpload[];
  page: number;
  pages: number;
  total: number;
}

const toBookUpload = (row: ContributionRecord): BookUpload => ({
  bookId: row.itemId,
  title: row.title,
  subject: row.subject,
  status: row.status,
  verifiedBy: row.verifiedBy,
  declineReason: row.declineReason,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  uploadedAt: row.contributedAt?.toISOString() ?? null,
});

/**
 * The uploader's view of their books: what they uploaded and the verdict, kept from the library's
 * events on the book's contribution row (the row the counts already use, ADR 0070).
 *
 * The two events may arrive in either order (retries, replicas, a broker outage), so each writes only
 * the columns it knows and never undoes the other's: the first to arrive creates the row, the second
 * completes it, and both orders end in the same row (ADR 0072).
 */
export function createBookUploads(deps: { db: Db }) {
  const store = createContributionStore(deps.db);

  return {
    /**
     * A book was uploaded (`uploadedAt`: the event's `occurredAt`): its title, subject and time,
     * pending review. A verdict that arrived first stays; a repeat (the library replaying) rewrites
     * the same values.
     */
    async submitted(
      tx: DbExecutor,
      upload: EventPayload<'library.book.submitted'>,
      uploadedAt: Date,
    ): Promise<void> {
      await store.recordBookSubmitted(tx, upload, uploadedAt);
    },

    /**
     * A teacher gave the verdict (`reviewedAt`: the event's `occurredAt`). Arriving before the
     * upload it creates the row (the upload counts from then on: a reviewed book was uploaded). The
     * library gives one verdict per book; should two ever arrive, the one given later stands,
     * whichever is handled last.
     */
    async reviewed(
      tx: DbExecutor,
      verdict: EventPayload<'library.book.reviewed'>,
      reviewedAt: Date,
    ): Promise<void> {
      await store.recordBookReviewed(tx, { ...verdict, declineReason: verdict.reason ?? null }, reviewedAt);
    },

    /** One page of the user's uploads, newest first. */
    async uploadsOf(userId: UserId, query: BookUploadsQuery): Promise<BookUploadsPage> {
      const { items, total } = await store.booksOf(userId, pageWindow(query));
      return {
        uploads: items.map(toBookUpload),
        page: query.page,
        pages: pageCount(total, query.limit),
        total,
      };
    },
  };
}
export type BookUploads = ReturnType<typeof createBookUploads>;
