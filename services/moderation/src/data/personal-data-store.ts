import { and, asc, eq, inArray, isNotNull, sql, type Column } from 'drizzle-orm';
import {
  DELETED_PLACEHOLDER,
  DELETED_USER_ID,
  DELETED_USER_NAME,
  type ContentTargetType,
} from '@campus/contracts/moderation-rules';
import type { DbExecutor } from '@campus/service-kit/db';
import { itemVersions, items, log, outbox, reports } from './schema';

/** A regular expression matching `text` literally, as a whole (a name may hold '.', '(' ...). */
const wholly = (text: string) =>
  `(^|[^[:alnum:]_])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^[:alnum:]_])`;

/**
 * What moderation holds about one person, read for their export and removed or anonymised when
 * they delete their account (domain/personal-data.ts says which is which).
 */
export const personalDataStore = {
  /** Their reports, with the item each names (never that item's author), oldest first. */
  async reportsBy(executor: DbExecutor, userId: string) {
    return executor
      .select({
        targetType: items.targetType,
        targetId: items.targetId,
        link: items.link,
        title: items.title,
        reason: reports.reason,
        note: reports.note,
        weight: reports.weight,
        status: reports.status,
        createdAt: reports.createdAt,
        decidedAt: reports.decidedAt,
      })
      .from(reports)
      .innerJoin(items, eq(items.id, reports.itemId))
      .where(eq(reports.reporterId, userId))
      .orderBy(asc(reports.createdAt), asc(reports.id));
  },

  /** The items they wrote, as moderation last saw them, oldest first. */
  async itemsBy(executor: DbExecutor, userId: string) {
    return executor
      .select()
      .from(items)
      .where(eq(items.authorId, userId))
      .orderBy(asc(items.createdAt), asc(items.id));
  },

  /** Every version of these items, oldest first. */
  async versionsOf(executor: DbExecutor, itemIds: string[]) {
    if (itemIds.length === 0) return [];
    return executor
      .select()
      .from(itemVersions)
      .where(inArray(itemVersions.itemId, itemIds))
      .orderBy(asc(itemVersions.version));
  },

  /** The actions a teacher took, with the item each names (never its author), oldest first. */
  async actionsBy(executor: DbExecutor, userId: string) {
    return executor
      .select({
        action: log.action,
        targetType: items.targetType,
        targetId: items.targetId,
        link: items.link,
        title: items.title,
        reason: log.reason,
        createdAt: log.createdAt,
      })
      .from(log)
      .innerJoin(items, eq(items.id, log.itemId))
      .where(eq(log.moderatorId, userId))
      .orderBy(asc(log.createdAt), asc(log.id));
  },

  /** The names moderation knows them by: as the author of their items, as the teacher of their actions. */
  async namesOf(executor: DbExecutor, userId: string): Promise<string[]> {
    const rows = await executor.execute(sql`
      select distinct ${items.authorName} as name from ${items} where ${items.authorId} = ${userId}
      union
      select distinct ${log.moderatorName} from ${log} where ${log.moderatorId} = ${userId}`);
    return (rows as unknown as { rows: Array<{ name: string | null }> }).rows
      .map((r) => r.name?.trim() ?? '')
      .filter((name) => name.length > 0 && name !== DELETED_USER_NAME);
  },

  /** The names their items carry as their author's (what their words might sign with). */
  async authorNamesOf(executor: DbExecutor, userId: string): Promise<string[]> {
    const rows = await executor
      .selectDistinct({ name: items.authorName })
      .from(items)
      .where(eq(items.authorId, userId));
    return rows.map((r) => r.name.trim()).filter((name) => name.length > 0 && name !== DELETED_USER_NAME);
  },

  /**
   * Where other people's words in moderation name them (a teacher's reason, a reporter's note, the
   * reason an item is hidden): the name becomes "Deleted user". Whole words, case-insensitive; a
   * name under three letters is left alone ("A", "Jo": words in any sentence).
   */
  async unname(tx: DbExecutor, name: string): Promise<void> {
    if (name.length < 3) return;
    const pattern = wholly(name);
    const replacement = `\\1${DELETED_USER_NAME}\\2`;
    await tx
      .update(log)
      .set({ reason: sql`regexp_replace(${log.reason}, ${pattern}, ${replacement}, 'gi')` })
      .where(sql`${log.reason} ~* ${pattern}`);
    await tx
      .update(reports)
      .set({ note: sql`regexp_replace(${reports.note}, ${pattern}, ${replacement}, 'gi')` })
      .where(sql`${reports.note} ~* ${pattern}`);
    await tx
      .update(items)
      .set({ hiddenReason: sql`regexp_replace(${items.hiddenReason}, ${pattern}, ${replacement}, 'gi')` })
      .where(sql`${items.hiddenReason} ~* ${pattern}`);
    // The published decisions that carried such a reason (kept only to investigate).
    await tx
      .delete(outbox)
      .where(and(isNotNull(outbox.publishedAt), sql`${outbox.payload}::text ~* ${pattern}`));
  },

  /**
   * Their reports stay for the queue and for the item's count (reason, weight and outcome as they
   * were), reported by nobody: the reporter becomes a tombstone of the report's own (unique per
   * report, as the one-report-per-user index wants, and nobody's). `dropNotes`: their notes go too.
   */
  async unnameReporter(tx: DbExecutor, userId: string, dropNotes: boolean): Promise<void> {
    await tx
      .update(reports)
      .set({
        reporterId: sql`${`${DELETED_USER_ID}:`} || ${reports.id}::text`,
        ...(dropNotes ? { note: null } : {}),
      })
      .where(eq(reports.reporterId, userId));
  },

  /** A teacher's actions stay in the log (what, which item, when, why), by "Deleted user". */
  async unnameModerator(tx: DbExecutor, userId: string): Promise<void> {
    await tx
      .update(log)
      .set({ moderatorId: DELETED_USER_ID, moderatorName: DELETED_USER_NAME })
      .where(eq(log.moderatorId, userId));
  },

  /**
   * Their name goes from the words of the items they wrote (title and text, the snapshot and every
   * version): a post may sign itself, a flat request's title is its poster's name. Whole words,
   * case-insensitive; a name under three letters only where it is the whole title or text (as a
   * word it would also be one in any sentence).
   */
  async unnameWordsOf(tx: DbExecutor, userId: string, name: string): Promise<void> {
    const mine = tx.select({ id: items.id }).from(items).where(eq(items.authorId, userId));
    if (name.length < 3) {
      const whole = (column: Column) =>
        sql`case when lower(btrim(${column})) = lower(${name}) then ${DELETED_USER_NAME} else ${column} end`;
      const named = (a: Column, b: Column) =>
        sql`(lower(btrim(${a})) = lower(${name}) or lower(btrim(${b})) = lower(${name}))`;
      await tx
        .update(items)
        .set({ title: whole(items.title), text: whole(items.text) })
        .where(and(eq(items.authorId, userId), named(items.title, items.text)));
      await tx
        .update(itemVersions)
        .set({ title: whole(itemVersions.title), text: whole(itemVersions.text) })
        .where(and(inArray(itemVersions.itemId, mine), named(itemVersions.title, itemVersions.text)));
      return;
    }
    const pattern = wholly(name);
    const replacement = `\\1${DELETED_USER_NAME}\\2`;
    const replaced = (column: Column) => sql`regexp_replace(${column}, ${pattern}, ${replacement}, 'gi')`;
    await tx
      .update(items)
      .set({ title: replaced(items.title), text: replaced(items.text) })
      .where(
        and(eq(items.authorId, userId), sql`(${items.title} ~* ${pattern} or ${items.text} ~* ${pattern})`),
      );
    await tx
      .update(itemVersions)
      .set({ title: replaced(itemVersions.title), text: replaced(itemVersions.text) })
      .where(
        and(
          inArray(itemVersions.itemId, mine),
          sql`(${itemVersions.title} ~* ${pattern} or ${itemVersions.text} ~* ${pattern})`,
        ),
      );
  },

  /** What they wrote stays (snapshot, versions, anonymous or not), by "Deleted user". */
  async anonymiseItemsBy(tx: DbExecutor, userId: string, now: Date): Promise<void> {
    await tx
      .update(items)
      .set({ authorId: DELETED_USER_ID, authorName: DELETED_USER_NAME, updatedAt: now })
      .where(eq(items.authorId, userId));
  },

  /**
   * What they wrote goes: its versions, and its snapshot's words. The item itself stays as a husk
   * ('[deleted]', by "Deleted user", deleted) because other people's rows hang on it: the reports
   * on it (their reporters' records, which weigh their next reports) and the teachers' log. Its open
   * reports close undecided, as when an author deletes an item.
   */
  async deleteItemsBy(
    tx: DbExecutor,
    userId: string,
    now: Date,
    only?: readonly ContentTargetType[],
  ): Promise<void> {
    const mine = await tx
      .update(items)
      .set({
        authorId: DELETED_USER_ID,
        authorName: DELETED_USER_NAME,
        title: DELETED_PLACEHOLDER,
        text: '',
        state: 'deleted',
        hiddenBy: null,
        hiddenReason: null,
        openReports: 0,
        openWeight: 0,
        updatedAt: now,
      })
      .where(and(eq(items.authorId, userId), only ? inArray(items.targetType, [...only]) : undefined))
      .returning({ id: items.id });
    const ids = mine.map((item) => item.id);
    if (ids.length === 0) return;
    await tx.delete(itemVersions).where(inArray(itemVersions.itemId, ids));
    await tx
      .update(reports)
      .set({ status: 'closed', decidedAt: now })
      .where(and(inArray(reports.itemId, ids), eq(reports.status, 'open')));
  },
};

/** Whether an item's author deleted their account (its snapshot keeps no author). */
export const authorForgotten = (item: { authorId: string }) => item.authorId === DELETED_USER_ID;
