import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column desc nulls last`: the order drizzle-kit writes for an index declared `.on(t.x.desc())`.
 * PostgreSQL walks an index for an ORDER BY only when the nulls order matches too, and drizzle's
 * `desc(x)` means `desc nulls first`: a page ordered with `desc()` over such an index reads and
 * sorts the whole table (measured: 100,000 posts, 26 ms for a page of 20 instead of well under 1 ms).
 * Order by this wherever the index says `.desc()`; `planOf` (testing/query-plan.ts) shows a query's plan.
 */
export const descNullsLast = (column: AnyColumn | SQL): SQL => sql`${column} desc nulls last`;
