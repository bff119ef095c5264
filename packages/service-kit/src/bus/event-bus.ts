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
}

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
