import { setTimeout as sleep } from 'node:timers/promises';
import type { EventEnvelope } from '@campus/contracts/events';
import { isNull, sql } from 'drizzle-orm';
import pino from 'pino';
import type { EventBus } from '../src/bus/event-bus';
import { addToOutbox, createOutboxRelay, type OutboxRelay } from '../src/outbox';
import { openTestDatabase, type TestDatabase } from './bus/test-database';
import { waitFor } from '../src/testing/wait-for';

jest.setTimeout(20_000);

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
let database: TestDatabase;
const relays: OutboxRelay[] = [];

beforeAll(async () => {
  database = await openTestDatabase('outbox_relay');
});
afterAll(() => database.close());
beforeEach(() => database.reset());
afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
});

/** A bus that records what it was given; `failNext` makes the next publishes reject. */
function recordingBus(options: { publishDelayMs?: number } = {}) {
  const published: EventEnvelope[] = [];
  let failures = 0;
  const bus: EventBus = {
    async publish(envelope) {
      if (options.publishDelayMs) await sleep(options.publishDelayMs);
      if (failures > 0) {
        failures--;
        throw new Error('broker said no');
      }
      published.push(envelope);
    },
    subscribe: async () => undefined,
    listen: async () => async () => undefined,
    close: async () => undefined,
    isHealthy: () => true,
  };
  return { bus, published, failNext: (n: number) => void (failures = n) };
}

function relayFor(
  bus: EventBus,
  options: Partial<Parameters<typeof createOutboxRelay>[0]> = {},
): OutboxRelay {
  const relay = createOutboxRelay({
    db: database.db,
    table: database.tables.outbox,
    bus,
    logger,
    pollIntervalMs: 60_000,
    ...options,
  });
  relays.push(relay);
  return relay;
}

const writeFlat = (n: number, traceId?: string) =>
  database.db.transaction((tx) =>
    addToOutbox(tx, database.tables.outbox, {
      name: 'housing.flat.requested',
      payload: { flatId: `flat-${n}`, userId: 'user-1' },
      producer: 'housing',
      ...(traceId ? { traceId } : {}),
    }),
  );

const flatIds = (events: EventEnvelope[]) => events.map((e) => (e.payload as { flatId: string }).flatId);

describe('addToOutbox', () => {
  it('writes the event in the caller transaction, so a rollback leaves no event behind', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await addToOutbox(tx, database.tables.outbox, {
          name: 'careers.job.posted',
          payload: { jobId: 'job-1', postedBy: 'user-1' },
          producer: 'careers',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(database.tables.outbox)).toEqual([]);
  });

  it('when the payload does not match the catalogue, it throws and nothing is written', async () => {
    await expect(
      database.db.transaction((tx) =>
        addToOutbox(tx, database.tables.outbox, {
          name: 'careers.job.posted',
          payload: { jobId: 'job-1' } as never,
          producer: 'careers',
        }),
      ),
    ).rejects.toThrow(/postedBy/);
    expect(await database.db.select().from(database.tables.outbox)).toEqual([]);
  });

  it('returns the envelope the relay will publish, trace id included', async () => {
    const { bus, published } = recordingBus();
    const envelope = await writeFlat(1, 'req-42');
    await relayFor(bus).flush();
    expect(published).toEqual([envelope]);
    expect(envelope).toMatchObject({
      name: 'housing.flat.requested',
      producer: 'housing',
      traceId: 'req-42',
    });
  });
});

describe('the outbox relay', () => {
  it('publishes rows in the order they were written and marks them published', async () => {
    const { bus, published } = recordingBus();
    for (let i = 1; i <= 5; i++) await writeFlat(i);

    expect(await relayFor(bus).flush()).toBe(5);

    expect(flatIds(published)).toEqual(['flat-1', 'flat-2', 'flat-3', 'flat-4', 'flat-5']);
    const waiting = await database.db
      .select()
      .from(database.tables.outbox)
      .where(isNull(database.tables.outbox.publishedAt));
    expect(waiting).toEqual([]);
  });

  it('publishes right away when kicked after a commit, without waiting for the poll', async () => {
    const { bus, published } = recordingBus();
    const relay = relayFor(bus, { pollIntervalMs: 60_000 });
    relay.start();
    await writeFlat(1);
    relay.kick();
    // The poll is a minute away: only the kick can publish it within the wait.
    await waitFor('the kicked event published', () => published.length === 1);
  });

  it('when a publish fails, the row waits with its attempts and error, nothing after it overtakes it, and it is retried', async () => {
    const { bus, published, failNext } = recordingBus();
    for (let i = 1; i <= 3; i++) await writeFlat(i);
    failNext(2);
    const relay = relayFor(bus, { pollIntervalMs: 20, initialBackoffMs: 30, maxBackoffMs: 60 });

    await expect(relay.flush()).rejects.toThrow('outbox publish failed');
    const [first] = await database.db
      .select()
      .from(database.tables.outbox)
      .orderBy(database.tables.outbox.position)
      .limit(1);
    expect(first).toMatchObject({ attempts: 1, lastError: 'broker said no', publishedAt: null });
    expect(published).toEqual([]);

    relay.start();
    await waitFor('all three published after the broker recovers', () => published.length === 3);
    // The bus saw the third publish before the relay recorded it: stopped, its last cycle has committed.
    await relay.stop();
    expect(flatIds(published)).toEqual(['flat-1', 'flat-2', 'flat-3']);
    const rows = await database.db
      .select()
      .from(database.tables.outbox)
      .orderBy(database.tables.outbox.position);
    expect(rows.map((r) => [r.attempts, r.lastError])).toEqual([
      [2, null],
      [0, null],
      [0, null],
    ]);
  });

  it('two relays on one outbox (two replicas) never publish a row twice, and keep the order', async () => {
    const { bus, published } = recordingBus({ publishDelayMs: 1 });
    for (let i = 1; i <= 40; i++) await writeFlat(i);
    const replicas = [
      relayFor(bus, { pollIntervalMs: 5, batchSize: 7 }),
      relayFor(bus, { pollIntervalMs: 5, batchSize: 7 }),
    ];

    for (const relay of replicas) relay.start();
    for (let i = 0; i < 10; i++) for (const relay of replicas) relay.kick();
    await waitFor('all 40 published', () => published.length >= 40);
    // Stopped, neither replica publishes again: what is recorded now is all there will be.
    await Promise.all(replicas.map((relay) => relay.stop()));

    expect(published).toHaveLength(40);
    expect(flatIds(published)).toEqual(Array.from({ length: 40 }, (_, i) => `flat-${i + 1}`));
  });

  it('stop publishes what is still waiting', async () => {
    const { bus, published } = recordingBus();
    await writeFlat(0);
    const relay = relayFor(bus, { pollIntervalMs: 60_000 });
    relay.start();
    // Its first cycle publishes flat-0 and ends; the next poll is a minute away and nothing kicks it.
    await waitFor('the first cycle to publish flat-0', () => published.length === 1);
    for (let i = 1; i <= 3; i++) await writeFlat(i);

    await relay.stop();

    expect(flatIds(published)).toEqual(['flat-0', 'flat-1', 'flat-2', 'flat-3']);
  });

  it('deletes published rows older than the retention and keeps the rest', async () => {
    const { bus } = recordingBus();
    const { outbox } = database.tables;
    const old = await writeFlat(1);
    await writeFlat(2);
    await relayFor(bus).flush();
    await database.db.execute(
      sql`update ${outbox} set published_at = now() - interval '2 hours' where ${outbox.id} = ${old.id}`,
    );
    const waiting = await writeFlat(3);

    const relay = relayFor(bus, { retentionMs: 60 * 60 * 1000 });
    relay.start();
    await waitFor('the old row pruned', async () => (await database.db.select().from(outbox)).length === 2);
    const rows = await database.db.select({ id: outbox.id }).from(outbox);
    expect(rows.map((r) => r.id)).not.toContain(old.id);
    expect(rows.map((r) => r.id)).toContain(waiting.id);
  });
});
