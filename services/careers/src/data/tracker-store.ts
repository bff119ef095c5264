import { and, asc, between, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { publiclyVisible } from '@campus/service-kit/moderated-content';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { jobPosts, jobTracks } from './schema';

export type TrackRecord = typeof jobTracks.$inferSelect;
export type TrackStatusValue = TrackRecord['status'];
export type TrackHistory = Array<{ status: TrackStatusValue; at: string }>;

const ofUserAndJob = (userId: string, jobId: string) =>
  and(eq(jobTracks.userId, userId), eq(jobTracks.jobId, jobId));

/** The application tracker's rows (issue 28): one per student and job post they track. */
export function createTrackerStore(db: Db) {
  return {
    /**
     * Sets the student's status (and note, when given) for a job post under the row's lock: a new
     * status joins the history with its time; the same status again only changes the note.
     */
    async set(
      userId: string,
      jobId: string,
      status: TrackStatusValue,
      note: string | undefined,
      at: Date,
    ): Promise<TrackRecord> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(jobTracks)
          .where(ofUserAndJob(userId, jobId))
          .limit(1)
          .for('update');
        const history: TrackHistory = current ? [...(current.history as TrackHistory)] : [];
        if (current?.status !== status) history.push({ status, at: at.toISOString() });
        const values = { status, note: note ?? current?.note ?? '', history, updatedAt: at };
        const [row] = current
          ? await tx.update(jobTracks).set(values).where(ofUserAndJob(userId, jobId)).returning()
          : await tx
              .insert(jobTracks)
              .values({ ...values, userId, jobId, createdAt: at })
              .onConflictDoUpdate({ target: [jobTracks.userId, jobTracks.jobId], set: values })
              .returning();
        if (!row) throw new Error('tracker write returned no row');
        return row;
      });
    },

    async remove(userId: string, jobId: string): Promise<void> {
      await db.delete(jobTracks).where(ofUserAndJob(userId, jobId));
    },

    /** The student's tracked jobs with their posts, latest change first (at most 500). */
    async trackerOf(userId: string) {
      return db
        .select({ track: jobTracks, job: jobPosts })
        .from(jobTracks)
        .innerJoin(jobPosts, eq(jobPosts.id, jobTracks.jobId))
        .where(eq(jobTracks.userId, userId))
        .orderBy(desc(jobTracks.updatedAt))
        .limit(500);
    },

    /**
     * Visible posts whose apply-by date is from `from` to `to` (YYYY-MM-DD) and whose reminder for
     * that date has not gone out, soonest first, locked (a replica's concurrent run skips them).
     */
    async dueClosingReminders(tx: DbExecutor, range: { from: string; to: string; limit: number }) {
      return tx
        .select({
          id: jobPosts.id,
          role: jobPosts.role,
          companyName: jobPosts.companyName,
          applyBy: jobPosts.applyBy,
        })
        .from(jobPosts)
        .where(
          and(
            isNotNull(jobPosts.applyBy),
            between(jobPosts.applyBy, range.from, range.to),
            publiclyVisible(jobPosts),
            sql`${jobPosts.closingRemindedFor} is distinct from ${jobPosts.applyBy}`,
          ),
        )
        .orderBy(asc(jobPosts.applyBy), asc(jobPosts.id))
        .limit(range.limit)
        .for('update', { skipLocked: true });
    },

    /** Records that these posts' reminders went out for their current apply-by date. */
    async markClosingReminded(tx: DbExecutor, jobIds: string[]): Promise<void> {
      if (jobIds.length === 0) return;
      await tx
        .update(jobPosts)
        .set({ closingRemindedFor: sql`${jobPosts.applyBy}` })
        .where(inArray(jobPosts.id, jobIds));
    },

    /** Who saved these posts and has not moved them on (status `saved` only), by post. */
    async saversOf(tx: DbExecutor, jobIds: string[]): Promise<Map<string, string[]>> {
      const savers = new Map<string, string[]>();
      if (jobIds.length === 0) return savers;
      const rows = await tx
        .select({ jobId: jobTracks.jobId, userId: jobTracks.userId })
        .from(jobTracks)
        .where(and(inArray(jobTracks.jobId, jobIds), eq(jobTracks.status, 'saved')))
        .orderBy(asc(jobTracks.jobId), asc(jobTracks.userId));
      for (const row of rows) savers.set(row.jobId, [...(savers.get(row.jobId) ?? []), row.userId]);
      return savers;
    },

    /** Every row of one student (their data export). */
    async tracksBy(userId: string): Promise<TrackRecord[]> {
      return db.select().from(jobTracks).where(eq(jobTracks.userId, userId));
    },

    /** Deletes every row of one student (their account is gone). */
    async deleteTracksBy(tx: DbExecutor, userId: string): Promise<void> {
      await tx.delete(jobTracks).where(eq(jobTracks.userId, userId));
    },
  };
}
