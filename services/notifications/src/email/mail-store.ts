import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { addresses, notifications, outgoingMail, preferences } from '../data/schema';

/** A queued mail this replica has claimed: it alone sends it while its lease (`next_attempt_at`) lasts. */
export interface ClaimedMail {
  id: string;
  userId: string;
  notificationId: string;
  kind: string;
  delivery: 'instant' | 'daily';
  /** This attempt's number, from 1. */
  attempt: number;
}

/** What a mail says: the notification as it reads now (a grouped one has its newest text). */
export interface MailContent {
  id: string;
  kind: string;
  text: string;
  link: string;
  updatedAt: Date;
}

export interface ClaimLimits {
  /** The most instant mails one claim takes. */
  instant: number;
  /** The most users whose digest one claim takes (all of each one's released rows). */
  digestUsers: number;
  /** A failed attempt's number -> how long until the row may be tried again. */
  retryDelayMs(attempt: number): number;
  /**
   * How long a claim keeps the rows from everyone else: longer than the claimed batch can take to
   * send (its messages, each bounded by the send timeout), and renewed before each message.
   */
  leaseMs: number;
  maxAttempts: number;
  /** A grouped notification mails at most once in this long: later causes wait and go as one. */
  regroupMs: number;
  /** Rows older than this are dropped as stale instead of sent (a backlog from a long outage). */
  staleMs: { instant: number; daily: number };
}

const isDue = (now: Date) =>
  or(
    and(
      eq(outgoingMail.delivery, 'instant'),
      or(isNull(outgoingMail.nextAttemptAt), lte(outgoingMail.nextAttemptAt, now)),
    ),
    and(eq(outgoingMail.delivery, 'daily'), lte(outgoingMail.nextAttemptAt, now)),
  );
const pending = isNull(outgoingMail.sentAt);

/**
 * The email's queries on the service's tables: the queue (outgoing_mail, which the notification
 * consumers fill), what each mail says, where it goes, and the preferences it honours.
 */
export function createMailStore(db: Db) {
  return {
    /** Whether anything waits to be sent now: a cheap look before taking the job's lock. */
    async anyDue(now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: outgoingMail.id })
        .from(outgoingMail)
        .where(and(pending, isDue(now)))
        .limit(1);
      return rows.length > 0;
    },

    /** Opens the day's digests: every daily row queued until now becomes due. */
    async releaseDigests(tx: DbExecutor, now: Date): Promise<number> {
      const released = await tx
        .update(outgoingMail)
        .set({ nextAttemptAt: now })
        .where(
          and(
            pending,
            eq(outgoingMail.delivery, 'daily'),
            isNull(outgoingMail.nextAttemptAt),
            lte(outgoingMail.createdAt, now),
          ),
        )
        .returning({ id: outgoingMail.id });
      return released.length;
    },

    /**
     * Takes the due mail for sending, in the caller's transaction (the mail job's, which one replica
     * runs at a time): drops stale rows and rows out of attempts, holds back a grouped notification
     * mailed moments ago, and claims the rest by counting the attempt and setting `next_attempt_at`
     * to the end of its lease, so nobody else takes them while this replica sends them.
     */
    async claim(tx: DbExecutor, now: Date, limits: ClaimLimits): Promise<ClaimedMail[]> {
      const at = (msAgo: number) => new Date(now.getTime() - msAgo);
      await tx
        .update(outgoingMail)
        .set({ sentAt: now, outcome: 'skipped', lastError: 'too old to send' })
        .where(
          and(
            pending,
            isDue(now),
            or(
              and(
                eq(outgoingMail.delivery, 'instant'),
                lt(outgoingMail.createdAt, at(limits.staleMs.instant)),
              ),
              and(eq(outgoingMail.delivery, 'daily'), lt(outgoingMail.createdAt, at(limits.staleMs.daily))),
            ),
          ),
        );
      // A replica that stopped in the middle of a last attempt left its rows claimed: they are done.
      await tx
        .update(outgoingMail)
        .set({ sentAt: now, outcome: 'failed' })
        .where(and(pending, isDue(now), sql`${outgoingMail.attempts} >= ${limits.maxAttempts}`));

      const columns = {
        id: outgoingMail.id,
        userId: outgoingMail.userId,
        notificationId: outgoingMail.notificationId,
        kind: outgoingMail.kind,
        delivery: outgoingMail.delivery,
        attempts: outgoingMail.attempts,
      };
      const instant = await tx
        .select(columns)
        .from(outgoingMail)
        .where(and(pending, eq(outgoingMail.delivery, 'instant'), isDue(now)))
        .orderBy(asc(outgoingMail.createdAt))
        .limit(limits.instant);
      // When each of these notifications was last mailed, if lately: its next mail waits.
      const lately = instant.length
        ? await tx
            .select({ notificationId: outgoingMail.notificationId, at: max(outgoingMail.sentAt) })
            .from(outgoingMail)
            .where(
              and(
                inArray(
                  outgoingMail.notificationId,
                  instant.map((row) => row.notificationId),
                ),
                eq(outgoingMail.outcome, 'sent'),
                gt(outgoingMail.sentAt, new Date(now.getTime() - limits.regroupMs)),
              ),
            )
            .groupBy(outgoingMail.notificationId)
        : [];
      const mailedAt = new Map(lately.map((row) => [row.notificationId, row.at]));
      const regrouping = instant.filter((row) => mailedAt.get(row.notificationId));
      for (const row of regrouping)
        await tx
          .update(outgoingMail)
          .set({ nextAttemptAt: new Date(mailedAt.get(row.notificationId)!.getTime() + limits.regroupMs) })
          .where(eq(outgoingMail.id, row.id));

      const digestUsers = tx
        .selectDistinct({ userId: outgoingMail.userId })
        .from(outgoingMail)
        .where(and(pending, eq(outgoingMail.delivery, 'daily'), isDue(now)))
        .limit(limits.digestUsers);
      const daily = await tx
        .select(columns)
        .from(outgoingMail)
        .where(
          and(
            pending,
            eq(outgoingMail.delivery, 'daily'),
            isDue(now),
            inArray(outgoingMail.userId, digestUsers),
          ),
        );

      const claimed = [...instant.filter((row) => !regrouping.includes(row)), ...daily];
      const byAttempt = new Map<number, string[]>();
      for (const row of claimed)
        byAttempt.set(row.attempts + 1, [...(byAttempt.get(row.attempts + 1) ?? []), row.id]);
      for (const [attempt, ids] of byAttempt)
        await tx
          .update(outgoingMail)
          .set({
            attempts: attempt,
            nextAttemptAt: new Date(now.getTime() + limits.leaseMs),
            // The attempt under way has not failed (yet): its failure, if any, is written by markFailed.
            lastError: null,
          })
          .where(inArray(outgoingMail.id, ids));
      return claimed.map(({ attempts, delivery, ...row }) => ({
        ...row,
        delivery: delivery === 'daily' ? 'daily' : 'instant',
        attempt: attempts + 1,
      }));
    },

    /**
     * Extends this replica's claim on `rows` until `until`, right before it sends their message; false
     * when any of them is no longer its own (done, or claimed again by another replica after the lease
     * ran out): then it must not send them.
     */
    async renew(rows: Array<{ id: string; attempt: number }>, until: Date): Promise<boolean> {
      if (rows.length === 0) return true;
      const renewed = await db
        .update(outgoingMail)
        .set({ nextAttemptAt: until })
        .where(
          and(
            pending,
            or(
              ...rows.map((row) => and(eq(outgoingMail.id, row.id), eq(outgoingMail.attempts, row.attempt))),
            ),
          ),
        )
        .returning({ id: outgoingMail.id });
      return renewed.length === rows.length;
    },

    async markSent(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(outgoingMail)
        .set({ sentAt: now, outcome: 'sent', lastError: null })
        .where(and(pending, inArray(outgoingMail.id, ids)));
    },

    async markSkipped(ids: string[], reason: string, now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(outgoingMail)
        .set({ sentAt: now, outcome: 'skipped', lastError: reason })
        .where(and(pending, inArray(outgoingMail.id, ids)));
    },

    /** A failed attempt: tried again at `retryAt`, unless this was the last. */
    async markFailed(
      ids: string[],
      error: string,
      options: { giveUp: boolean; now: Date; retryAt: Date },
    ): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(outgoingMail)
        .set(
          options.giveUp
            ? { sentAt: options.now, outcome: 'failed', lastError: error }
            : { lastError: error, nextAttemptAt: options.retryAt },
        )
        .where(and(pending, inArray(outgoingMail.id, ids)));
    },

    async contentOf(notificationIds: string[]): Promise<Map<string, MailContent>> {
      if (notificationIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          text: notifications.text,
          link: notifications.link,
          updatedAt: notifications.updatedAt,
        })
        .from(notifications)
        .where(inArray(notifications.id, notificationIds))
        .orderBy(desc(notifications.updatedAt), desc(notifications.id));
      return new Map(rows.map((row) => [row.id, row]));
    },

    async addressesOf(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select().from(addresses).where(inArray(addresses.userId, userIds));
      return new Map(rows.map((row) => [row.userId, row.email]));
    },

    /** The stored choices of these users (a kind without a row has its declared defaults). */
    async choicesOf(
      executor: DbExecutor,
      userIds: string[],
    ): Promise<Map<string, Map<string, { inApp: boolean; email: string }>>> {
      const choices = new Map<string, Map<string, { inApp: boolean; email: string }>>();
      if (userIds.length === 0) return choices;
      const rows = await executor.select().from(preferences).where(inArray(preferences.userId, userIds));
      for (const row of rows) {
        const mine = choices.get(row.userId) ?? new Map<string, { inApp: boolean; email: string }>();
        mine.set(row.kind, { inApp: row.inApp, email: row.email });
        choices.set(row.userId, mine);
      }
      return choices;
    },

    /**
     * Turns email off for these kinds of one user, keeping each kind's in-app choice (`inApp` for a
     * kind that has no row yet: its declared default).
     */
    async turnEmailOff(
      executor: DbExecutor,
      userId: string,
      kinds: Array<{ kind: string; inApp: boolean }>,
      now: Date,
    ): Promise<void> {
      if (kinds.length === 0) return;
      await executor
        .insert(preferences)
        .values(kinds.map(({ kind, inApp }) => ({ userId, kind, inApp, email: 'off', updatedAt: now })))
        .onConflictDoUpdate({
          target: [preferences.userId, preferences.kind],
          set: { email: 'off', updatedAt: now },
        });
    },
  };
}

export type MailStore = ReturnType<typeof createMailStore>;
