import { and, count, desc, eq, gt, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { CursorPosition } from '@campus/contracts/cursor';
import type { ContentChangedPayload } from '@campus/contracts/events';
import type { QueuePosition } from '@campus/contracts/moderation';
import type { ModerationAction } from '@campus/contracts/moderation-rules';
import type { DbExecutor } from '@campus/service-kit/db';
import { itemVersions, items, log, reports } from './schema';

/** An item as the rules see it: its latest snapshot and what moderation decided. */
export type ItemRecord = typeof items.$inferSelect;
export type ItemState = ItemRecord['state'];
export type ReportRecord = typeof reports.$inferSelect;
export type ReportStatus = ReportRecord['status'];
export type VersionRecord = typeof itemVersions.$inferSelect;

/** A log line with the item it names (the item's author is never read for it). */
export interface LogRecord {
  id: string;
  action: ModerationAction;
  by: 'moderator' | 'reports';
  moderatorId: string | null;
  moderatorName: string | null;
  reason: string;
  createdAt: Date;
  targetType: string;
  targetId: string;
  title: string;
  link: string;
}

const target = (targetType: string, targetId: string): SQL =>
  and(eq(items.targetType, targetType), eq(items.targetId, targetId))!;

/** The queue holds items with open reports, or hidden by reports until a teacher looks (items_queue_idx). */
const inQueue = sql`(${items.openReports} > 0 or ${items.hiddenBy} = 'reports')`;

/** The moderation service's data access: every query the rules need. The domain never sees SQL. */
export const moderationStore = {
  /** The item, locked for the rest of the transaction (reports and decisions on one item take turns). */
  async lockItem(tx: DbExecutor, targetType: string, targetId: string): Promise<ItemRecord | undefined> {
    const [row] = await tx.select().from(items).where(target(targetType, targetId)).limit(1).for('update');
    return row;
  },

  /**
   * A new item from its first event (whichever version that is); undefined when it is already known
   * (a concurrent first event may have inserted it: the caller then locks it and compares versions).
   */
  async insertItem(
    tx: DbExecutor,
    snapshot: ContentChangedPayload,
    state: ItemState,
    now: Date,
  ): Promise<ItemRecord | undefined> {
    const [row] = await tx
      .insert(items)
      .values({
        targetType: snapshot.targetType,
        targetId: snapshot.targetId,
        link: snapshot.link,
        authorId: snapshot.authorId,
        authorName: snapshot.authorName,
        anonymous: snapshot.anonymous,
        title: snapshot.title,
        text: snapshot.text,
        version: snapshot.version,
        state,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [items.targetType, items.targetId] })
      .returning();
    return row;
  },

  /** The item's latest snapshot (a newer version than the one kept). */
  async updateSnapshot(
    tx: DbExecutor,
    itemId: string,
    snapshot: ContentChangedPayload,
    state: ItemState,
    now: Date,
  ): Promise<void> {
    await tx
      .update(items)
      .set({
        link: snapshot.link,
        authorId: snapshot.authorId,
        authorName: snapshot.authorName,
        anonymous: snapshot.anonymous,
        title: snapshot.title,
        text: snapshot.text,
        version: snapshot.version,
        state,
        ...(state === 'deleted' ? { hiddenBy: null, hiddenReason: null } : {}),
        updatedAt: now,
      })
      .where(eq(items.id, itemId));
  },

  /** One version of the item's history (a repeat of a kept version changes nothing). */
  async addVersion(tx: DbExecutor, itemId: string, snapshot: ContentChangedPayload): Promise<void> {
    await tx
      .insert(itemVersions)
      .values({
        itemId,
        version: snapshot.version,
        change: snapshot.change,
        title: snapshot.title,
        text: snapshot.text,
        at: new Date(snapshot.at),
      })
      .onConflictDoNothing();
  },

  /** Moderation's own decision about the item: visible, hidden (by whom, why) or deleted. */
  async setState(
    tx: DbExecutor,
    itemId: string,
    change: { state: ItemState; hiddenBy: 'moderator' | 'reports' | null; hiddenReason: string | null },
    now: Date,
  ): Promise<void> {
    await tx
      .update(items)
      .set({ ...change, updatedAt: now })
      .where(eq(items.id, itemId));
  },

  /** The item's next decision number (under its lock): one more than the last published. */
  async nextDecision(tx: DbExecutor, itemId: string): Promise<number> {
    const [row] = await tx
      .update(items)
      .set({ decisions: sql`${items.decisions} + 1` })
      .where(eq(items.id, itemId))
      .returning({ decisions: items.decisions });
    if (!row) throw new Error('an item locked for a decision is not there');
    return row.decisions;
  },

  /** Takes the reporter's turn for the rest of the transaction (REPORTS_PER_HOUR is counted under it). */
  async lockReporter(tx: DbExecutor, reporterId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`moderation.reports:${reporterId}`}))`);
  },

  /** When the reporter's reports since `since` were made, newest first, at most `limit` of them. */
  async reportsSince(tx: DbExecutor, reporterId: string, since: Date, limit: number): Promise<Date[]> {
    const rows = await tx
      .select({ createdAt: reports.createdAt })
      .from(reports)
      .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)))
      .orderBy(desc(reports.createdAt))
      .limit(limit);
    return rows.map((r) => r.createdAt).reverse();
  },

  /** How a reporter's decided reports went: what their next report weighs. */
  async reporterRecord(tx: DbExecutor, reporterId: string): Promise<{ upheld: number; dismissed: number }> {
    const rows = await tx
      .select({ status: reports.status, n: count() })
      .from(reports)
      .where(and(eq(reports.reporterId, reporterId), inArray(reports.status, ['upheld', 'dismissed'])))
      .groupBy(reports.status);
    const of = (status: ReportStatus) => rows.find((r) => r.status === status)?.n ?? 0;
    return { upheld: of('upheld'), dismissed: of('dismissed') };
  },

  /** The report, or undefined when this reporter already reported the item (reports_once_idx). */
  async insertReport(
    tx: DbExecutor,
    report: {
      itemId: string;
      reporterId: string;
      reason: string;
      note: string | null;
      weight: number;
      createdAt: Date;
    },
  ): Promise<ReportRecord | undefined> {
    const [row] = await tx
      .insert(reports)
      .values(report)
      .onConflictDoNothing({ target: [reports.itemId, reports.reporterId] })
      .returning();
    if (row)
      await tx.update(items).set({ lastReportedAt: report.createdAt }).where(eq(items.id, report.itemId));
    return row;
  },

  /** Decides every open report of the item (upheld, dismissed, or closed when its author deleted it). */
  async decideOpenReports(
    tx: DbExecutor,
    itemId: string,
    status: Exclude<ReportStatus, 'open'>,
    now: Date,
  ): Promise<void> {
    await tx
      .update(reports)
      .set({ status, decidedAt: now })
      .where(and(eq(reports.itemId, itemId), eq(reports.status, 'open')));
  },

  /** Recounts the item's open reports and their weight (after a report or a decision); answers them. */
  async refreshOpenReports(
    tx: DbExecutor,
    itemId: string,
  ): Promise<{ openReports: number; openWeight: number }> {
    const [open] = await tx
      .select({ n: count(), weight: sum(reports.weight).mapWith(Number) })
      .from(reports)
      .where(and(eq(reports.itemId, itemId), eq(reports.status, 'open')));
    const openReports = open?.n ?? 0;
    const openWeight = open?.weight ?? 0;
    await tx.update(items).set({ openReports, openWeight }).where(eq(items.id, itemId));
    return { openReports, openWeight };
  },

  /** A page of the queue: most open reports first, then the heaviest, then the most recently reported. */
  async queuePage(
    executor: DbExecutor,
    cursor: QueuePosition | undefined,
    limit: number,
  ): Promise<ItemRecord[]> {
    return executor
      .select()
      .from(items)
      .where(
        and(
          inQueue,
          cursor
            ? sql`(${items.openReports}, ${items.openWeight}, ${items.lastReportedAt}, ${items.id}) < (${cursor.reports}::int, ${cursor.weight}::double precision, ${cursor.lastReportedAt}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(
        sql`${items.openReports} desc nulls last, ${items.openWeight} desc nulls last, ${items.lastReportedAt} desc nulls last, ${items.id} desc nulls last`,
      )
      .limit(limit);
  },

  /** The open reports of these items, newest first. */
  async openReportsOf(executor: DbExecutor, itemIds: string[]): Promise<ReportRecord[]> {
    if (itemIds.length === 0) return [];
    return executor
      .select()
      .from(reports)
      .where(and(inArray(reports.itemId, itemIds), eq(reports.status, 'open')))
      .orderBy(desc(reports.createdAt), desc(reports.id));
  },

  /** Every version of these items, newest first. */
  async versionsOf(executor: DbExecutor, itemIds: string[]): Promise<VersionRecord[]> {
    if (itemIds.length === 0) return [];
    return executor
      .select()
      .from(itemVersions)
      .where(inArray(itemVersions.itemId, itemIds))
      .orderBy(desc(itemVersions.version));
  },

  async addLog(
    tx: DbExecutor,
    entry: {
      action: ModerationAction;
      by: 'moderator' | 'reports';
      moderator: { id: string; name: string } | null;
      itemId: string;
      reason: string;
      createdAt: Date;
    },
  ): Promise<void> {
    await tx.insert(log).values({
      action: entry.action,
      by: entry.by,
      moderatorId: entry.moderator?.id ?? null,
      moderatorName: entry.moderator?.name ?? null,
      itemId: entry.itemId,
      reason: entry.reason,
      createdAt: entry.createdAt,
    });
  },

  /** Newest first after `cursor` (exclusive), walking log_newest_idx. */
  async logPage(
    executor: DbExecutor,
    cursor: CursorPosition | undefined,
    limit: number,
  ): Promise<LogRecord[]> {
    return executor
      .select({
        id: log.id,
        action: log.action,
        by: log.by,
        moderatorId: log.moderatorId,
        moderatorName: log.moderatorName,
        reason: log.reason,
        createdAt: log.createdAt,
        targetType: items.targetType,
        targetId: items.targetId,
        title: items.title,
        link: items.link,
      })
      .from(log)
      .innerJoin(items, eq(items.id, log.itemId))
      .where(
        cursor
          ? sql`(${log.createdAt}, ${log.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      )
      .orderBy(sql`${log.createdAt} desc nulls last, ${log.id} desc nulls last`)
      .limit(limit);
  },
};
