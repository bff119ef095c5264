import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventName } from '@campus/contracts/events';
import type { EventListener } from '../../src/bus/event-bus';
import { waitFor } from '../../src/testing/wait-for';
import { busAdapters, type BusAdapter } from './bus-adapters';

/**
 * Broadcast listeners (EventBus.listen): every replica receives every event of its names, at most
 * once, with nothing durable left on the broker. Runs on the in-process bus and, when AMQP_URL is
 * set, on RabbitMQ (each peer its own connection, as separate processes would have).
 */
jest.setTimeout(30_000);

function flatRequested(n: number): EventEnvelope {
  return {
    id: randomUUID(),
    name: 'housing.flat.requested',
    occurredAt: new Date().toISOString(),
    producer: 'housing',
    payload: { flatId: `flat-${n}`, userId: 'user-1' },
  };
}

function flatDeleted(n: number): EventEnvelope {
  return {
    id: randomUUID(),
    name: 'housing.flat.deleted',
    occurredAt: new Date().toISOString(),
    producer: 'housing',
    payload: { flatId: `flat-${n}`, userId: 'user-1' },
  };
}

const flatOf = (envelope: EventEnvelope) => (envelope.payload as { flatId: string }).flatId;

/** A listener that records the flats it heard of, in order; `handle` may be replaced. */
function recorder(
  name: string,
  events: EventName[] = ['housing.flat.requested'],
  handle?: (e: EventEnvelope) => void,
): EventListener & { heard: string[] } {
  const heard: string[] = [];
  return {
    name,
    events,
    heard,
    handle: (e) => {
      heard.push(flatOf(e));
      handle?.(e);
    },
  };
}

describe.each(busAdapters())('broadcast listeners on the $name bus', ({ networked, create }) => {
  let adapter: BusAdapter;
  beforeEach(() => {
    adapter = create();
  });
  afterEach(() => adapter.teardown());
  const whenNetworked = networked ? it : it.skip;

  it('when two replicas listen, each receives every event, in order, while their queue shares them', async () => {
    const publisher = await adapter.peer();
    const replicas = [await adapter.peer(), await adapter.peer()];
    const listeners = replicas.map((_, i) => recorder(`replica-${i}`));
    for (const [i, replica] of replicas.entries()) await replica.bus.listen(listeners[i]!);
    // The same replicas also consume a durable queue: there each event goes to one of them.
    const queue = adapter.queue('shared');
    const consumed: string[] = [];
    for (const replica of replicas)
      await replica.bus.subscribe({
        queue,
        events: ['housing.flat.requested'],
        handle: async (e) => void consumed.push(flatOf(e)),
      });

    const flats = Array.from({ length: 10 }, (_, i) => `flat-${i}`);
    for (let i = 0; i < flats.length; i++) await publisher.bus.publish(flatRequested(i));

    await waitFor('every replica to hear all 10', () => listeners.every((l) => l.heard.length >= 10));
    await waitFor('the queue to have handled all 10', () => consumed.length >= 10);
    for (const listener of listeners) expect(listener.heard).toEqual(flats);
    expect(consumed.sort()).toEqual([...flats].sort());
  });

  it('when a listener listens to some names, then it hears only those', async () => {
    const peer = await adapter.peer();
    const requests = recorder('requests', ['housing.flat.requested']);
    const deletions = recorder('deletions', ['housing.flat.deleted']);
    await peer.bus.listen(requests);
    await peer.bus.listen(deletions);

    await peer.bus.publish(flatDeleted(1));
    await peer.bus.publish(flatRequested(2));
    await peer.bus.publish(flatDeleted(3));

    await waitFor('the second deletion', () => deletions.heard.length === 2);
    await waitFor('the request', () => requests.heard.length === 1);
    expect(deletions.heard).toEqual(['flat-1', 'flat-3']);
    expect(requests.heard).toEqual(['flat-2']);
  });

  it('when a listener fails on an event, then that event is dropped, never retried, and the next ones come', async () => {
    const peer = await adapter.peer();
    const failing = recorder('failing', ['housing.flat.requested'], (e) => {
      if (flatOf(e) === 'flat-1') throw new Error('cannot show it');
    });
    await peer.bus.listen(failing);

    await peer.bus.publish(flatRequested(1));
    await peer.bus.publish(flatRequested(2));
    await peer.bus.publish(flatRequested(3));

    await waitFor('the event after the failure', () => failing.heard.includes('flat-3'));
    expect(failing.heard).toEqual(['flat-1', 'flat-2', 'flat-3']);
  });

  it('when a listener stops, then it hears nothing more and the others hear on', async () => {
    const peer = await adapter.peer();
    const leaving = recorder('leaving');
    const staying = recorder('staying');
    const stop = await peer.bus.listen(leaving);
    await peer.bus.listen(staying);
    await peer.bus.publish(flatRequested(1));
    await waitFor('both to hear the first', () => leaving.heard.length === 1 && staying.heard.length === 1);

    await stop();
    await peer.bus.publish(flatRequested(2));
    await peer.bus.publish(flatRequested(3));

    // Events reach one listener in order: once `staying` heard flat-3, a copy for `leaving` would be out.
    await waitFor('the others to hear on', () => staying.heard.length === 3);
    expect(staying.heard).toEqual(['flat-1', 'flat-2', 'flat-3']);
    expect(leaving.heard).toEqual(['flat-1']);
  });

  it('an event published before a listener started is not delivered to it (it catches up elsewhere)', async () => {
    const peer = await adapter.peer();
    const early = recorder('early');
    await peer.bus.listen(early);
    await peer.bus.publish(flatRequested(1));
    await waitFor('the early listener to hear it', () => early.heard.length === 1);

    const late = recorder('late');
    await peer.bus.listen(late);
    await peer.bus.publish(flatRequested(2));

    await waitFor('the late listener to hear the next one', () => late.heard.length === 1);
    expect(late.heard).toEqual(['flat-2']);
  });

  whenNetworked(
    "each listener's queue is named by the broker, exclusive, auto-delete and not durable, and goes with its listener",
    async () => {
      const peer = await adapter.peer();
      const stop = await peer.bus.listen(recorder('one'));
      await peer.bus.listen(recorder('two'));

      const queues = await adapter.listenerQueues!();
      expect(queues).toHaveLength(2);
      for (const queue of queues) {
        expect(queue.name).toMatch(/^amq\.gen-/);
        expect(queue).toMatchObject({ durable: false, auto_delete: true, exclusive: true });
      }

      await stop();
      await waitFor(
        'the stopped listener\u2019s queue to be gone',
        async () => (await adapter.listenerQueues!()).length === 1,
        {
          everyMs: 200,
        },
      );
    },
  );

  whenNetworked(
    'when the broker closes the connection, the listener declares a new queue and hears what comes after',
    async () => {
      const publisher = await adapter.peer();
      const peer = await adapter.peer();
      const listener = recorder('reconnecting');
      await peer.bus.listen(listener);
      await publisher.bus.publish(flatRequested(0));
      await waitFor('the first event', () => listener.heard.length === 1);
      const [before] = await adapter.listenerQueues!();

      await adapter.closeFromBroker!(peer);
      // What is published while the listener has no queue is gone (at most once): publish until one
      // arrives, which proves the new queue is bound.
      let n = 0;
      await waitFor(
        'an event after the reconnect',
        async () => {
          await publisher.bus.publish(flatRequested(++n));
          return listener.heard.length > 1;
        },
        { everyMs: 100 },
      );
      const after = await adapter.listenerQueues!();
      expect(after).toHaveLength(1);
      expect(after[0]!.name).not.toBe(before!.name);
      expect(listener.heard[0]).toBe('flat-0');
    },
  );

  whenNetworked(
    'when the broker closes the connection, the listener is told it may have missed events, once its new queue is bound',
    async () => {
      const publisher = await adapter.peer();
      const peer = await adapter.peer();
      const gaps: Array<{ heardBefore: number }> = [];
      const listener: EventListener & { heard: string[] } = {
        ...recorder('gapping'),
        onGap: () => void gaps.push({ heardBefore: listener.heard.length }),
      };
      await peer.bus.listen(listener);
      await publisher.bus.publish(flatRequested(0));
      await waitFor('the first event', () => listener.heard.length === 1);
      // Its first queue is no gap.
      expect(gaps).toHaveLength(0);

      await adapter.closeFromBroker!(peer);
      await waitFor('the listener to be told of the gap', () => gaps.length === 1);
      // Told once the new queue is bound: the next event published is heard.
      await publisher.bus.publish(flatRequested(1));
      await waitFor('the event after the gap', () => listener.heard.includes('flat-1'));
      expect(gaps).toEqual([{ heardBefore: 1 }]);
      expect(listener.heard).toEqual(['flat-0', 'flat-1']);
    },
  );

  it('a listener that keeps its queue is never told of a gap (the in-process bus never gaps)', async () => {
    const peer = await adapter.peer();
    let gaps = 0;
    const listener = { ...recorder('steady'), onGap: () => void gaps++ };
    await peer.bus.listen(listener);
    for (let i = 0; i < 3; i++) await peer.bus.publish(flatRequested(i));
    await waitFor('all three', () => listener.heard.length === 3);
    expect(gaps).toBe(0);
  });
});
