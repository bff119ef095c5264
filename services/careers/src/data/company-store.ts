import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@campus/service-kit/db';
import { publiclyVisible } from '@campus/service-kit/moderated-content';
import type { InterviewRecord, JobPostRecord } from './careers-store';
import { interviewColumns } from './careers-store';
import { interviews, jobPosts } from './schema';

/**
 * Company pages (issue 28, migration 0008): a company is every job post and interview experience
 * whose `company_slug` (careers.company_slug of the name: folded, runs of other characters one '-')
 * is the same. Only what the public sees counts: visible experiences, and job posts that are
 * visible and open (see `openJobs`).
 */

/** The SQL of a job post everyone sees in the open list: visible and not past its apply-by date. */
export const openJobs = (today: string): SQL =>
  sql`moderation = 'visible' AND coalesce(apply_by, 'infinity'::date) >= ${today}::date`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface CompanySummaryRow {
  slug: string;
  name: string;
  interviews: number;
  jobs: number;
}

export interface CompanyFacts {
  name: string;
  interviews: number;
  openJobs: number;
  averageRounds: number | null;
  difficulty: Record<'Easy' | 'Medium' | 'Hard' | 'Difficult' | 'notGiven', number>;
  roles: Array<{ role: string; count: number }>;
  salaries: Array<{ role: string; salary: string; count: number; source: 'interview' | 'job' }>;
  timeline: Array<{ month: string; interviews: number; jobs: number }>;
}

export function createCompanyStore(db: Db) {
  /** Every public item of the companies in scope: one row each, its company's slug and spelling. */
  const items = (today: string, slug?: SQL) => sql`
    SELECT i.company_slug AS slug, btrim(i.company_name) AS name, 1 AS interviews, 0 AS jobs, i.created_at
      FROM careers.interviews i
     WHERE i.moderation = 'visible' ${slug ? sql`AND i.company_slug = ${slug}` : sql``}
    UNION ALL
    SELECT j.company_slug, btrim(j.company_name), 0, 1, j.created_at
      FROM careers.job_posts j
     WHERE ${openJobs(today)} ${slug ? sql`AND company_slug = ${slug}` : sql``}`;

  /** The spelling most of a company's items use (the newest such spelling on a tie). */
  const displayNames = sql`
    SELECT DISTINCT ON (slug) slug, name
      FROM (SELECT slug, name, count(*) AS n, max(created_at) AS latest FROM items GROUP BY slug, name) s
     ORDER BY slug, n DESC, latest DESC, name`;

  return {
    /** Companies whose slug holds the query's slug (`q` blank: all), most items first; and how many. */
    async list(
      q: string,
      window: { offset: number; limit: number },
      today: string,
    ): Promise<{ rows: CompanySummaryRow[]; total: number }> {
      const filter = q ? sql`WHERE strpos(slug, careers.company_slug(${q})) > 0` : sql``;
      const result = rowsOf<CompanySummaryRow & { total: string | number }>(
        await db.execute(sql`
          WITH items AS (${items(today)}),
          companies AS (
            SELECT slug, sum(interviews)::int AS interviews, sum(jobs)::int AS jobs
              FROM items ${filter} GROUP BY slug
          ),
          names AS (${displayNames})
          SELECT c.slug, n.name, c.interviews, c.jobs, count(*) OVER () AS total
            FROM companies c JOIN names n USING (slug)
           ORDER BY c.interviews + c.jobs DESC, n.name, c.slug
           LIMIT ${window.limit} OFFSET ${window.offset}`),
      );
      let total = Number(result[0]?.total ?? 0);
      if (result.length === 0 && window.offset > 0) {
        const [counted] = rowsOf<{ total: string | number }>(
          await db.execute(sql`
            WITH items AS (${items(today)})
            SELECT count(DISTINCT slug) AS total FROM items ${filter}`),
        );
        total = Number(counted?.total ?? 0);
      }
      return {
        rows: result.map((r) => ({ slug: r.slug, name: r.name, interviews: r.interviews, jobs: r.jobs })),
        total,
      };
    },

    /** The slug of whatever a page's path holds (a slug is its own slug; a name becomes one). */
    async slugOf(segment: string): Promise<string> {
      const [row] = rowsOf<{ slug: string }>(
        await db.execute(sql`SELECT careers.company_slug(${segment}) AS slug`),
      );
      return row?.slug ?? '';
    },

    /** What the company's page says about it over all its public items; undefined when it has none. */
    async facts(slug: string, today: string): Promise<CompanyFacts | undefined> {
      const s = sql`${slug}`;
      const [head] = rowsOf<{ name: string | null; interviews: number; jobs: number }>(
        await db.execute(sql`
          WITH items AS (${items(today, s)}), names AS (${displayNames})
          SELECT (SELECT name FROM names) AS name,
                 coalesce(sum(interviews), 0)::int AS interviews, coalesce(sum(jobs), 0)::int AS jobs
            FROM items`),
      );
      if (!head?.name) return undefined;
      const [summary] = rowsOf<Record<string, number | string | null>>(
        await db.execute(sql`
          SELECT round(avg(interview_rounds), 1)::float8 AS "averageRounds",
                 count(*) FILTER (WHERE interview_difficulty = 'Easy')::int AS "Easy",
                 count(*) FILTER (WHERE interview_difficulty = 'Medium')::int AS "Medium",
                 count(*) FILTER (WHERE interview_difficulty = 'Hard')::int AS "Hard",
                 count(*) FILTER (WHERE interview_difficulty = 'Difficult')::int AS "Difficult",
                 count(*) FILTER (WHERE interview_difficulty IS NULL)::int AS "notGiven"
            FROM careers.interviews WHERE company_slug = ${slug} AND moderation = 'visible'`),
      );
      const roles = rowsOf<{ role: string; count: number }>(
        await db.execute(sql`
          SELECT min(btrim(role)) AS role, count(*)::int AS count
            FROM careers.interviews WHERE company_slug = ${slug} AND moderation = 'visible'
           GROUP BY lower(btrim(role)) ORDER BY count(*) DESC, min(btrim(role)) LIMIT 20`),
      );
      const salaries = rowsOf<{ role: string; salary: string; count: number; source: 'interview' | 'job' }>(
        await db.execute(sql`
          SELECT role, salary, count(*)::int AS count, source FROM (
            SELECT btrim(role) AS role, btrim(salary) AS salary, 'interview' AS source
              FROM careers.interviews WHERE company_slug = ${slug} AND moderation = 'visible'
            UNION ALL
            SELECT btrim(j.role), btrim(j.salary), 'job'
              FROM careers.job_posts j WHERE j.company_slug = ${slug} AND ${openJobs(today)}
          ) s
          WHERE salary <> ''
          GROUP BY role, salary, source ORDER BY count(*) DESC, role, salary LIMIT 30`),
      );
      const timeline = rowsOf<{ month: string; interviews: number; jobs: number }>(
        await db.execute(sql`
          SELECT month, count(*) FILTER (WHERE kind = 'i')::int AS interviews,
                 count(*) FILTER (WHERE kind = 'j')::int AS jobs
            FROM (
              SELECT to_char(coalesce(interview_date, (created_at AT TIME ZONE 'UTC')::date), 'YYYY-MM') AS month, 'i' AS kind
                FROM careers.interviews WHERE company_slug = ${slug} AND moderation = 'visible'
              UNION ALL
              SELECT to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), 'j'
                FROM careers.job_posts j WHERE j.company_slug = ${slug} AND ${openJobs(today)}
            ) v
           GROUP BY month ORDER BY month`),
      );
      return {
        name: head.name,
        interviews: Number(head.interviews),
        openJobs: Number(head.jobs),
        averageRounds: summary?.averageRounds == null ? null : Number(summary.averageRounds),
        difficulty: {
          Easy: Number(summary?.Easy ?? 0),
          Medium: Number(summary?.Medium ?? 0),
          Hard: Number(summary?.Hard ?? 0),
          Difficult: Number(summary?.Difficult ?? 0),
          notGiven: Number(summary?.notGiven ?? 0),
        },
        roles: roles.map((r) => ({ role: r.role, count: Number(r.count) })),
        salaries: salaries.map((r) => ({ ...r, count: Number(r.count) })),
        timeline: timeline.map((r) => ({ ...r, interviews: Number(r.interviews), jobs: Number(r.jobs) })),
      };
    },

    /** The company's newest visible experiences (company_slug index). */
    async experiences(slug: string, limit: number): Promise<InterviewRecord[]> {
      return db
        .select(interviewColumns)
        .from(interviews)
        .where(and(sql`company_slug = ${slug}`, publiclyVisible(interviews)))
        .orderBy(desc(interviews.createdAt), desc(interviews.id))
        .limit(limit);
    },

    /** The company's newest open job posts. */
    async jobs(slug: string, limit: number, today: string): Promise<JobPostRecord[]> {
      return db
        .select()
        .from(jobPosts)
        .where(and(sql`company_slug = ${slug}`, openJobs(today)))
        .orderBy(desc(jobPosts.createdAt), desc(jobPosts.id))
        .limit(limit);
    },
  };
}

export type CompanyStore = ReturnType<typeof createCompanyStore>;
