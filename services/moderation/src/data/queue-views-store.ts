import { and, sql } from 'drizzle-orm';
import type { ActivityPosition } from '@campus/contracts/moderation';
import type { DbExecutor } from '@campus/service-kit/db';
import type { ItemRecord } from './moderation-store';
import { items, log, reports } from './schema';

/**
 * An item's latest activity: its last change (a content event or a decision moves `updated_at`),
 * its last report, or the last action on it (a dismiss or a reveal moves neither). PostgreSQL's
 * greatest() skips nulls. The order and the cursor's comparison use this same expression.
 */
const activityAt =
  sql<Date>`greatest(${items.updatedAt}, ${items.lastReportedAt}, (select max(${log.createdAt}) from ${log} where ${log.itemId} = ${items.id}))`.mapWith(
    items.updatedAt,
  );

const WHERE = {
  /** Every item hidden now, whoever hid it (the reports threshold or a teacher). */
  hidden: sql`${items.state} = 'hidden'`,
  /** Every item ever reported or acted on: a restored or dismissed one stays reachable here. */
  all: sql`(exists (select 1 from ${reports} where ${reports.itemId} = ${items.id}) or exists (select 1 from ${log} where ${log.itemId} = ${items.id}))`,
};

/** The queue's `hidden` and `all` views: most recent activity first, paged by (activity, id). */
export async function activityPage(
  executor: DbExecutor,
  status: 'hidden' | 'all',
  cursor: ActivityPosition | undefined,
  limit: number,
): Promise<Array<{ item: ItemRecord; activityAt: Date }>> {
  const rows = await executor
    .select({ item: items, activityAt: activityAt.as('activity_at') })
    .from(items)
    .where(
      and(
        WHERE[status],
        cursor
          ? sql`(${activityAt}, ${items.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`activity_at desc, ${items.id} desc`)
    .limit(limit);
  return rows;
}
