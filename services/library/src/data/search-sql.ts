import { sql, type SQL } from 'drizzle-orm';
import type { BookFile } from './schema';

/**
 * The catalogue search as SQL, shared by the service and the benchmark so both time the same query.
 * `library.prefix_query` (migration 0001) turns user text into quoted prefix lexemes: the text is
 * always a bound parameter and never tsquery or LIKE syntax.
 */
export interface SearchFilters {
  q: string;
  subject?: string;
  sort?: 'likes_desc' | 'likes_asc';
  limit: number;
  offset: number;
}

export interface BookSearchRow extends Record<string, unknown> {
  id: string;
  title: string;
  subject: string;
  branch: string;
  semester: number | null;
  tags: string[];
  drive_link: string | null;
  file: BookFile | null;
  uploaded_by: string | null;
  uploader_name: string | null;
  likes_count: number;
  likes: string[];
  status: 'pending' | 'accepted' | 'declined';
  verified_by: string | null;
  decline_reason: string | null;
  created_at: string | Date;
  version: number;
  edited_at: string | Date | null;
  moderation: 'visible' | 'hidden';
  moderation_reason: string | null;
  total: number | string;
}

const bookColumns = sql`b.id, b.title, b.subject, b.branch, b.semester, b.tags, b.drive_link, b.file, b.uploaded_by,
  b.uploader_name, b.likes_count, b.status, b.verified_by, b.decline_reason, b.created_at,
  b.version, b.edited_at, b.moderation, b.moderation_reason,
  array(select l.user_id::text from library.book_likes l where l.book_id = b.id order by l.created_at) as likes`;

// "desc nulls last" spells the indexes' order exactly (drizzle-kit writes them so), or the planner ignores them.
function orderBy(filters: SearchFilters, ranked: boolean): SQL {
  const likes =
    filters.sort === 'likes_desc'
      ? sql`b.likes_count desc nulls last, `
      : filters.sort === 'likes_asc'
        ? sql`b.likes_count asc, `
        : sql``;
  const newest = sql`b.created_at desc nulls last, b.id desc nulls last`;
  return ranked ? sql`${likes}rank desc, ${newest}` : sql`${likes}${newest}`;
}

/**
 * One page of accepted books no moderator has hidden, and the number of all matches (`total` on
 * every row).
 */
export function searchBooksSql(filters: SearchFilters): SQL {
  const subject = filters.subject ? sql` and b.subject = ${filters.subject}` : sql``;
  if (filters.q) {
    // Only the narrow columns of every match are kept; full rows are read for the page alone.
    return sql`with matches as materialized (
        select b.id, b.created_at, b.likes_count, ts_rank(b.search_document, library.prefix_query(${filters.q})) as rank
        from library.books b
        where b.status = 'accepted' and b.moderation = 'visible' and b.search_document @@ library.prefix_query(${filters.q})${subject}
      ),
      page as (select * from matches b order by ${orderBy(filters, true)} limit ${filters.limit} offset ${filters.offset})
      select ${bookColumns}, (select count(*) from matches) as total
      from page p join library.books b on b.id = p.id
      order by ${orderBy(filters, true)}`;
  }
  return sql`with page as (
      select b.* from library.books b
      where b.status = 'accepted' and b.moderation = 'visible'${subject}
      order by ${orderBy(filters, false)}
      limit ${filters.limit} offset ${filters.offset}
    )
    select ${bookColumns}, (${acceptedCountSql(filters.subject)}) as total
    from page b order by ${orderBy(filters, false)}`;
}

/** Accepted, visible books (of one subject), from the counts the trigger keeps (migration 0004). */
function acceptedCountSql(subject: string | undefined): SQL {
  return subject
    ? sql`select coalesce(sum(c.books), 0) from library.accepted_counts c where c.subject = ${subject}`
    : sql`select coalesce(sum(c.books), 0) from library.accepted_counts c`;
}

/** The number of matches alone: for a page past the end, which has no row to carry `total`. */
export function countBooksSql(filters: Pick<SearchFilters, 'q' | 'subject'>): SQL {
  if (!filters.q) return sql`select (${acceptedCountSql(filters.subject)}) as total`;
  const subject = filters.subject ? sql` and b.subject = ${filters.subject}` : sql``;
  return sql`select count(*) as total from library.books b
    where b.status = 'accepted' and b.moderation = 'visible' and b.search_document @@ library.prefix_query(${filters.q})${subject}`;
}
