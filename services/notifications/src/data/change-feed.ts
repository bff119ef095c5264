import { and, desc, eq, gt, max, not, sql } from 'drizzle-orm';
import type { Db } from '@campus/service-kit/db';
import { notificationColumns, type NotificationRecord } from './notification-store';
import { notifications } from './schema';

/** The most changes a resuming stream is sent: the newest ones (the list page has the rest). */
export const CATCH_UP_MAX = 100;

/**
 * What an open stream reads from the database (walking notifications_changes_idx): a user's
 * notifications changed after a `seq` (created, grouped or read: each change takes the next
 * number), and, in one query, the position the user's changes have reached with the unread count
 * (counted as GET /api/notifications/unread-count counts: the user's, not read).
 */
export function createChangeFeed(db: Db) {
  return {
    /** The user's in-app notifications changed after `afterSeq`: the newest CATCH_UP_MAX, oldest first. */
    async changedSince(userId: string, afterSeq: number): Promise<NotificationRecord[]> {
      const rows = await db
        .select(notificationColumns)
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.inApp, true),
            gt(notifications.seq, afterSeq),
          ),
        )
        .orderBy(desc(notifications.seq))
        .limit(CATCH_UP_MAX);
      return rows.reverse();
    },

    /** The newest change of the user's (0 when none: where a stream opened now stands) and their unread count. */
    async snapshot(userId: string): Promise<{ position: number; unread: number }> {
      const [row] = await db
        .select({
          position: max(notifications.seq),
          unread: sql<number>`count(*) filter (where ${not(notifications.read)})`.mapWith(Number),
        })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return { position: Number(row?.position ?? 0), unread: row?.unread ?? 0 };
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
