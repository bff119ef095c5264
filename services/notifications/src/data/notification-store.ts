import { and, count, eq, inArray, not, sql } from 'drizzle-orm';
import type { CursorPosition } from '@campus/contracts/cursor';
import type { DbExecutor } from '@campus/service-kit/db';
import { descNullsLast } from '@campus/service-kit/index-order';
import { notifications, outgoingMail } from './schema';

/** A notification as the rules see it: plain, camelCase. */
export interface NotificationRecord {
  id: string;
  kind: string;
  text: string;
  link: string;
  actorName: string | null;
  count: number;
  read: boolean;
  updatedAt: Date;
  seq: number;
}

export interface NewNotification {
  userId: string;
  kind: string;
  groupKey: string | null;
  text: string;
  link: string;
  actorName: string | null;
  at: Date;
}

/** What every read of a notification selects: its record (the change feed reads the same). */
export const notificationColumns = {
  id: notifications.id,
  kind: notifications.kind,
  text: notifications.text,
  link: notifications.link,
  actorName: notifications.actorName,
  count: notifications.count,
  read: notifications.read,
  updatedAt: notifications.updatedAt,
  seq: notifications.seq,
};

const nextSeq = sql<number>`nextval('notifications.change_seq')`;

/** Rows are returned by drizzle's `execute` as `{ rows }` on both drivers. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Notifications and the mail they cause. Every query takes the executor it runs on: the consumer's
 * or the request's transaction, or the database for a plain read.
 */
export function createNotificationStore() {
  return {
    /**
     * One statement, so concurrent consumers cannot make two: inserts the notification, or, when the
     * user has an unread one with the same group key, folds this cause into it (the partial unique
     * index `notifications_open_group_idx` is the arbiter): count + 1, the newest text, link and
     * time, the actor kept only while every cause had the same one, a new `seq`.
     */
    async upsert(tx: DbExecutor, n: NewNotification): Promise<NotificationRecord> {
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: n.userId,
          kind: n.kind,
          groupKey: n.groupKey,
          text: n.text,
          link: n.link,
          actorName: n.actorName,
          createdAt: n.at,
          updatedAt: n.at,
        })
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.groupKey],
          targetWhere: sql`not ${notifications.read} and ${notifications.groupKey} is not null`,
          set: {
            count: sql`${notifications.count} + 1`,
            text: sql`excluded.text`,
            link: sql`excluded.link`,
            actorName: sql`case when ${notifications.actorName} = excluded.actor_name then excluded.actor_name end`,
            updatedAt: sql`excluded.updated_at`,
            seq: nextSeq,
          },
        })
        .returning(notificationColumns);
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    /** A grouped notification's words for its new count (its row is this transaction's since the upsert). */
    async setText(tx: DbExecutor, id: string, text: string): Promise<void> {
      await tx.update(notifications).set({ text }).where(eq(notifications.id, id));
    },

    /**
     * A notification the user turned off in the app but gets by email: the mail's content only,
     * stored read and out of the app's list and count.
     */
    async insertForMailOnly(tx: DbExecutor, n: NewNotification): Promise<string> {
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: n.userId,
          kind: n.kind,
          groupKey: n.groupKey,
          text: n.text,
          link: n.link,
          actorName: n.actorName,
          read: true,
          inApp: false,
          createdAt: n.at,
          updatedAt: n.at,
        })
        .returning({ id: notifications.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /**
     * The email-only counterpart of the upsert's grouping: folds this cause into the user's newest
     * mail-only notification of the same kind and group key whose mail is still to send, or was sent
     * after `mailedSince` (its next mail then waits out the regroup time), the same way (count + 1,
     * the newest text, link and time, the actor kept only while every cause had the same one).
     * Resolves it, or undefined when there is none (the caller inserts a new one).
     */
    async foldIntoMailOnly(
      tx: DbExecutor,
      n: NewNotification & { groupKey: string },
      mailedSince: Date,
    ): Promise<{ id: string; count: number } | undefined> {
      const [open] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, n.userId),
            eq(notifications.kind, n.kind),
            eq(notifications.groupKey, n.groupKey),
            eq(notifications.inApp, false),
            sql`exists (select 1 from ${outgoingMail} m where m.notification_id = ${notifications.id}
              and (m.sent_at is null or (m.outcome = 'sent' and m.sent_at > ${mailedSince.toISOString()}::timestamptz)))`,
          ),
        )
        .orderBy(descNullsLast(notifications.updatedAt), descNullsLast(notifications.id))
        .limit(1)
        .for('update');
      if (!open) return undefined;
      const [row] = await tx
        .update(notifications)
        .set({
          count: sql`${notifications.count} + 1`,
          text: n.text,
          link: n.link,
          actorName: sql`case when ${notifications.actorName} = ${n.actorName} then ${notifications.actorName} end`,
          updatedAt: n.at,
        })
        .where(eq(notifications.id, open.id))
        .returning({ id: notifications.id, count: notifications.count });
      return row;
    },

    /** Queues a mail for the notification, unless one for it is still unsent (it will say the newest). */
    async queueMail(
      tx: DbExecutor,
      mail: { userId: string; notificationId: string; kind: string; delivery: string; createdAt: Date },
    ): Promise<void> {
      await tx
        .insert(outgoingMail)
        .values(mail)
        .onConflictDoNothing({
          target: outgoingMail.notificationId,
          where: sql`${outgoingMail.sentAt} is null`,
        });
    },

    async unreadCount(executor: DbExecutor, userId: string): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), not(notifications.read)));
      return row?.n ?? 0;
    },

    /** Newest first after `cursor` (exclusive), walking notifications_list_idx. */
    async page(
      executor: DbExecutor,
      userId: string,
      cursor: CursorPosition | undefined,
      limit: number,
    ): Promise<NotificationRecord[]> {
      return executor
        .select(notificationColumns)
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.inApp, true),
            cursor
              ? sql`(${notifications.updatedAt}, ${notifications.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(descNullsLast(notifications.updatedAt), descNullsLast(notifications.id))
        .limit(limit);
    },

    /**
     * Marks the user's own unread ones read (these ids, those whose link without its #part is the
     * place, or all); each takes a new `seq`. Resolves how many. A place walks the user's unread
     * (notifications_unread_idx: a few rows) and compares each link's path part.
     */
    async markRead(
      tx: DbExecutor,
      userId: string,
      target: { ids: string[] } | { place: string } | 'all',
    ): Promise<number> {
      if (target !== 'all' && 'ids' in target && target.ids.length === 0) return 0;
      const changed = await tx
        .update(notifications)
        .set({ read: true, seq: nextSeq })
        .where(
          and(
            eq(notifications.userId, userId),
            not(notifications.read),
            target === 'all'
              ? undefined
              : 'ids' in target
                ? inArray(notifications.id, target.ids)
                : sql`split_part(${notifications.link}, '#', 1) = ${target.place}`,
          ),
        )
        .returning({ id: notifications.id });
      return changed.length;
    },

    /**
     * Deletes up to `batch` read notifications last changed before `cutoff`, with their sent mail;
     * one whose mail is still to send stays until it is sent. Resolves how many went.
     */
    async pruneRead(tx: DbExecutor, cutoff: Date, batch: number): Promise<number> {
      const deleted = rowsOf<{ id: string }>(
        await tx.execute(sql`
          with doomed as (
            select n.id from ${notifications} n
            where n.read and n.updated_at < ${cutoff.toISOString()}::timestamptz
              and not exists (
                select 1 from ${outgoingMail} m where m.notification_id = n.id and m.sent_at is null
              )
            limit ${batch}
          ), mail as (
            delete from ${outgoingMail} m using doomed where m.notification_id = doomed.id
          )
          delete from ${notifications} n using doomed where n.id = doomed.id returning n.id`),
      );
      return deleted.length;
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
