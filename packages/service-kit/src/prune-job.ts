import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db, Tx } from './db';
import type { ScheduledJob, TickOutcome } from './scheduled-job';

export interface PruneJobOptions {
  /** The job's name, also its log lines' `job`: 'prune-inbox'. */
  name: string;
  db: Db;
  /** The table pruned: it names the advisory lock, so the replicas never prune it at the same time. */
  table: PgTable;
  /** Deletes the rows kept long enough as of `now`, in the lock's transaction; resolves with how many went. */
  prune(tx: Tx, now: Date): Promise<number>;
  /** What the log says when rows went: 'pruned expired idempotency keys'. */
  prunedMessage: string;
  /** What the log says when a check failed: 'inbox pruning failed; the next check tries again'. */
  failedMessage: string;
  logger: Logger;
  /** The service's clock (ServiceDeps.now): tests move it instead of waiting. */
  now?: () => Date;
  /** How often each replica prunes (default hourly). */
  everyMs?: number;
}

/**
 * Deletes the rows a table no longer needs (the inbox's old ids, expired idempotency keys): every
 * replica looks hourly (and at start), by the service's clock. The delete runs under a
 * transaction-scoped advisory lock on the table, so replicas never prune at the same time (the
 * other one answers 'busy'); pruning is idempotent, so no schedule has to survive a restart and no
 * table records it (unlike createScheduledJob). One check at a time per replica.
 */
export function createPruneJob(options: PruneJobOptions): ScheduledJob {
  const { name: jobName, db, table, prune, prunedMessage, failedMessage } = options;
  const everyMs = options.everyMs ?? 60 * 60 * 1000;
  const clock = options.now ?? (() => new Date());
  const { schema, name } = getTableConfig(table);
  const lockKey = `${schema}.${name}.prune`;
  const logger = options.logger.child({ job: jobName });
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<TickOutcome> | undefined;

  const check = async (): Promise<TickOutcome> => {
    try {
      const deleted = await db.transaction(async (tx) => {
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext(${lockKey})) as locked`,
        )) as { rows: Array<{ locked: boolean }> };
        if (!locked.rows[0]?.locked) return undefined;
        return prune(tx, clock());
      });
      if (deleted === undefined) return 'busy';
      if (deleted > 0) logger.info({ deleted }, prunedMessage);
      return 'ran';
    } catch (err) {
      logger.error({ err }, failedMessage);
      return 'failed';
    }
  };
  const tick = (): Promise<TickOutcome> => {
    inFlight ??= check().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  return {
    name: jobName,
    tick,
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await inFlight;
    },
    async idle() {
      await inFlight;
    },
  };
}
