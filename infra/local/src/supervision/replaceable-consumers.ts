import type { EventEnvelope } from '@campus/contracts/events';
import type { EventBus, EventConsumer } from '@campus/service-kit/bus/event-bus';

/** Raised for the deliveries still waiting for their consumer when the platform stops. */
export class ConsumerGoneError extends Error {
  constructor(queue: string) {
    super(`the platform stopped while the ${queue} service was not running`);
    this.name = 'ConsumerGoneError';
  }
}

interface Waiting {
  envelope: EventEnvelope;
  resolve: () => void;
  reject: (error: Error) => void;
}

interface Seat {
  current?: EventConsumer;
  waiting: Waiting[];
}

export interface ReplaceableConsumers {
  /** The bus the services are given: a queue's later `subscribe` takes over its first one. */
  bus: EventBus;
  /** The queue's service stopped: its deliveries wait until the next `subscribe` of that queue. */
  detach(queue: string): void;
  /** How many deliveries of the queue wait for its service to subscribe again. */
  waitingFor(queue: string): number;
  /** Ends every waiting delivery with a ConsumerGoneError (the bus keeps them for a retry it then drops). */
  close(): void;
}

/**
 * The embedded runner's bus as the services see it, so that one service can be stopped and started
 * again in place (`npm run dev`, `RunningPlatform.restartService`). The in-process bus has no
 * unsubscribe: a restarted service would otherwise add a second consumer to its queue beside the
 * stopped one, whose old code would still get every other event. Here each queue is subscribed to the
 * bus once, through a seat that forwards to the queue's current consumer; a later subscription of
 * the same queue takes the seat. While the seat is empty (the service stopped, or its new code failed
 * to start), deliveries wait, as messages wait in a broker's queue for a consumer; the bus's prefetch
 * bounds how many.
 */
export function withReplaceableConsumers(bus: EventBus): ReplaceableConsumers {
  const seats = new Map<string, Seat>();

  const deliver = (consumer: EventConsumer, { envelope, resolve, reject }: Waiting) =>
    consumer.handle(envelope).then(resolve, reject);

  return {
    bus: {
      publish: (envelope) => bus.publish(envelope),
      // Every listener is its own (a stopped service stops its own): nothing to take over.
      listen: (listener) => bus.listen(listener),
      isHealthy: () => bus.isHealthy(),
      close: () => bus.close(),
      async subscribe(consumer) {
        const seat = seats.get(consumer.queue);
        if (seat) {
          seat.current = consumer;
          const waiting = seat.waiting.splice(0);
          for (const delivery of waiting) void deliver(consumer, delivery);
          return;
        }
        const created: Seat = { current: consumer, waiting: [] };
        seats.set(consumer.queue, created);
        await bus.subscribe({
          queue: consumer.queue,
          events: consumer.events,
          handle: (envelope) =>
            new Promise<void>((resolve, reject) => {
              const delivery = { envelope, resolve, reject };
              if (created.current) void deliver(created.current, delivery);
              else created.waiting.push(delivery);
            }),
          // Retries and dead letters are counted by whichever consumer holds the seat (its metrics).
          failed: (delivery) => created.current?.failed?.(delivery),
        });
      },
    },
    detach(queue) {
      const seat = seats.get(queue);
      if (seat) seat.current = undefined;
    },
    waitingFor: (queue) => seats.get(queue)?.waiting.length ?? 0,
    close() {
      for (const [queue, seat] of seats)
        for (const { reject } of seat.waiting.splice(0)) reject(new ConsumerGoneError(queue));
    },
  };
}
