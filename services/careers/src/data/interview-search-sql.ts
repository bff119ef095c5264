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
  posted_by: string | null;
  uploader_name: string | null;
  created_at: string | Date;
  edited_at: string | Date | null;
  author_name: string;
  version: number | string;
  moderation: 'visible' | 'hidden';
  moderation_reason: string | null;
  total: number | string;
}

const columns = sql`i.id, i.company_name, i.role, i.interview_rounds, i.interview_rounds_description,
  to_char(i.interview_date, 'YYYY-MM-DD') as interview_date, i.salary, i.interview_difficulty, i.city,
  i.job_type, i.linkedin_url, i.posted_by, i.uploader_name, i.created_at, i.edited_at, i.author_name, i.version,
  i.moderation, i.moderation_reason`;

// "desc nulls last" spells the indexes' order exactly (drizzle-kit writes them so), or the planner ignores them.
function orderBy(sort: InterviewSearchFilters['sort']): SQL {
  const newest = sql`i.created_at desc nulls last, i.id desc nulls last`;
  if (sort === 'date_desc') return sql`i.interview_date desc nulls last, ${newest}`;
  if (sort === 'date_asc') return sql`i.interview_date asc nulls last, ${newest}`;
  return newest;
}

/**
 * Every public read keeps to what everyone may see: an experience a moderator (or the reports
 * threshold) hid is in no search or browse page, and the counts (migration 0005) leave it out too.
 */
const visible = sql`i.moderation = 'visible'`;

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
 * How a query is answered without reading every match (migration 0003, ADR 0091):
 *
 * - Ranking is `ts_rank` then newest shared, within windows of RANK_WINDOW matches taken newest
 *   first: the newest 50 matches ranked, then the next 50, and so on. A query with at most 50 matches
 *   is ranked as a whole; a common word never ranks (or counts) 16,000 documents to show six.
 * - The first matches are found by walking the order's btree index (newest shared, or interview date)
 *   with the match as a filter, reading at most WALK_FACTOR rows per match wanted; a word rarer than
 *   that is looked up in the GIN index instead. Both ways give the same matches in the same order.
 * - `total` is exact when the matches were all seen; otherwise it is estimated from the walk
 *   (matches per row read, times the rows in scope) and never less than the matches counted, which
 *   run past the page, so `pages` is always greater than `page` while more remain (Load More works
 *   to the end) and exact once the end is near.
 */
export const RANK_WINDOW = 50;
export const WALK_FACTOR = 40;

/** The matches a page needs, newest-first (or date) order: whole rank windows up to the page's end, and one more. */
export function matchesWanted(filters: Pick<InterviewSearchFilters, 'sort' | 'limit' | 'offset'>): number {
  const end = filters.offset + filters.limit;
  return (filters.sort ? end : Math.ceil(end / RANK_WINDOW) * RANK_WINDOW) + 1;
}

export interface SearchCandidate extends Record<string, unknown> {
  id: string;
  rank: number | string;
  /** Rows of the index walk read up to and including this match (the walk only). */
  scanned?: number | string | null;
  /** All matches (the GIN lookup only: counted before the limit). */
  found?: number | string | null;
}

/**
 * The first `wanted` matches in the order's index, reading at most `scan` rows of it, with each
 * one's `ts_rank` and how far the walk had read. Reads the index and the rows it walks, nothing else.
 */
export function walkCandidatesSql(
  filters: Pick<InterviewSearchFilters, 'q' | 'company' | 'sort'>,
  wanted: number,
  scan: number,
): SQL {
  const order = orderBy(filters.sort);
  return sql`select c.id, ts_rank(c.search_document, careers.prefix_query(${filters.q})) as rank, c.scanned
    from (
      select i.id, i.created_at, i.interview_date, i.search_document, i.scanned
      from (
        select i.id, i.created_at, i.interview_date, i.search_document, row_number() over (order by ${order}) as scanned
        from (
          select i.id, i.created_at, i.interview_date, i.search_document from careers.interviews i
          where ${visible}${companyFilter(filters.company)} order by ${order} limit ${scan}
        ) i
      ) i
      where i.search_document @@ careers.prefix_query(${filters.q})
      limit ${wanted}
    ) c
    order by c.scanned`;
}

/** Every match of `q` (and `company`) through the GIN index, with its rank: `m`. */
function matchesCte(filters: Pick<InterviewSearchFilters, 'q' | 'company'>): SQL {
  return sql`m as materialized (
      select i.id, i.created_at, i.interview_date, ts_rank(i.search_document, careers.prefix_query(${filters.q})) as rank
      from careers.interviews i
      where ${visible} and i.search_document @@ careers.prefix_query(${filters.q})${companyFilter(filters.company)}
    )`;
}

/**
 * The same first `wanted` matches through the GIN index, with the number of all matches. Used for
 * rare words only, so every match is read; the CTE keeps the planner from walking the order's index
 * instead (its estimate for a prefix can be far too high, and that walk would read every row).
 */
export function lookupCandidatesSql(
  filters: Pick<InterviewSearchFilters, 'q' | 'company' | 'sort'>,
  wanted: number,
): SQL {
  return sql`with ${matchesCte(filters)}
    select i.id, i.rank, (select count(*) from m) as found
    from m i order by ${orderBy(filters.sort)} limit ${wanted}`;
}

/** How many experiences are in scope before `q`: all, or the filtered companies' (from the counts migration 0003 keeps). */
export function populationSql(company: string | undefined): SQL {
  if (!company)
    return sql`select coalesce(sum(c.interviews), 0) as population from careers.interview_counts c where c.scope = 'all'`;
  return sql`select coalesce(sum(c.interviews), 0) as population from careers.interview_counts c
    where starts_with(c.scope, 'company:' || careers.search_fold(${company}))`;
}

/**
 * Past this many matches a page is answered in the database (deepPageSql) instead of handing the
 * walk's candidates to Node: page 10,000 of 50 would otherwise bring up to every match across.
 */
export const DEEP_PAGE_MATCHES = 1_000;

/**
 * A page far down the list, in the same order as the walk's pages (rank windows of RANK_WINDOW in
 * the order's index order, or the date order), ordered and cut in the database: only the page's
 * rows leave it, with the number of all matches.
 */
export function deepPageSql(filters: InterviewSearchFilters): SQL {
  const pageOrder = filters.sort ? sql`o.at` : sql`floor(o.at / ${RANK_WINDOW}), o.rank desc, o.at`;
  return sql`with ${matchesCte(filters)},
    o as (select i.id, i.rank, row_number() over (order by ${orderBy(filters.sort)}) - 1 as at from m i)
    select ${columns}, (select count(*) from m) as total
    from o join careers.interviews i on i.id = o.id
    order by ${pageOrder}
    limit ${filters.limit} offset ${filters.offset}`;
}

/** The number of matches alone: for a deep page past the end, which has no row to carry `total`. */
export function matchCountSql(filters: Pick<InterviewSearchFilters, 'q' | 'company'>): SQL {
  return sql`with ${matchesCte(filters)} select count(*) as found from m`;
}

/** Full rows by id (the page's, once its order is known). */
export function interviewsByIdSql(ids: string[]): SQL {
  return sql`select ${columns}, 0 as total from careers.interviews i where i.id in ${ids}`;
}

/** One page of browsing (no `q`) and the number of all experiences in scope, read off a btree index. */
export function browseInterviewsSql(filters: Omit<InterviewSearchFilters, 'q'>): SQL {
  return sql`with page as (
      select i.* from careers.interviews i
      where ${visible}${companyFilter(filters.company)}
      order by ${orderBy(filters.sort)}
      limit ${filters.limit} offset ${filters.offset}
    )
    select ${columns}, (${populationSql(filters.company)}) as total
    from page i order by ${orderBy(filters.sort)}`;
}

type Execute = <T extends Record<string, unknown>>(query: SQL) => Promise<T[]>;

/**
 * One page of interview experiences and how many match (exact, or estimated as described above).
 * The service and the benchmark both run this.
 */
export async function runInterviewSearch(
  execute: Execute,
  filters: InterviewSearchFilters,
): Promise<{ rows: InterviewSearchRow[]; total: number }> {
  if (!filters.q) {
    const rows = await execute<InterviewSearchRow>(browseInterviewsSql(filters));
    const total = rows.length
      ? Number(rows[0]!.total)
      : Number((await execute<{ population: string }>(populationSql(filters.company)))[0]?.population ?? 0);
    return { rows, total };
  }
  const wanted = matchesWanted(filters);
  if (wanted > DEEP_PAGE_MATCHES) {
    // Far down the list: the database orders every match and answers the page alone.
    const rows = await execute<InterviewSearchRow>(deepPageSql(filters));
    const total = rows.length
      ? Number(rows[0]!.total)
      : Number((await execute<{ found: string }>(matchCountSql(filters)))[0]?.found ?? 0);
    return { rows, total };
  }
  const scan = wanted * WALK_FACTOR;
  const [walked, [scope]] = await Promise.all([
    execute<SearchCandidate>(walkCandidatesSql(filters, wanted, scan)),
    execute<{ population: string }>(populationSql(filters.company)),
  ]);
  const population = Number(scope?.population ?? 0);
  let candidates = walked;
  let total: number;
  if (walked.length === wanted) {
    // More match than the page needs: estimate from the walk, never below what it counted.
    const read = Number(walked[walked.length - 1]!.scanned);
    total = Math.max(wanted, Math.round((wanted * population) / read));
  } else if (population <= scan) {
    total = walked.length; // the walk read every row in scope: exact
  } else {
    candidates = await execute<SearchCandidate>(lookupCandidatesSql(filters, wanted));
    total = candidates.length ? Number(candidates[0]!.found) : 0;
  }
  const ids = pageOf(candidates, filters).map((c) => c.id);
  if (ids.length === 0) return { rows: [], total };
  const byId = new Map((await execute<InterviewSearchRow>(interviewsByIdSql(ids))).map((r) => [r.id, r]));
  return { rows: ids.map((id) => byId.get(id)!).filter(Boolean), total };
}

/**
 * The page of the candidates (in index order): by date as they come, or ranked window by window
 * (rank, then the index order, so ties stay newest first).
 */
export function pageOf<T extends { rank: number | string }>(
  candidates: T[],
  filters: Pick<InterviewSearchFilters, 'sort' | 'limit' | 'offset'>,
): T[] {
  const ordered = filters.sort
    ? candidates
    : candidates
        .map((c, at) => ({ c, at, window: Math.floor(at / RANK_WINDOW), rank: Number(c.rank) }))
        .sort((a, b) => a.window - b.window || b.rank - a.rank || a.at - b.at)
        .map((x) => x.c);
  return ordered.slice(filters.offset, filters.offset + filters.limit);
}

/** The naive scan the benchmark compares with: a case-insensitive substring match, no index. */
export function naiveInterviewSearchSql(q: string, limit: number): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`select ${columns}, count(*) over () as total from careers.interviews i
    where ${visible} and (i.company_name ilike ${pattern} or i.role ilike ${pattern} or i.interview_rounds_description ilike ${pattern})
    order by i.created_at desc, i.id desc limit ${limit}`;
}
