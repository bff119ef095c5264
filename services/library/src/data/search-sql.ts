import { sql, type SQL } from 'drizzle-orm';

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
  drive_link: string;
  uploaded_by: string;
  likes_count: number;
  likes: string[];
  status: 'pending' | 'accepted' | 'declined';
  verified_by: string | null;
  created_at: string | Date;
  total: number | string;
}

const bookColumns = sql`b.id, b.title, b.subject, b.branch, b.semester, b.tags, b.drive_link, b.uploaded_by,
  b.likes_count, b.status, b.verified_by, b.created_at,
  array(select l.user_id::text from library.book_likes l where l.book_id = b.id order by l.created_at) as likes`;

function orderBy(filters: SearchFilters, ranked: boolean): SQL {
  const likes =
    filters.sort === 'likes_desc' ? sql`b.likes_count desc, ` : filters.sort === 'likes_asc' ? sql`b.likes_count asc, ` : sql``;
  return ranked ? sql`${likes}rank desc, b.created_at desc, b.id desc` : sql`${likes}b.created_at desc, b.id desc`;
}

/** One page of accepted books and the number of all matches (`total` on every row). */
export function searchBooksSql(filters: SearchFilters): SQL {
  const subject = filters.subject ? sql` and b.subject = ${filters.subject}` : sql``;
  if (filters.q) {
    return sql`with query as (select library.prefix_query(${filters.q}) as tsq),
      matches as (
        select b.*, ts_rank(b.search_document, query.tsq) as rank, count(*) over () as total
        from library.books b, query
        where b.status = 'accepted' and b.search_document @@ query.tsq${subject}
        order by ${orderBy(filters, true)}
        limit ${filters.limit} offset ${filters.offset}
      )
      select ${bookColumns}, b.total from matches b order by ${orderBy(filters, true)}`;
  }
  return sql`with page as (
      select b.* from library.books b
      where b.status = 'accepted'${subject}
      order by ${orderBy(filters, false)}
      limit ${filters.limit} offset ${filters.offset}
    )
    select ${bookColumns},
      (select count(*) from library.books c where c.status = 'accepted'${filters.subject ? sql` and c.subject = ${filters.subject}` : sql``}) as total
    from page b order by ${orderBy(filters, false)}`;
}

/** The number of matches alone: for a page past the end, which has no row to carry `total`. */
export function countBooksSql(filters: Pick<SearchFilters, 'q' | 'subject'>): SQL {
  const subject = filters.subject ? sql` and b.subject = ${filters.subject}` : sql``;
  const text = filters.q ? sql` and b.search_document @@ library.prefix_query(${filters.q})` : sql``;
  return sql`select count(*) as total from library.books b where b.status = 'accepted'${text}${subject}`;
}
