import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db, DbExecutor, Tx } from '@campus/service-kit/db';
import { contributions, profiles } from './schema';

/**
 * What the profile holds about one person, read and removed for their rights over it (issue 26 §3):
 * their profile row, what they contributed elsewhere (the rows behind the counts and My uploads),
 * and, for a teacher, their name on the verdicts of other people's books.
 */
export function createPersonalDataStore(db: Db) {
  return {
    /** `executor`: forget reads it inside its transaction (on PGlite, one connection, outside it would wait forever). */
    async profileOf(userId: string, executor: DbExecutor = db) {
      const [row] = await executor.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },

    /** Every contribution row of the user, deleted items' tombstones included, oldest first. */
    contributionsOf(userId: string) {
      return db
        .select({
          kind: contributions.kind,
          itemId: contributions.itemId,
          title: contributions.title,
          subject: contributions.subject,
          contributedAt: contributions.contributedAt,
          deletedAt: contributions.deletedAt,
          status: contributions.status,
          verifiedBy: contributions.verifiedBy,
          reviewedAt: contributions.reviewedAt,
          declineReason: contributions.declineReason,
          recordedAt: contributions.createdAt,
        })
        .from(contributions)
        .where(eq(contributions.userId, userId))
        .orderBy(asc(contributions.createdAt), asc(contributions.kind), asc(contributions.itemId));
    },

    /** The verdicts a teacher gave, as the uploaders' rows hold them (never who the uploader is). */
    verdictsBy(userId: string) {
      return db
        .select({
          bookId: contributions.itemId,
          title: contributions.title,
          subject: contributions.subject,
          status: contributions.status,
          reviewedAt: contributions.reviewedAt,
          declineReason: contributions.declineReason,
        })
        .from(contributions)
        .where(and(eq(contributions.reviewerId, userId), eq(contributions.kind, 'book')))
        .orderBy(asc(contributions.reviewedAt), asc(contributions.itemId));
    },

    /**
     * Other people's books keep the teacher's verdict, given by `reviewerName` instead of them: the
     * rows naming them by id and, when `legacyName` is given, the rows from before the id was kept
     * that name them.
     */
    async disownVerdicts(tx: Tx, userId: string, reviewerName: string, legacyName?: string) {
      const byId = eq(contributions.reviewerId, userId);
      await tx
        .update(contributions)
        .set({ verifiedBy: reviewerName, reviewerId: null })
        .where(
          and(
            ne(contributions.userId, userId),
            legacyName === undefined
              ? byId
              : or(byId, and(isNull(contributions.reviewerId), eq(contributions.verifiedBy, legacyName))),
          ),
        );
    },

    async removeContributions(tx: Tx, userId: string) {
      await tx.delete(contributions).where(eq(contributions.userId, userId));
    },

    async removeProfile(tx: Tx, userId: string) {
      await tx.delete(profiles).where(eq(profiles.userId, userId));
    },
  };
}
