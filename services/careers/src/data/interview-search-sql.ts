import { sql, type SQL } from 'drizzle-orm';

/**
 * The interview search as SQL, shared by the service and the benchmark so both time the same query.
 * `careers.prefix_query` (migration 0001) turns user text into quoted prefix lexemes and
 * `careers.search_fold` folds the company filter: the text is always a bound parameter, never
 * tsquery or LIKE syntax.
 */
export interface InterviewSearchFilters {
  q: string;
  company?: string;
  sort?: 'date_desc' | 'date_asc';
  limit: number;
  offset: number;
}

export interface InterviewSearchRow extends Record<string, unknown> {
  id: string;
  company_name: string;
  role: string;
  interview_rounds: number | null;
  interview_rounds_description: string;
  interview_date: string | null;
  salary: string;
  interview_difficulty: 'Easy' | 'Medium' | 'Hard' | 'Difficult' | null;
  city: string;
  job_type: 'Full-Time' | 'Intern' | 'Part-Time' | 'Intern + FT' | null;
  linkedin_url: string;
  posted_by: string;
  uploader_name: string | null;
  created_at: string | Date;
  total: number | string;
}

const columns = sql`i.id, i.company_name, i.role, i.interview_rounds, i.interview_rounds_description,
  to_char(i.interview_date, 'YYYY-MM-DD') as interview_date, i.salary, i.interview_difficulty, i.city,
  i.job_type, i.linkedin_url, i.posted_by, i.uploader_name, i.created_at`;

// "desc nulls last" spells the indexes' order exactly (drizzle-kit writes them so), or the planner ignores them.
function orderBy(sort: InterviewSearchFilters['sort'], ranked: boolean): SQL {
  const newest = sql`i.created_at desc nulls last, i.id desc nulls last`;
  if (sort === 'date_desc') return sql`i.interview_date desc nulls last, ${newest}`;
  if (sort === 'date_asc') return sql`i.interview_date asc nulls last, ${newest}`;
  return ranked ? sql`rank desc, ${newest}` : newest;
}

/**
 * The company filter: the folded name starts with the folded filter. The range reads the
 * text_pattern_ops index; `starts_with` keeps the answer exact.
 */
function companyFilter(company: string | undefined): SQL {
  if (!company) return sql``;
  return sql` and i.company_key ~>=~ careers.search_fold(${company})
    and i.company_key ~<~ (careers.search_fold(${company}) || chr(1114111))
    and starts_with(i.company_key, careers.search_fold(${company}))`;
}

/**
 * How many experiences browsing shows: all of them from the count the trigger keeps (migration
 * 0002), one company's by counting its index range.
 */
function browseCountSql(company: string | undefined): SQL {
  if (!company) return sql`select coalesce(sum(c.interviews), 0) from careers.interview_counts c`;
  return sql`select count(*) from careers.interviews i where true${companyFilter(company)}`;
}

/** One page of interview experiences and the number of all matches (`total` on every row). */
export function searchInterviewsSql(filters: InterviewSearchFilters): SQL {
  const company = companyFilter(filters.company);
  if (filters.q) {
    // Only the narrow columns of every match are kept; full rows are read for the page alone.
    return sql`with matches as materialized (
        select i.id, i.created_at, i.interview_date, ts_rank(i.search_document, careers.prefix_query(${filters.q})) as rank
        from careers.interviews i
        where i.search_document @@ careers.prefix_query(${filters.q})${company}
      ),
      page as (select * from matches i order by ${orderBy(filters.sort, true)} limit ${filters.limit} offset ${filters.offset})
      select ${columns}, (select count(*) from matches) as total
      from page p join careers.interviews i on i.id = p.id
      order by ${orderBy(filters.sort, true)}`;
  }
  return sql`with page as (
      select i.* from careers.interviews i
      where true${company}
      order by ${orderBy(filters.sort, false)}
      limit ${filters.limit} offset ${filters.offset}
    )
    select ${columns}, (${browseCountSql(filters.company)}) as total
    from page i order by ${orderBy(filters.sort, false)}`;
}

/** The number of matches alone: for a page past the end, which has no row to carry `total`. */
export function countInterviewsSql(filters: Pick<InterviewSearchFilters, 'q' | 'company'>): SQL {
  const company = companyFilter(filters.company);
  if (!filters.q) return sql`select (${browseCountSql(filters.company)}) as total`;
  return sql`select count(*) as total from careers.interviews i
    where i.search_document @@ careers.prefix_query(${filters.q})${company}`;
}

/** The naive scan the benchmark compares with: a case-insensitive substring match, no index. */
export function naiveInterviewSearchSql(q: string, limit: number): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`select ${columns}, count(*) over () as total from careers.interviews i
    where i.company_name ilike ${pattern} or i.role ilike ${pattern} or i.interview_rounds_description ilike ${pattern}
    order by i.created_at desc, i.id desc limit ${limit}`;
}
