import { EventCatalogue, EventEnvelope, type EventName, type EventPayload } from '@campus/contracts/events';

/**
 * What the bus delivers to. One durable queue per consuming service (`queue: 'profile'`); every
 * replica subscribes with the same queue name, so the replicas share the work (competing consumers).
 * All consumers of one queue must be the same code: a queue is bound to the union of their events.
 * A service never builds one itself: `startService` makes its consumer from the definition's
 * `consumes` and `eventHandlers` (event-handlers.ts), inbox included.
 */
export interface EventConsumer {
  queue: string;
  events: readonly EventName[];
  /**
   * Resolves: the event is done (acknowledged). Throws: it is redelivered later with backoff and,
   * after `RetryPolicy.maxAttempts`, dead-lettered. Delivery is at least once, so the work must be
   * idempotent (a service's pipeline records the inbox; elsewhere `handleOnce`, inbox.ts). The payload has already been validated against
   * the event catalogue; a message that fails validation never reaches `handle`.
   */
  handle(envelope: EventEnvelope): Promise<void>;
  /**
   * Told by the bus after each delivery that did not succeed: the handler threw (it is retried, or
   * dead-lettered after the last attempt) or the message was unusable (dead-lettered at once). For
   * counting (metrics.ts); a throw here is ignored.
   */
  failed?(delivery: FailedDelivery): void;
}

/** A delivery that failed, as the bus tells its consumer (EventConsumer.failed). */
export interface FailedDelivery {
  /** The event's name; undefined when the message was not a usable event. */
  event?: string;
  /** Failed deliveries so far, this one included (0 for a message that never reached a handler). */
  attempts: number;
  /** True when it went to the dead-letter queue; false when it will be delivered again. */
  deadLettered: boolean;
}

/** Tells a consumer about a failed delivery; what its callback does never disturbs the bus. */
export function tellFailed(consumer: EventConsumer, delivery: FailedDelivery): void {
  try {
    consumer.failed?.(delivery);
  } catch {
    // Counting only: the message is settled either way.
  }
}

/**
 * What every replica of a service receives (a broadcast): each listener gets each event of its names
 * published while it listens, whoever else listens and whichever replica consumed the event from the
 * service's queue. For state a process holds in memory (its open streams), never for durable work:
 * no inbox, no retry, no dead-letter queue. Delivery is at most once: an event published while the
 * listener's connection is down, or that its handler fails on, is gone (logged), so what it feeds
 * must be able to catch up from the database. A service never builds one itself: `startService`
 * makes it from the definition's `listens` and `eventListeners` (event-handlers.ts).
 */
export interface EventListener {
  /** Who listens (the service's name): for logs and the broker's view of its connections. */
  name: string;
  events: readonly EventName[];
  /**
   * Runs for each event in the order they arrive, one at a time per listener: keep it short (it
   * holds the listener's next events). A throw is logged and the event dropped. The payload has
   * been validated against the event catalogue; a message that fails validation is dropped.
   */
  handle(envelope: EventEnvelope): Promise<void> | void;
  /**
   * Told when events may have been missed: the listener's queue had to be declared again (RabbitMQ:
   * after a reconnect, or the broker deleted it), and what was published in between is gone. Runs
   * once the new queue is bound (so everything after it is heard), in line with the events; never
   * for the first declaration. The in-process bus never gaps. A throw is logged.
   */
  onGap?(): Promise<void> | void;
}

/** Stops a broadcast listener: no event reaches it once the promise resolves. */
export type StopListening = () => Promise<void>;

/** Events a listener may have waiting (RabbitMQ: its queue's x-max-length); beyond, the oldest are dropped. */
export const LISTENER_BACKLOG_LIMIT = 10_000;

export interface EventBus {
  /**
   * Resolves once the event is safely with the broker (RabbitMQ: publisher confirm); rejects when it
   * is not, so the outbox keeps the row and retries. Rejects at once on an envelope that breaks the
   * contract (unknown name, payload not matching the catalogue).
   */
  publish(envelope: EventEnvelope): Promise<void>;
  /**
   * Declares the consumer's queue and bindings and starts consuming. Resolves once the queue is bound,
   * so every event published afterwards is kept for this consumer (RabbitMQ: waits for a connection).
   */
  subscribe(consumer: EventConsumer): Promise<void>;
  /**
   * Starts a broadcast listener in this process (EventListener). Resolves once it is bound, so every
   * event published afterwards reaches it (RabbitMQ: a server-named, exclusive, auto-delete queue of
   * its own, declared again after a reconnect; it waits for a connection). Resolves with its stop.
   */
  listen(listener: EventListener): Promise<StopListening>;
  /** Stops consuming, lets handlers in flight finish, then closes. Publish after close rejects. */
  close(): Promise<void>;
  /** For readiness: false while the broker is unreachable or after close. */
  isHealthy(): boolean;
}

/** A message that failed for good, kept for reading and replay (RabbitMQ: in `<queue>.dlq`). */
export interface DeadLetter {
  queue: string;
  /** The message as it travelled (JSON text, or whatever unusable bytes arrived). */
  body: string;
  /** The last handler error, or why the message is unusable. */
  reason: string;
  /** Deliveries that failed (0 for a message that never reached a handler). */
  attempts: number;
  failedAt: Date;
}

/** How often a failing handler is retried before its message goes to the dead-letter queue. */
export interface RetryPolicy {
  /** Deliveries in all, the first one included. */
  maxAttempts: number;
  /** Wait before redelivery n (n = 1 .. maxAttempts-1); the last value repeats. */
  delaysMs: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  delaysMs: [1_000, 5_000, 30_000, 120_000],
};

/** Delay before the redelivery that follows failed attempt `attempt` (1-based). */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  const { delaysMs } = policy;
  return delaysMs[Math.min(attempt, delaysMs.length) - 1] ?? 0;
}

/** Thrown by `publish` for an envelope that breaks the contract: a bug in the producer, never retried. */
export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/**
 * Checks an envelope from the wire (or from a producer): envelope shape, a catalogued name, a payload
 * matching that name's schema. Returns the parsed envelope, or the reason it is unusable.
 */
export function validateEnvelope(
  candidate: unknown,
): { ok: true; envelope: EventEnvelope } | { ok: false; reason: string } {
  const envelope = EventEnvelope.safeParse(candidate);
  if (!envelope.success) return { ok: false, reason: `not an event envelope: ${envelope.error.message}` };
  const name = envelope.data.name;
  if (!Object.hasOwn(EventCatalogue, name)) return { ok: false, reason: `unknown event name '${name}'` };
  const payload = EventCatalogue[name as EventName].safeParse(envelope.data.payload);
  if (!payload.success)
    return { ok: false, reason: `payload does not match '${name}': ${payload.error.message}` };
  return { ok: true, envelope: { ...envelope.data, payload: payload.data } };
}

export type EventHandlers = {
  [N in EventName]?: (envelope: EventEnvelope<EventPayload<N>>) => Promise<void>;
};

/**
 * Builds a bare bus consumer from one typed handler per event name, for code that is not a service
 * (test observers, the fault tests' probe): no inbox, no transaction. Services declare
 * `eventHandlers` instead (event-handlers.ts).
 */
export function defineConsumer(queue: string, handlers: EventHandlers): EventConsumer {
  const events = Object.keys(handlers) as EventName[];
  return {
    queue,
    events,
    handle: async (envelope) => {
      const handler = handlers[envelope.name as EventName] as
        ((e: EventEnvelope) => Promise<void>) | undefined;
      // Only while replicas of two versions share a queue: fail, so a retry can land on a replica
      // that knows the event (or it waits in the dead-letter queue), instead of dropping it.
      if (!handler) throw new Error(`queue '${queue}' has no handler for '${envelope.name}'`);
      await handler(envelope);
    },
  };
}
