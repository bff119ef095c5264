import { and, count, eq, type SQL } from 'drizzle-orm';
import { descNullsLast } from '@campus/service-kit/index-order';
import type { Db, DbExecutor } from '@campus/service-kit/db';
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
  postedBy: string;
  uploaderName: string | null;
  createdAt: Date;
}

export interface Page<T> {
  items: T[];
  total: number;
}

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
  createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
});

const interviewColumns = {
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
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A page of job posts newest first (all, or one user's own): walks job_posts_newest_idx or job_posts_posted_by_newest_idx. */
export function jobPageQuery(
  executor: DbExecutor,
  window: { offset: number; limit: number },
  postedBy?: string,
) {
  return executor
    .select()
    .from(jobPosts)
    .where(postedBy === undefined ? undefined : eq(jobPosts.postedBy, postedBy))
    .orderBy(descNullsLast(jobPosts.createdAt), descNullsLast(jobPosts.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function createCareersStore(db: Db) {
  return {
    /** Job posts newest first (all, or one user's own), and how many there are. */
    async jobPage(
      window: { offset: number; limit: number },
      postedBy?: string,
    ): Promise<Page<JobPostRecord>> {
      const where = postedBy === undefined ? undefined : eq(jobPosts.postedBy, postedBy);
      const [items, [counted]] = await Promise.all([
        jobPageQuery(db, window, postedBy),
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

    /** Deletes the post if it is still there and still its author's; true when this call deleted it. */
    async deleteJob(executor: DbExecutor, id: string, postedBy: string): Promise<boolean> {
      const deleted = await executor
        .delete(jobPosts)
        .where(and(eq(jobPosts.id, id), eq(jobPosts.postedBy, postedBy)))
        .returning({ id: jobPosts.id });
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
