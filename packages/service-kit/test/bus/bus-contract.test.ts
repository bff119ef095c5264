import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventName } from '@campus/contracts/events';
import { eq, isNotNull } from 'drizzle-orm';
import pino from 'pino';
import { InvalidEventError, type EventConsumer, type FailedDelivery } from '../../src/bus/event-bus';
import { handleOnce } from '../../src/inbox';
import { addToOutbox, createOutboxRelay } from '../../src/outbox';
import { busAdapters, TEST_RETRY, type BusAdapter, type Peer } from './bus-adapters';
import { openTestDatabase, type TestDatabase } from './test-database';
import { waitFor } from '../../src/testing/wait-for';

jest.setTimeout(30_000);

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase('bus_contract');
});
afterAll(() => database.close());

function flatRequested(n: number, id: string = randomUUID()): EventEnvelope {
  return {
    id,
    name: 'housing.flat.requested',
    occurredAt: new Date().toISOString(),
    producer: 'housing',
    traceId: `trace-${n}`,
    payload: { flatId: `flat-${n}`, userId: 'user-1' },
  };
}

function teacherUpdated(): EventEnvelope {
  return {
    id: randomUUID(),
    name: 'profile.teacher.updated',
    occurredAt: new Date().toISOString(),
    producer: 'profile',
    payload: { userId: 'teacher-1', name: 'Dr. Iyer', department: 'CS', subjects: ['Compiler Design'] },
  };
}

const seqOf = (envelope: EventEnvelope): number =>
  Number((envelope.payload as { flatId: string }).flatId.slice(5));

/** The consumer's work: one `effects` row per event, recorded through the inbox. */
function applyOnce(queue: string, envelope: EventEnvelope): Promise<boolean> {
  const { inbox, effects } = database.tables;
  return handleOnce(database.db, inbox, envelope, async (tx) => {
    await tx.insert(effects).values({ eventId: envelope.id, queue, seq: seqOf(envelope) });
  });
}

async function effectsIn(queue: string): Promise<Array<{ eventId: string; seq: number | null }>> {
  const { effects } = database.tables;
  return database.db
    .select({ eventId: effects.eventId, seq: effects.seq })
    .from(effects)
    .where(eq(effects.queue, queue));
}

function consumer(
  queue: string,
  handle: EventConsumer['handle'],
  events: EventName[] = ['housing.flat.requested'],
): EventConsumer {
  return { queue, events, handle };
}

describe.each(busAdapters())('the $name event bus', ({ networked, create }) => {
  let adapter: BusAdapter;

  beforeEach(async () => {
    adapter = create();
    await database.reset();
  });
  afterEach(() => adapter.teardown());

  const whenNetworked = networked ? it : it.skip;

  it('delivers an event, intact, to every queue bound to its name and to no other', async () => {
    const peer = await adapter.peer();
    const profile = adapter.queue('profile');
    const library = adapter.queue('library');
    const received: Record<string, EventEnvelope[]> = { [profile]: [], [library]: [] };
    await peer.bus.subscribe(consumer(profile, async (e) => void received[profile]?.push(e)));
    await peer.bus.subscribe(
      consumer(library, async (e) => void received[library]?.push(e), ['profile.teacher.updated']),
    );

    const sent = flatRequested(1);
    await peer.bus.publish(sent);
    // A queue delivers in order: once a later event reached each queue, a stray copy of `sent` would have too.
    const laterForProfile = flatRequested(2);
    const laterForLibrary = teacherUpdated();
    await peer.bus.publish(laterForProfile);
    await peer.bus.publish(laterForLibrary);

    await waitFor('the later event in the profile queue', () => received[profile]?.length === 2);
    await waitFor('the later event in the library queue', () => received[library]?.length === 1);
    expect(received[profile]).toEqual([sent, laterForProfile]);
    expect(received[library]).toEqual([laterForLibrary]);
  });

  it('when two replicas consume one queue, each event is handled by exactly one of them', async () => {
    const publisher = await adapter.peer();
    const replicas = [await adapter.peer(), await adapter.peer()];
    const queue = adapter.queue('competing');
    const handledBy: Array<{ replica: number; id: string }> = [];
    for (const [index, replica] of replicas.entries()) {
      await replica.bus.subscribe(
        consumer(queue, async (e) => {
          // Counted once its work is done, so "all handled" below means all effects are in.
          await applyOnce(queue, e);
          handledBy.push({ replica: index, id: e.id });
        }),
      );
    }

    const sent = Array.from({ length: 20 }, (_, i) => flatRequested(i));
    for (const event of sent) await publisher.bus.publish(event);

    await waitFor('all 20 events handled', () => handledBy.length >= 20);
    // Both replicas stop consuming (deliveries in flight finish first), so what they handled is final.
    await Promise.all(replicas.map((replica) => replica.bus.close()));
    expect(handledBy).toHaveLength(20);
    expect(new Set(handledBy.map((h) => h.id)).size).toBe(20);
    expect(handledBy.some((h) => h.replica === 0) && handledBy.some((h) => h.replica === 1)).toBe(true);
    expect(await effectsIn(queue)).toHaveLength(20);
  });

  it('when a handler crashes after its work committed, the event comes again and the work stays done once', async () => {
    const peer = await adapter.peer();
    const queue = adapter.queue('crash-after-commit');
    const outcomes: boolean[] = [];
    await peer.bus.subscribe(
      consumer(queue, async (e) => {
        outcomes.push(await applyOnce(queue, e));
        if (outcomes.length === 1) throw new Error('crashed before acknowledging');
      }),
    );

    await peer.bus.publish(flatRequested(1));

    await waitFor('the redelivery', () => outcomes.length === 2);
    expect(outcomes).toEqual([true, false]);
    expect(await effectsIn(queue)).toHaveLength(1);
    expect(await adapter.deadLetters(queue)).toEqual([]);
  });

  it('the same event delivered twice is handled once', async () => {
    const peer = await adapter.peer();
    const queue = adapter.queue('duplicate');
    const outcomes: boolean[] = [];
    await peer.bus.subscribe(consumer(queue, async (e) => void outcomes.push(await applyOnce(queue, e))));

    const event = flatRequested(1);
    await peer.bus.publish(event);
    await peer.bus.publish(event);

    await waitFor('both deliveries', () => outcomes.length === 2);
    expect(outcomes.sort()).toEqual([false, true]);
    expect(await effectsIn(queue)).toEqual([{ eventId: event.id, seq: 1 }]);
  });

  it('a poison event is dead-lettered after bounded retries, does not hold back the next one, and can be replayed', async () => {
    const peer = await adapter.peer();
    const queue = adapter.queue('poison');
    let fixed = false;
    const poisonAttempts: number[] = [];
    let poisonAttemptsWhenNextHandled = -1;
    await peer.bus.subscribe(
      consumer(queue, async (e) => {
        if (seqOf(e) === 1 && !fixed) {
          poisonAttempts.push(Date.now());
          throw new Error('cannot handle flat-1');
        }
        if (seqOf(e) === 2) poisonAttemptsWhenNextHandled = poisonAttempts.length;
        await applyOnce(queue, e);
      }),
    );

    const poison = flatRequested(1);
    await peer.bus.publish(poison);
    await peer.bus.publish(flatRequested(2));

    await waitFor(
      'the poison event in the dead-letter queue',
      async () => (await adapter.deadLetters(queue)).length === 1,
    );
    expect(poisonAttemptsWhenNextHandled).toBeGreaterThanOrEqual(1);
    expect(poisonAttemptsWhenNextHandled).toBeLessThan(TEST_RETRY.maxAttempts);
    const [letter] = await adapter.deadLetters(queue);
    expect(letter).toMatchObject({ queue, attempts: TEST_RETRY.maxAttempts, reason: 'cannot handle flat-1' });
    expect(JSON.parse(letter?.body ?? '')).toEqual(poison);
    // Dead-lettered after the last attempt: a dead letter is not delivered again.
    expect(poisonAttempts).toHaveLength(TEST_RETRY.maxAttempts);
    // Backoff: the redeliveries wait at least the configured delays.
    const [first, second, third] = poisonAttempts as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual((TEST_RETRY.delaysMs[0] ?? 0) - 5);
    expect(third - second).toBeGreaterThanOrEqual((TEST_RETRY.delaysMs[1] ?? 0) - 5);

    fixed = true;
    expect(await adapter.replay(queue)).toBe(1);
    await waitFor('the replayed event handled', async () => (await effectsIn(queue)).length === 2);
    expect(await adapter.deadLetters(queue)).toEqual([]);
  });

  it('tells the consumer of each failed delivery: retried, then dead-lettered after the last attempt (metrics count these)', async () => {
    const peer = await adapter.peer();
    const queue = adapter.queue('told');
    const told: FailedDelivery[] = [];
    await peer.bus.subscribe({
      ...consumer(queue, async () => {
        throw new Error('always fails');
      }),
      failed: (delivery) => void told.push(delivery),
    });

    await peer.bus.publish(flatRequested(1));

    await waitFor('the dead letter told', () => told.some((d) => d.deadLettered));
    const event = 'housing.flat.requested';
    expect(told).toEqual([
      { event, attempts: 1, deadLettered: false },
      { event, attempts: 2, deadLettered: false },
      { event, attempts: TEST_RETRY.maxAttempts, deadLettered: true },
    ]);
  });

  it('publish rejects an envelope that breaks the contract, and nothing is delivered', async () => {
    const peer = await adapter.peer();
    const queue = adapter.queue('contract');
    const received: EventEnvelope[] = [];
    await peer.bus.subscribe(consumer(queue, async (e) => void received.push(e)));

    await expect(
      peer.bus.publish({ ...flatRequested(1), payload: { flatId: 'flat-1' } }),
    ).rejects.toBeInstanceOf(InvalidEventError);
    await expect(peer.bus.publish({ ...flatRequested(1), name: 'housing.flat.burnt' })).rejects.toThrow(
      "unknown event name 'housing.flat.burnt'",
    );
    // The queue delivers in order: a valid event published after them arrives alone.
    const valid = flatRequested(2);
    await peer.bus.publish(valid);
    await waitFor('the valid event', () => received.length === 1);
    expect(received).toEqual([valid]);
  });

  it('after the broker was unreachable, the outbox publishes every event written meanwhile exactly once, in order', async () => {
    const producer = await adapter.peer();
    const consumerPeer = await adapter.peer({ prefetch: 1 });
    const queue = adapter.queue('catch-up');
    const order: number[] = [];
    await consumerPeer.bus.subscribe(
      consumer(queue, async (e) => {
        order.push(seqOf(e));
        await applyOnce(queue, e);
      }),
    );
    const { outbox } = database.tables;
    const relay = createOutboxRelay({
      db: database.db,
      table: outbox,
      bus: producer.bus,
      logger,
      pollIntervalMs: 50,
      initialBackoffMs: 50,
      maxBackoffMs: 200,
    });
    relay.start();
    try {
      producer.cut();
      for (let i = 1; i <= 10; i++) {
        await database.db.transaction((tx) =>
          addToOutbox(tx, outbox, {
            name: 'housing.flat.requested',
            payload: { flatId: `flat-${i}`, userId: 'u' },
            producer: 'housing',
          }),
        );
        relay.kick();
      }
      await waitFor('a failed publish recorded on the outbox', async () => {
        const rows = await database.db.select().from(outbox);
        return rows.some((row) => row.attempts > 0 && row.lastError !== null);
      });
      expect(await database.db.select().from(outbox).where(isNotNull(outbox.publishedAt))).toEqual([]);
      expect(order).toEqual([]);

      producer.restore();
      await waitFor('all 10 events consumed', () => order.length >= 10, 15_000);
      // One more through the relay: it publishes in outbox order and the queue delivers in order
      // (prefetch 1), so a second copy of any of the ten would arrive before this one.
      await database.db.transaction((tx) =>
        addToOutbox(tx, outbox, {
          name: 'housing.flat.requested',
          payload: { flatId: 'flat-11', userId: 'u' },
          producer: 'housing',
        }),
      );
      relay.kick();
      await waitFor('the eleventh event consumed', () => order.includes(11));
      // Delivered is not yet done: wait for the eleven effects (each is applied at most once).
      await waitFor('all eleven effects applied', async () => (await effectsIn(queue)).length >= 11);
      expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect((await effectsIn(queue)).map((e) => e.seq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(order);
      const rows = await database.db.select().from(outbox);
      expect(rows.every((row) => row.publishedAt !== null)).toBe(true);
    } finally {
      await relay.stop();
    }
  });

  whenNetworked(
    'while the broker is unreachable, publish rejects at once and health is false; both recover',
    async () => {
      const peer = await adapter.peer();
      const queue = adapter.queue('outage');
      const received: EventEnvelope[] = [];
      await peer.bus.subscribe(consumer(queue, async (e) => void received.push(e)));
      expect(peer.bus.isHealthy()).toBe(true);

      peer.cut();
      await waitFor('the bus to notice', () => !peer.bus.isHealthy());
      await expect(peer.bus.publish(flatRequested(1))).rejects.toThrow('unreachable');

      peer.restore();
      await waitFor('the bus to reconnect', () => peer.bus.isHealthy());
      await peer.bus.publish(flatRequested(2));
      await waitFor('the event after the outage', () => received.length === 1);
      expect(received.map(seqOf)).toEqual([2]);
    },
  );

  whenNetworked(
    'a consumer whose connection dropped reconnects, re-declares, and gets what was published meanwhile',
    async () => {
      const publisher = await adapter.peer();
      const consumerPeer = await adapter.peer();
      const queue = adapter.queue('reconnect');
      const received: number[] = [];
      await consumerPeer.bus.subscribe(consumer(queue, async (e) => void received.push(seqOf(e))));

      consumerPeer.cut();
      await waitFor('the consumer to lose the broker', () => !consumerPeer.bus.isHealthy());
      // Confirmed by the broker, so held in the durable queue while nobody consumes it.
      for (let i = 1; i <= 3; i++) await publisher.bus.publish(flatRequested(i));
      expect(received).toEqual([]);

      consumerPeer.restore();
      await waitFor('the events kept by the durable queue', () => received.length === 3);
      await publisher.bus.publish(flatRequested(4));
      await waitFor('an event after the reconnect', () => received.length === 4);
      expect(received.sort()).toEqual([1, 2, 3, 4]);
    },
  );

  whenNetworked('when the broker closes the connection, publishing and consuming resume', async () => {
    const peer = await adapter.peer();
    const queue = adapter.queue('broker-close');
    const received: number[] = [];
    await peer.bus.subscribe(consumer(queue, async (e) => void received.push(seqOf(e))));
    await peer.bus.publish(flatRequested(1));
    await waitFor('the first event', () => received.length === 1);

    await adapter.closeFromBroker?.(peer);
    await waitFor('the bus to reconnect', async () => {
      if (!peer.bus.isHealthy()) return false;
      try {
        await peer.bus.publish(flatRequested(2));
        return true;
      } catch {
        return false;
      }
    });
    await waitFor('the event after the reconnect', () => received.includes(2));
    expect(received).toEqual([1, 2]);
  });

  whenNetworked(
    'when a consumer process dies before acknowledging, another replica gets the event and the work is done once',
    async () => {
      const publisher = await adapter.peer();
      const dying: Peer = await adapter.peer();
      const survivor = await adapter.peer();
      const queue = adapter.queue('dies-before-ack');
      let releaseDying: () => void = () => undefined;
      let dyingHandlerReturned = false;
      const dyingOutcomes: boolean[] = [];
      await dying.bus.subscribe(
        consumer(queue, async (e) => {
          dyingOutcomes.push(await applyOnce(queue, e));
          // Committed, not yet acknowledged: the process is killed here.
          await new Promise<void>((resolve) => {
            releaseDying = resolve;
          });
          dyingHandlerReturned = true;
        }),
      );
      await publisher.bus.publish(flatRequested(1));
      await waitFor('the first replica to commit the work', () => dyingOutcomes.length === 1);

      const survivorOutcomes: boolean[] = [];
      await survivor.bus.subscribe(
        consumer(queue, async (e) => void survivorOutcomes.push(await applyOnce(queue, e))),
      );
      dying.cut();

      await waitFor('the redelivery to the other replica', () => survivorOutcomes.length === 1);
      releaseDying();
      await waitFor('the cut-off handler to return', () => dyingHandlerReturned);
      expect(dyingOutcomes).toEqual([true]);
      expect(survivorOutcomes).toEqual([false]);
      expect(await effectsIn(queue)).toHaveLength(1);
    },
  );

  whenNetworked(
    'a message that is not a valid event goes straight to the dead-letter queue and the next one is handled',
    async () => {
      const peer = await adapter.peer();
      const queue = adapter.queue('malformed');
      const received: number[] = [];
      const told: FailedDelivery[] = [];
      await peer.bus.subscribe({
        ...consumer(queue, async (e) => void received.push(seqOf(e))),
        failed: (delivery) => void told.push(delivery),
      });

      await adapter.publishRaw?.('housing.flat.requested', '{not json');
      await adapter.publishRaw?.(
        'housing.flat.requested',
        JSON.stringify({ ...flatRequested(9), payload: { flatId: 1 } }),
      );
      await peer.bus.publish(flatRequested(2));

      await waitFor('the valid event', () => received.length === 1);
      await waitFor(
        'both malformed messages dead-lettered',
        async () => (await adapter.deadLetters(queue)).length === 2,
      );
      const letters = await adapter.deadLetters(queue);
      expect(letters.map((l) => l.attempts)).toEqual([0, 0]);
      expect(letters[0]?.reason).toBe('not JSON');
      expect(letters[1]?.reason).toMatch(/payload does not match 'housing.flat.requested'/);
      expect(received).toEqual([2]);
      // Unusable: no event name to count it by.
      expect(told).toEqual([
        { attempts: 0, deadLettered: true },
        { attempts: 0, deadLettered: true },
      ]);
    },
  );
});
