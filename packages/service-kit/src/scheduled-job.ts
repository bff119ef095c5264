import { eq, sql } from 'drizzle-orm';
import { integer, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db, Tx } from './db';

/**
 * The scheduled-jobs table, declared by a service in its own `data/schema.ts`
 * (`export const scheduledJobs = scheduledJobTable(eventsSchema)`) so drizzle-kit puts it in that
 * service's migrations, like the outbox. One row per job: when it last ran, so the schedule
 * survives restarts and is shared by every replica.
 */
export function scheduledJobTable(schema: PgSchema) {
  return schema.table('scheduled_jobs', {
    name: text('name').primaryKey(),
    /** When the last successful run started, by the service's clock. */
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    runs: integer('runs').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  });
}

export type ScheduledJobTable = ReturnType<typeof scheduledJobTable>;

export interface ScheduledJobRun {
  /** The transaction that holds the job's lock: work done through it commits with the run's record. */
  tx: Tx;
  /** The moment of this run, by the injected clock (use it, not `new Date()`, for "older than"). */
  now: Date;
  logger: Logger;
}

export interface ScheduledJobOptions {
  /** Unique within the service, e.g. 'expire-events'. */
  name: string;
  /** The least time between two runs. */
  everyMs: number;
  run(context: ScheduledJobRun): Promise<void>;
  db: Db;
  table: ScheduledJobTable;
  logger: Logger;
  /** The service's clock (ServiceDeps.now); tests move it instead of waiting. */
  now?: () => Date;
  /** How often each replica asks whether the job is due; min(everyMs, 1 minute) unless said. */
  checkEveryMs?: number;
}

/** What one check did: ran the work, found it not due, found another replica running it, or failed. */
export type TickOutcome = 'ran' | 'not-due' | 'busy' | 'failed';

export interface ScheduledJob {
  name: string;
  /** Checks once: runs the work when it is due and no other replica is running it. */
  tick(): Promise<TickOutcome>;
  /** Checks now, then every `checkEveryMs` (a timer that never keeps the process alive). */
  start(): void;
  /** No more checks; waits for a run in progress to finish. */
  stop(): Promise<void>;
  /** Resolves when no check is in progress (a test resets its data between checks, not during one). */
  idle(): Promise<void>;
}

/**
 * Work that runs once per interval across all replicas of a service. Every replica checks on its
 * own timer, but the database decides: the job's row is locked `FOR UPDATE SKIP LOCKED` in a
 * transaction, so while one replica runs the job the others skip it at once; the run is due only
 * when `lastRunAt + everyMs` has passed by the injected clock; `lastRunAt` is written in the same
 * transaction as the work, so a crash or an error mid-run leaves it due (run again at the next
 * check) and a restart neither repeats a run early nor skips one. Works the same on PGlite and
 * PostgreSQL. The work holds a transaction (and a connection) while it runs: keep it to database
 * work in bounded batches.
 */
export function createScheduledJob(options: ScheduledJobOptions): ScheduledJob {
  const { name, everyMs, db, table, run } = options;
  const clock = options.now ?? (() => new Date());
  const logger = options.logger.child({ job: name });
  const checkEveryMs = options.checkEveryMs ?? Math.min(everyMs, 60_000);
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<TickOutcome> | undefined;
  let started = false;

  async function check(): Promise<TickOutcome> {
    const now = clock();
    try {
      // Outside the run's transaction, so a first run in progress never makes others wait on it.
      await db.insert(table).values({ name }).onConflictDoNothing({ target: table.name });
      return await db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(table)
          .where(eq(table.name, name))
          .for('update', { skipLocked: true });
        if (!job) return 'busy';
        if (job.lastRunAt && now.getTime() < job.lastRunAt.getTime() + everyMs) return 'not-due';
        const runStarted = performance.now();
        await run({ tx, now, logger });
        await tx
          .update(table)
          .set({ lastRunAt: now, runs: sql`${table.runs} + 1`, lastError: null })
          .where(eq(table.name, name));
        logger.info({ ms: Math.round(performance.now() - runStarted) }, 'scheduled job ran');
        return 'ran';
      });
    } catch (err) {
      logger.error({ err }, 'scheduled job failed; it stays due');
      await db
        .update(table)
        .set({ lastFailedAt: now, lastError: err instanceof Error ? err.message : String(err) })
        .where(eq(table.name, name))
        .catch(() => undefined);
      return 'failed';
    }
  }

  const tick = (): Promise<TickOutcome> => {
    // One check at a time per replica: a slow run is never overlapped by this replica's own timer.
    inFlight ??= check().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void tick()
        .catch((err: unknown) => logger.error({ err }, 'scheduled job check failed'))
        .finally(() => {
          if (started) schedule();
        });
    }, checkEveryMs);
    timer.unref();
  };

  return {
    name,
    tick,
    start() {
      if (started) return;
      started = true;
      void tick().catch((err: unknown) => logger.error({ err }, 'scheduled job check failed'));
      schedule();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await inFlight?.catch(() => undefined);
    },
    async idle() {
      await inFlight?.catch(() => undefined);
    },
  };
}
