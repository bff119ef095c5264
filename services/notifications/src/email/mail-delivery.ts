import type { Logger } from 'pino';
import { NOTIFICATION_KINDS } from '@campus/contracts/notifications-rules';
import type { Db } from '@campus/service-kit/db';
import { createScheduledJob, type ScheduledJob, type TickOutcome } from '@campus/service-kit/scheduled-job';
import { scheduledJobs } from '../data/schema';
import { digestMessage, instantMessage } from './mail-content';
import type { ClaimedMail, ClaimLimits, MailContent, MailStore } from './mail-store';
import { describeSendFailure, type Mailer, type OutgoingMessage, type SendFailure } from './mailer';
import { DIGEST_SCOPE, signUnsubscribeToken } from './unsubscribe-token';

export const SEND_MAIL_JOB = 'send-mail';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** After attempt n fails, attempt n + 1 comes this much later (the last delay repeats). */
export const RETRY_DELAYS_MS = [2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 2 * HOUR];
/** A message that failed this many times is given up (logged, marked 'failed'). */
export const MAX_ATTEMPTS = 5;
/** A grouped notification (5 new comments on ...) is mailed at most once in this long. */
export const REGROUP_MS = 15 * MINUTE;

/** What a claim's lease adds to its messages' bound: the database work around them. */
export const LEASE_MARGIN_MS = 2 * MINUTE;

/**
 * The claim's limits for a send timeout: at most 20 instant mails and 10 digests, one message each,
 * one after the other, each aborted at `sendTimeoutMs`; the lease outlasts all of them (and is
 * renewed before each), so another replica never takes a row this one may still send.
 */
export function claimLimits(sendTimeoutMs: number): ClaimLimits {
  const instant = 20;
  const digestUsers = 10;
  return {
    instant,
    digestUsers,
    retryDelayMs: (attempt) => RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1]!,
    leaseMs: (instant + digestUsers) * sendTimeoutMs + LEASE_MARGIN_MS,
    maxAttempts: MAX_ATTEMPTS,
    regroupMs: REGROUP_MS,
    staleMs: { instant: 24 * HOUR, daily: 72 * HOUR },
  };
}

type Kinds = Record<string, { label: string; defaults: { inApp: boolean; email: string } } | undefined>;
const KINDS = NOTIFICATION_KINDS as Kinds;

/** The email a user gets for a kind now: their stored choice, else the kind's default; 'off' for an unknown kind. */
export function emailChoice(stored: Map<string, { email: string }> | undefined, kind: string): string {
  return stored?.get(kind)?.email ?? KINDS[kind]?.defaults.email ?? 'off';
}

export interface DeliveryDeps {
  db: Db;
  store: MailStore;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  origin: string;
  unsubscribeSecret: string;
  checkEveryMs: number;
  /** The mailer's bound on one message (MAIL_SEND_TIMEOUT_MS); the claim's lease is sized from it. */
  sendTimeoutMs: number;
}

/** One message to compose: one notification (instant) or one user's released daily rows (digest). */
interface Batch {
  userId: string;
  delivery: 'instant' | 'daily';
  rows: ClaimedMail[];
}

function batchesOf(claimed: ClaimedMail[]): Batch[] {
  const batches = new Map<string, Batch>();
  for (const row of claimed) {
    const key = row.delivery === 'instant' ? `i:${row.notificationId}` : `d:${row.userId}`;
    const batch = batches.get(key) ?? { userId: row.userId, delivery: row.delivery, rows: [] };
    batch.rows.push(row);
    batches.set(key, batch);
  }
  return [...batches.values()];
}

/**
 * Sends what the mail job claimed, after the claim committed (SMTP never runs inside a database
 * transaction). Each message honours the preference as it is now: a kind whose email was turned off
 * since is skipped. A failure counts against the message and it is tried again later; when the
 * server itself fails, the rest of this batch is not tried now. Logs hold ids, counts and the
 * server's reason without addresses, never a recipient or what a message says.
 */
function createSender(deps: DeliveryDeps, limits: ClaimLimits, stopping: AbortSignal) {
  const { store, mailer, origin, unsubscribeSecret } = deps;
  const unsubscribeUrl = (userId: string, kind: string) =>
    `${origin}/api/notifications/unsubscribe?token=${signUnsubscribeToken(unsubscribeSecret, { userId, kind })}`;

  function compose(
    batch: Batch,
    to: string,
    contents: Map<string, MailContent>,
  ): { message: OutgoingMessage; skipped: ClaimedMail[] } | { skipped: ClaimedMail[]; message?: undefined } {
    const usable = batch.rows.filter((row) => contents.has(row.notificationId));
    const gone = batch.rows.filter((row) => !contents.has(row.notificationId));
    if (batch.delivery === 'instant') {
      const row = usable[0];
      if (!row) return { skipped: gone };
      const content = contents.get(row.notificationId)!;
      const label = KINDS[row.kind]?.label ?? 'Notifications';
      const message = instantMessage(to, content, label, {
        origin,
        unsubscribeUrl: unsubscribeUrl(batch.userId, row.kind),
      });
      return { message, skipped: gone };
    }
    const seen = new Set<string>();
    const items = usable
      .map((row) => contents.get(row.notificationId)!)
      .filter((content) => !seen.has(content.id) && seen.add(content.id))
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id.localeCompare(a.id));
    if (items.length === 0) return { skipped: gone };
    const labels = [...new Set(items.map((item) => KINDS[item.kind]?.label ?? item.kind))];
    const message = digestMessage(to, items, labels, {
      origin,
      unsubscribeUrl: unsubscribeUrl(batch.userId, DIGEST_SCOPE),
    });
    return { message, skipped: gone };
  }

  return async function deliver(claimed: ClaimedMail[]): Promise<void> {
    const batches = batchesOf(claimed);
    const userIds = [...new Set(claimed.map((row) => row.userId))];
    const [contents, addresses, choices] = await Promise.all([
      store.contentOf([...new Set(claimed.map((row) => row.notificationId))]),
      store.addressesOf(userIds),
      store.choicesOf(deps.db, userIds),
    ]);
    const tally = { sent: 0, skipped: 0, failed: 0, gaveUp: 0, lost: 0 };
    let serverDown: SendFailure | undefined;

    const fail = async (rows: ClaimedMail[], failure: SendFailure) => {
      const attempt = Math.max(...rows.map((row) => row.attempt));
      const giveUp = failure.permanent || attempt >= MAX_ATTEMPTS;
      const now = deps.now();
      await store.markFailed(
        rows.map((row) => row.id),
        failure.reason,
        { giveUp, now, retryAt: new Date(now.getTime() + limits.retryDelayMs(attempt)) },
      );
      tally.failed += 1;
      if (giveUp) {
        tally.gaveUp += 1;
        deps.logger.warn(
          { mail: rows.map((row) => row.id), attempt, reason: failure.reason },
          'email given up',
        );
      }
    };
    const skip = async (rows: ClaimedMail[], reason: string) => {
      if (rows.length === 0) return;
      await store.markSkipped(
        rows.map((row) => row.id),
        reason,
        deps.now(),
      );
      tally.skipped += rows.length;
    };

    for (const batch of batches) {
      if (serverDown) {
        await fail(batch.rows, serverDown);
        continue;
      }
      const to = addresses.get(batch.userId);
      if (!to) {
        await skip(batch.rows, 'no email address');
        continue;
      }
      const mine = choices.get(batch.userId);
      const turnedOff = batch.rows.filter((row) => emailChoice(mine, row.kind) === 'off');
      await skip(turnedOff, 'email turned off');
      const wanted = { ...batch, rows: batch.rows.filter((row) => !turnedOff.includes(row)) };
      if (wanted.rows.length === 0) continue;
      const { message, skipped } = compose(wanted, to, contents);
      await skip(skipped, 'notification gone');
      if (!message) continue;
      const sending = wanted.rows.filter((row) => !skipped.includes(row));
      // Still ours, for at least this message's bound: else another replica has it (never sent twice).
      if (!(await store.renew(sending, new Date(deps.now().getTime() + limits.leaseMs)))) {
        tally.lost += 1;
        continue;
      }
      try {
        await mailer.send(message, stopping);
        await store.markSent(
          sending.map((row) => row.id),
          deps.now(),
        );
        tally.sent += 1;
      } catch (error) {
        const failure = describeSendFailure(error);
        if (failure.scope === 'server') serverDown = failure;
        await fail(sending, failure);
      }
    }
    if (serverDown)
      deps.logger.warn(
        { reason: serverDown.reason, failed: tally.failed },
        'email: the SMTP server failed; the messages are tried again later',
      );
    deps.logger.info(tally, 'email batch done');
  };
}

/** The level the kit's claim job logs at: warnings and worse, unless the service logs less still. */
function quieter(logger: Logger): Logger {
  const { values } = logger.levels;
  const current = values[logger.level] ?? Infinity;
  return logger.child({}, { level: current >= values.warn! ? logger.level : 'warn' });
}

/**
 * The mail job: every MAIL_CHECK_MS each replica looks for due mail; when there is some, the kit's
 * scheduled job (its row lock: one replica at a time) claims a bounded batch in its transaction,
 * and once that committed, this replica sends it. A claimed row is out of everyone else's reach
 * until its retry time, so a message is sent by one replica, once (unless the process dies
 * between the server's acceptance and the row's update: then at most once more).
 */
export function createSendMailJob(deps: DeliveryDeps): ScheduledJob {
  // Stopping the service aborts a send in progress (it counts as a failed attempt, retried later).
  const stopping = new AbortController();
  const limits = claimLimits(deps.sendTimeoutMs);
  const deliver = createSender(deps, limits, stopping.signal);
  let claimed: ClaimedMail[] = [];
  const claim = createScheduledJob({
    name: SEND_MAIL_JOB,
    everyMs: Math.max(1, Math.floor(deps.checkEveryMs / 2)),
    db: deps.db,
    table: scheduledJobs,
    logger: quieter(deps.logger),
    now: deps.now,
    run: async ({ tx, now }) => {
      claimed = await deps.store.claim(tx, now, limits);
    },
  });

  async function check(): Promise<TickOutcome> {
    if (!(await deps.store.anyDue(deps.now()))) return 'not-due';
    claimed = [];
    const outcome = await claim.tick();
    const batch = claimed;
    claimed = [];
    // 'ran' means the claim committed; anything else sends nothing (the rows are still due).
    if (outcome === 'ran' && batch.length > 0) await deliver(batch);
    return outcome;
  }

  let inFlight: Promise<TickOutcome> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  const tick = (): Promise<TickOutcome> => {
    inFlight ??= check()
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'email: the mail job failed; it runs again at the next check');
        return 'failed' as const;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      void tick().finally(() => {
        if (started) schedule();
      });
    }, deps.checkEveryMs);
    timer.unref();
  };

  return {
    name: SEND_MAIL_JOB,
    tick,
    start() {
      if (started) return;
      started = true;
      void tick();
      schedule();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      stopping.abort();
      await inFlight;
      deps.mailer.close();
    },
    async idle() {
      await inFlight;
    },
  };
}
