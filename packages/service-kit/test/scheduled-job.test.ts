import { eq } from 'drizzle-orm';
import { serial, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import pino from 'pino';
import type { Db } from '../src/db';
import {
  createScheduledJob,
  scheduledJobTable,
  type ScheduledJob,
  type ScheduledJobRun,
} from '../src/scheduled-job';
import { openKitTestDatabase, type KitTestDatabase } from './kit-test-database';

const HOUR = 60 * 60 * 1000;
const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

function tables(schema: PgSchema) {
  return {
    scheduledJobs: scheduledJobTable(schema),
    /** One row per run of the work: "ran once" is a row count. */
    effects: schema.table('effects', {
      id: serial('id').primaryKey(),
      job: text('job').notNull(),
      at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    }),
  };
}

let database: KitTestDatabase<ReturnType<typeof tables>>;
let replicaDb: Db;
let now: Date;
const jobs: ScheduledJob[] = [];

beforeAll(async () => {
  database = await openKitTestDatabase('scheduled_jobs_test', tables);
  replicaDb = database.openReplica();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.reset();
  now = new Date('2026-03-01T09:00:00Z');
});
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.stop()));
});

const recordRun = async ({ tx, now: at }: ScheduledJobRun) => {
  await tx.insert(database.tables.effects).values({ job: 'expire-events', at });
};

/** One replica's instance of the job, on its own connection pool when `db` says so. */
function replica(options: { db?: Db; run?: (run: ScheduledJobRun) => Promise<void> } = {}) {
  const job = createScheduledJob({
    name: 'expire-events',
    everyMs: 24 * HOUR,
    run: options.run ?? recordRun,
    db: options.db ?? database.db,
    table: database.tables.scheduledJobs,
    logger,
    now: () => now,
  });
  jobs.push(job);
  return job;
}

const runs = () => database.db.select().from(database.tables.effects).orderBy(database.tables.effects.id);

describe('a scheduled job shared by replicas', () => {
  it('when two replicas check at the same moment, then the work runs once', async () => {
    const outcomes = await Promise.all([replica().tick(), replica({ db: replicaDb }).tick()]);

    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'busy' || o === 'not-due')).toHaveLength(1);
    expect(await runs()).toHaveLength(1);
  });

  it('when a replica restarts, then it does not run the job again before its time, and runs it once the time has come', async () => {
    expect(await replica().tick()).toBe('ran');
    await jobs[0]!.stop();

    const restarted = replica({ db: replicaDb });
    now = new Date(now.getTime() + 24 * HOUR - 1);
    expect(await restarted.tick()).toBe('not-due');
    expect(await runs()).toHaveLength(1);

    now = new Date(now.getTime() + 1);
    expect(await restarted.tick()).toBe('ran');
    expect((await runs()).map((r) => r.at)).toEqual([
      new Date('2026-03-01T09:00:00Z'),
      new Date('2026-03-02T09:00:00Z'),
    ]);
  });

  it('when the clock moves past the interval, then the next check of any replica runs it, once', async () => {
    const a = replica();
    const b = replica({ db: replicaDb });
    expect(await a.tick()).toBe('ran');
    expect(await b.tick()).toBe('not-due');

    now = new Date(now.getTime() + 25 * HOUR);
    expect(await b.tick()).toBe('ran');
    expect(await a.tick()).toBe('not-due');
    expect(await runs()).toHaveLength(2);
  });

  it('when the work fails, then what it wrote is rolled back, the error is recorded and the job stays due', async () => {
    let fail = true;
    const job = replica({
      run: async (context) => {
        await recordRun(context);
        if (fail) throw new Error('events table is locked');
      },
    });

    expect(await job.tick()).toBe('failed');
    expect(await runs()).toHaveLength(0);
    const [row] = await database.db
      .select()
      .from(database.tables.scheduledJobs)
      .where(eq(database.tables.scheduledJobs.name, 'expire-events'));
    expect(row).toMatchObject({ lastRunAt: null, lastError: 'events table is locked', runs: 0 });

    fail = false;
    expect(await job.tick()).toBe('ran');
    expect(await runs()).toHaveLength(1);
  });

  it('when stopped during a run, then stop waits for the run to finish and commit', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const running = new Promise<void>((resolve) => (began = resolve));
    const job = replica({
      run: async (context) => {
        began();
        await released;
        await recordRun(context);
      },
    });

    job.start();
    await running;
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);

    release();
    await stopping;
    expect(await runs()).toHaveLength(1);
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    'on PostgreSQL, when one replica is running the job, then another replica skips it at once (busy) instead of waiting',
    async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let began!: () => void;
      const running = new Promise<void>((resolve) => (began = resolve));
      const slow = replica({
        run: async (context) => {
          began();
          await released;
          await recordRun(context);
        },
      });

      const first = slow.tick();
      await running;
      expect(await replica({ db: replicaDb }).tick()).toBe('busy');
      release();
      expect(await first).toBe('ran');
      expect(await runs()).toHaveLength(1);
    },
  );
});
