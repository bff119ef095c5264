import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { descNullsLast } from '@campus/service-kit/index-order';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { publiclyVisible } from '@campus/service-kit/moderated-content';
import {
  runInterviewSearch,
  type InterviewSearchFilters,
  type InterviewSearchRow,
} from './interview-search-sql';
import { interviews, jobPosts } from './schema';

/**
 * The careers service's data access: every query the rules need, answering plain records whichever
 * way the rows were read (Drizzle or the search SQL). The domain never sees a row.
 */
export type JobPostRecord = typeof jobPosts.$inferSelect;
export type JobPostInsert = typeof jobPosts.$inferInsert;
export type InterviewInsert = typeof interviews.$inferInsert;
/** What an edit may change (the route parsed it; the domain filled in what clears to ''). */
export type JobPostChanges = Partial<
  Pick<
    JobPostInsert,
    | 'companyName'
    | 'role'
    | 'jobDescription'
    | 'jobType'
    | 'salary'
    | 'city'
    | 'jobLink'
    | 'linkedinUrl'
    | 'authorName'
    | 'applyBy'
  >
>;
export type InterviewChanges = Partial<
  Pick<
    InterviewInsert,
    | 'companyName'
    | 'role'
    | 'interviewRounds'
    | 'interviewRoundsDescription'
    | 'interviewDate'
    | 'salary'
    | 'interviewDifficulty'
    | 'city'
    | 'jobType'
    | 'linkedinUrl'
    | 'authorName'
  >
>;
/** A moderation change: hidden with its reason, or visible again. */
export type ModerationChange = { moderation: 'visible' | 'hidden'; moderationReason: string | null };

export interface InterviewRecord {
  id: string;
  companyName: string;
  role: string;
  interviewRounds: number | null;
  interviewRoundsDescription: string;
  interviewDate: string | null;
  salary: string;
  interviewDifficulty: InterviewSearchRow['interview_difficulty'];
  city: string;
  jobType: InterviewSearchRow['job_type'];
  linkedinUrl: string;
  /** Null once its author deleted their account and kept what they wrote (anonymised). */
  postedBy: string | null;
  uploaderName: string | null;
  createdAt: Date;
  editedAt: Date | null;
  authorName: string;
  version: number;
  moderation: 'visible' | 'hidden';
  moderationReason: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

const fromSearchRow = (row: InterviewSearchRow): InterviewRecord => ({
  id: row.id,
  companyName: row.company_name,
  role: row.role,
  interviewRounds: row.interview_rounds === null ? null : Number(row.interview_rounds),
  interviewRoundsDescription: row.interview_rounds_description,
  interviewDate: row.interview_date,
  salary: row.salary,
  interviewDifficulty: row.interview_difficulty,
  city: row.city,
  jobType: row.job_type,
  linkedinUrl: row.linkedin_url,
  postedBy: row.posted_by,
  uploaderName: row.uploader_name,
  createdAt: asDate(row.created_at),
  editedAt: row.edited_at === null ? null : asDate(row.edited_at),
  authorName: row.author_name,
  version: Number(row.version),
  moderation: row.moderation,
  moderationReason: row.moderation_reason,
});

export const interviewColumns = {
  id: interviews.id,
  companyName: interviews.companyName,
  role: interviews.role,
  interviewRounds: interviews.interviewRounds,
  interviewRoundsDescription: interviews.interviewRoundsDescription,
  interviewDate: interviews.interviewDate,
  salary: interviews.salary,
  interviewDifficulty: interviews.interviewDifficulty,
  city: interviews.city,
  jobType: interviews.jobType,
  linkedinUrl: interviews.linkedinUrl,
  postedBy: interviews.postedBy,
  uploaderName: interviews.uploaderName,
  createdAt: interviews.createdAt,
  editedAt: interviews.editedAt,
  authorName: interviews.authorName,
  version: interviews.version,
  moderation: interviews.moderation,
  moderationReason: interviews.moderationReason,
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Open job posts: visible, and not past their apply-by date (issue 28: "posts past it leave the
 * open list"). Written as one expression, not `apply_by is null or apply_by >= today`, so the
 * planner walks the newest-first index with it as a filter (most posts are open) instead of
 * gathering them off job_posts_apply_by_idx and sorting them all.
 */
export const openJobPosts = (today: string) =>
  and(publiclyVisible(jobPosts), sql`coalesce(${jobPosts.applyBy}, 'infinity'::date) >= ${today}::date`);

/**
 * Which job posts a list holds: everyone's that everyone may see (open ones), or one user's own
 * (hidden and closed ones too: My Posted Job is its author's view, where a hidden post says why).
 */
const jobScope = (postedBy: string | undefined, today: string) =>
  postedBy === undefined ? openJobPosts(today) : eq(jobPosts.postedBy, postedBy);

/** A page of job posts newest first (all open, or one user's own): walks job_posts_newest_idx or job_posts_posted_by_newest_idx. */
export function jobPageQuery(
  executor: DbExecutor,
  window: { offset: number; limit: number },
  postedBy: string | undefined,
  today: string,
) {
  return executor
    .select()
    .from(jobPosts)
    .where(jobScope(postedBy, today))
    .orderBy(descNullsLast(jobPosts.createdAt), descNullsLast(jobPosts.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function createCareersStore(db: Db) {
  return {
    /** Job posts newest first (all open, or one user's own), and how many there are. */
    async jobPage(
      window: { offset: number; limit: number },
      postedBy: string | undefined,
      today: string,
    ): Promise<Page<JobPostRecord>> {
      const where = jobScope(postedBy, today);
      const [items, [counted]] = await Promise.all([
        jobPageQuery(db, window, postedBy, today),
        db.select({ total: count() }).from(jobPosts).where(where),
      ]);
      return { items, total: Number(counted?.total ?? 0) };
    },

    /**
     * Open job posts matching the search (issue 28), and how many: words through the job posts'
     * search document (careers.prefix_query: lexemes quoted, the last a prefix), type, city (starts
     * with, folded), closing by a day, a salary with a figure. Closing soon first when that filter is
     * on, else the best match, else newest.
     */
    async searchJobs(filters: {
      q: string;
      jobType?: JobPostRecord['jobType'];
      city?: string;
      closingBy?: string;
      paid: boolean;
      today: string;
      offset: number;
      limit: number;
    }): Promise<Page<JobPostRecord>> {
      const query = filters.q ? sql`careers.prefix_query(${filters.q})` : undefined;
      const where = and(
        openJobPosts(filters.today),
        query && sql`search_document @@ ${query}`,
        filters.jobType ? eq(jobPosts.jobType, filters.jobType) : undefined,
        filters.city
          ? sql`starts_with(careers.search_fold(btrim(${jobPosts.city})), careers.search_fold(${filters.city}))`
          : undefined,
        filters.closingBy !== undefined
          ? and(isNotNull(jobPosts.applyBy), lte(jobPosts.applyBy, filters.closingBy))
          : undefined,
        filters.paid ? sql`${jobPosts.salary} ~ '[1-9]'` : undefined,
      );
      const order = [
        ...(filters.closingBy !== undefined ? [asc(jobPosts.applyBy)] : []),
        ...(query ? [sql`ts_rank(search_document, ${query}) DESC`] : []),
        desc(jobPosts.createdAt),
        desc(jobPosts.id),
      ];
      const [items, [counted]] = await Promise.all([
        db
          .select()
          .from(jobPosts)
          .where(where)
          .orderBy(...order)
          .limit(filters.limit)
          .offset(filters.offset),
        db.select({ total: count() }).from(jobPosts).where(where),
      ]);
      return { items, total: Number(counted?.total ?? 0) };
    },

    async insertJob(executor: DbExecutor, values: JobPostInsert): Promise<JobPostRecord> {
      const [row] = await executor.insert(jobPosts).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findJob(executor: DbExecutor, id: string): Promise<JobPostRecord | undefined> {
      const [row] = await executor.select().from(jobPosts).where(eq(jobPosts.id, id)).limit(1);
      return row;
    },

    /** The post, locked until the transaction ends (an edit or a delete racing with another waits for it). */
    async lockJob(tx: DbExecutor, id: string): Promise<JobPostRecord | undefined> {
      const [row] = await tx.select().from(jobPosts).where(eq(jobPosts.id, id)).limit(1).for('update');
      return row;
    },

    /** Applies an edit or a moderation change: one version more; `editedAt` when its author edited. */
    async updateJob(
      tx: DbExecutor,
      id: string,
      changes: JobPostChanges & Partial<ModerationChange> & { editedAt?: Date },
    ): Promise<JobPostRecord | undefined> {
      const [row] = await tx
        .update(jobPosts)
        .set({ ...changes, version: sql`${jobPosts.version} + 1` })
        .where(eq(jobPosts.id, id))
        .returning();
      return row;
    },

    /** Deletes the post if it is still there and still its author's; true when this call deleted it. */
    async deleteJob(executor: DbExecutor, id: string, postedBy: string): Promise<boolean> {
      const deleted = await executor
        .delete(jobPosts)
        .where(and(eq(jobPosts.id, id), eq(jobPosts.postedBy, postedBy)))
        .returning({ id: jobPosts.id });
      return deleted.length > 0;
    },

    async lockInterview(tx: DbExecutor, id: string): Promise<InterviewRecord | undefined> {
      const [row] = await tx
        .select(interviewColumns)
        .from(interviews)
        .where(eq(interviews.id, id))
        .limit(1)
        .for('update');
      return row;
    },

    async updateInterview(
      tx: DbExecutor,
      id: string,
      changes: InterviewChanges & Partial<ModerationChange> & { editedAt?: Date },
    ): Promise<InterviewRecord | undefined> {
      const [row] = await tx
        .update(interviews)
        .set({ ...changes, version: sql`${interviews.version} + 1` })
        .where(eq(interviews.id, id))
        .returning(interviewColumns);
      return row;
    },

    async deleteInterview(tx: DbExecutor, id: string): Promise<boolean> {
      const deleted = await tx
        .delete(interviews)
        .where(eq(interviews.id, id))
        .returning({ id: interviews.id });
      return deleted.length > 0;
    },

    async insertInterview(executor: DbExecutor, values: InterviewInsert): Promise<InterviewRecord> {
      const [row] = await executor.insert(interviews).values(values).returning(interviewColumns);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findInterview(id: string): Promise<InterviewRecord | undefined> {
      const [row] = await db.select(interviewColumns).from(interviews).where(eq(interviews.id, id)).limit(1);
      return row;
    },

    /** Every job post of one user, hidden ones included, oldest first (their data export). */
    async jobsBy(userId: string): Promise<JobPostRecord[]> {
      return db.select().from(jobPosts).where(eq(jobPosts.postedBy, userId)).orderBy(asc(jobPosts.createdAt));
    },

    /** Every interview experience one user shared, anonymous and hidden ones included, oldest first. */
    async interviewsBy(userId: string): Promise<InterviewRecord[]> {
      return db
        .select(interviewColumns)
        .from(interviews)
        .where(eq(interviews.postedBy, userId))
        .orderBy(asc(interviews.createdAt));
    },

    /** Deletes every job post of one user (their account is gone); how many went. */
    async deleteJobsBy(tx: DbExecutor, userId: string): Promise<number> {
      const deleted = await tx
        .delete(jobPosts)
        .where(eq(jobPosts.postedBy, userId))
        .returning({ id: jobPosts.id });
      return deleted.length;
    },

    /** Deletes every interview experience of one user (the counts' trigger follows); how many went. */
    async deleteInterviewsBy(tx: DbExecutor, userId: string): Promise<number> {
      const deleted = await tx
        .delete(interviews)
        .where(eq(interviews.postedBy, userId))
        .returning({ id: interviews.id });
      return deleted.length;
    },

    /**
     * Keeps one user's experiences but takes them out of their hands and names: no author id, no
     * author name, no LinkedIn profile (a profile names its owner); a named one says `uploaderName`
     * (the "Deleted user" label), an anonymous one stays anonymous. Counts are untouched (the rows stay).
     */
    async anonymiseInterviewsBy(tx: DbExecutor, userId: string, uploaderName: string): Promise<number> {
      const changed = await tx
        .update(interviews)
        .set({
          postedBy: null,
          authorName: '',
          linkedinUrl: '',
          uploaderName: sql`case when ${interviews.uploaderName} is null then null else ${uploaderName} end`,
        })
        .where(eq(interviews.postedBy, userId))
        .returning({ id: interviews.id });
      return changed.length;
    },

    /**
     * Up to `limit` job posts never announced to moderation (version 0: older than moderation),
     * locked for the announcing transaction; one an edit holds is left for the next run.
     */
    async unannouncedJobs(tx: DbExecutor, limit: number): Promise<JobPostRecord[]> {
      return tx
        .select()
        .from(jobPosts)
        .where(eq(jobPosts.version, 0))
        .orderBy(asc(jobPosts.createdAt), asc(jobPosts.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** The same for interview experiences that still have an author (the announcement names one). */
    async unannouncedInterviews(tx: DbExecutor, limit: number): Promise<InterviewRecord[]> {
      return tx
        .select(interviewColumns)
        .from(interviews)
        .where(and(eq(interviews.version, 0), isNotNull(interviews.postedBy)))
        .orderBy(asc(interviews.createdAt), asc(interviews.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** Marks items as announced: version 1, as a create leaves them. */
    async markAnnounced(tx: DbExecutor, ids: { jobs: string[]; interviews: string[] }): Promise<void> {
      if (ids.jobs.length)
        await tx.update(jobPosts).set({ version: 1 }).where(inArray(jobPosts.id, ids.jobs));
      if (ids.interviews.length)
        await tx.update(interviews).set({ version: 1 }).where(inArray(interviews.id, ids.interviews));
    },

    /** One page of interview experiences matching the filters, and how many match (exact or estimated, see the search SQL). */
    async searchInterviews(filters: InterviewSearchFilters): Promise<Page<InterviewRecord>> {
      const { rows, total } = await runInterviewSearch(
        async <T extends Record<string, unknown>>(query: SQL) => rowsOf<T>(await db.execute(query)),
        filters,
      );
      return { items: rows.map(fromSearchRow), total };
    },
  };
}
