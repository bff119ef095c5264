import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { contributions, type ContributionKind } from './schema';

/** One item a user contributed elsewhere, as the rules see it (a tombstone has `deletedAt`). */
export type ContributionRecord = typeof contributions.$inferSelect;

/** Which item: its kind, its id in its own service, and who contributed it. */
export interface ContributedItem {
  kind: ContributionKind;
  itemId: string;
  userId: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** The submission being written is the book's latest (a late redelivery of an older one is not). */
const isLatest = sql`${contributions.contributedAt} is null or ${contributions.contributedAt} <= ${excluded('contributed_at')}`;
/** The stored verdict was given before this submission: the book was corrected and resubmitted since. */
const verdictSuperseded = sql`${contributions.reviewedAt} is not null and ${contributions.reviewedAt} < ${excluded('contributed_at')}`;

/**
 * The profile's data access for what users contributed elsewhere: one row per item, filled from
 * events. Each write touches only the columns its event knows, so events arriving in any order, or
 * twice, end in the same row (ADR 0070, ADR 0072).
 */
export function createContributionStore(db: Db) {
  return {
    /** How many live items of each kind the user has; kinds with none are absent. */
    async liveCounts(userId: string): Promise<Array<{ kind: ContributionKind; count: number }>> {
      const rows = await db
        .select({ kind: contributions.kind, n: count() })
        .from(contributions)
        .where(and(eq(contributions.userId, userId), isNull(contributions.deletedAt)))
        .groupBy(contributions.kind);
      return rows.map(({ kind, n }) => ({ kind, count: Number(n) }));
    },

    /** Records the item once; a repeat, or a create arriving after its tombstone, changes nothing. */
    async add(executor: DbExecutor, item: ContributedItem): Promise<void> {
      await executor.insert(contributions).values(item).onConflictDoNothing();
    },

    /** Tombstones the item (the first deletion's time stays), creating the row if its create is still to come. */
    async withdraw(executor: DbExecutor, item: ContributedItem, at: Date): Promise<void> {
      await executor
        .insert(contributions)
        .values({ ...item, deletedAt: at })
        .onConflictDoUpdate({
          target: [contributions.kind, contributions.itemId],
          set: { deletedAt: sql`coalesce(${contributions.deletedAt}, ${at.toISOString()}::timestamptz)` },
        });
    },

    /**
     * A book's upload: title, subject and time, pending review unless a verdict is already stored;
     * a repeat rewrites the same values. The library announces a book again when its uploader
     * corrects it and it goes back to review (issue 26): a submission later than the stored verdict
     * puts the book back to pending and clears that verdict, and the latest submission's title,
     * subject and time stand, whichever order the events arrive in.
     */
    async recordBookSubmitted(
      executor: DbExecutor,
      book: { bookId: string; uploadedBy: string; title: string; subject: string },
      uploadedAt: Date,
    ): Promise<void> {
      await executor
        .insert(contributions)
        .values({
          kind: 'book',
          itemId: book.bookId,
          userId: book.uploadedBy,
          title: book.title,
          subject: book.subject,
          contributedAt: uploadedAt,
          status: 'pending',
        })
        .onConflictDoUpdate({
          target: [contributions.kind, contributions.itemId],
          set: {
            title: sql`case when ${isLatest} then ${excluded('title')} else ${contributions.title} end`,
            subject: sql`case when ${isLatest} then ${excluded('subject')} else ${contributions.subject} end`,
            contributedAt: sql`greatest(${contributions.contributedAt}, ${excluded('contributed_at')})`,
            status: sql`case when ${verdictSuperseded} then 'pending' else coalesce(${contributions.status}, 'pending') end`,
            verifiedBy: sql`case when ${verdictSuperseded} then null else ${contributions.verifiedBy} end`,
            reviewerId: sql`case when ${verdictSuperseded} then null else ${contributions.reviewerId} end`,
            reviewedAt: sql`case when ${verdictSuperseded} then null else ${contributions.reviewedAt} end`,
            declineReason: sql`case when ${verdictSuperseded} then null else ${contributions.declineReason} end`,
          },
        });
    },

    /**
     * A book's verdict, creating the row if the upload is still to come; a verdict stored with a
     * later `reviewedAt` is kept, and so is a resubmission made after this verdict (the verdict was
     * of the book before its correction).
     */
    async recordBookReviewed(
      executor: DbExecutor,
      verdict: {
        bookId: string;
        uploadedBy: string;
        status: 'accepted' | 'declined';
        verifiedBy: string;
        reviewerId: string;
        declineReason: string | null;
      },
      reviewedAt: Date,
    ): Promise<void> {
      await executor
        .insert(contributions)
        .values({
          kind: 'book',
          itemId: verdict.bookId,
          userId: verdict.uploadedBy,
          status: verdict.status,
          verifiedBy: verdict.verifiedBy,
          reviewerId: verdict.reviewerId,
          reviewedAt,
          declineReason: verdict.declineReason,
        })
        .onConflictDoUpdate({
          target: [contributions.kind, contributions.itemId],
          set: {
            status: excluded('status'),
            verifiedBy: excluded('verified_by'),
            reviewerId: excluded('reviewer_id'),
            reviewedAt: excluded('reviewed_at'),
            declineReason: excluded('decline_reason'),
          },
          setWhere: sql`(${contributions.reviewedAt} is null or ${contributions.reviewedAt} < ${excluded('reviewed_at')})
            and (${contributions.contributedAt} is null or ${contributions.contributedAt} <= ${excluded('reviewed_at')})`,
        });
    },

    /** One page of the user's live books, newest upload first, and how many there are in all. */
    async booksOf(
      userId: string,
      window: { offset: number; limit: number },
    ): Promise<Page<ContributionRecord>> {
      const mine = and(
        eq(contributions.userId, userId),
        eq(contributions.kind, 'book'),
        isNull(contributions.deletedAt),
      );
      const [items, [counted]] = await Promise.all([
        db
          .select()
          .from(contributions)
          .where(mine)
          .orderBy(
            desc(sql`coalesce(${contributions.contributedAt}, ${contributions.createdAt})`),
            desc(contributions.itemId),
          )
          .offset(window.offset)
          .limit(window.limit),
        db.select({ total: count() }).from(contributions).where(mine),
      ]);
      return { items, total: Number(counted?.total ?? 0) };
    },
  };
}
export type ContributionStore = ReturnType<typeof createContributionStore>;
