import type { EventEnvelope, EventName, EventPayload } from '@campus/contracts/events';
import type { Logger } from 'pino';
import type { EventConsumer, EventListener } from './bus/event-bus';
import type { Tx } from './db';
import { recordHandled, type InboxTable } from './inbox';
import type { Emit, Transact } from './unit-of-work';

/** What a handler gets besides the event: the one transaction it runs in, and the outbox of it. */
export interface EventHandlerContext<P extends EventName> {
  /**
   * The transaction that has just recorded the event's id in the inbox: the handler's changes
   * commit with that record, or neither does (then the bus retries).
   */
  tx: Tx;
  /** Writes an event to the outbox in the same transaction (only names the service produces). */
  emit: Emit<P>;
}

export type EventHandler<N extends EventName, P extends EventName> = (
  event: EventEnvelope<EventPayload<N>>,
  context: EventHandlerContext<P>,
) => Promise<void>;

/**
 * A service's handlers, one per event it consumes. The types hold them to the definition: a
 * service's `create` may only return handlers for exactly the events its `consumes` lists, and
 * their `emit` only takes names its `produces` lists.
 */
export interface EventHandlers<C extends EventName, P extends EventName = never> {
  events: readonly C[];
  handlers: { readonly [N in C]: EventHandler<N, P> };
}

/**
 * Declares a service's event handlers with typed payloads. No inbox, no transaction, no queue name
 * here: the consumer pipeline gives every handler all three. Handlers that emit say which events
 * (`{ emits: ['profile.completed'] }`), so `emit` is typed and the service must produce them.
 *
 *   defineEventHandlers({
 *     'identity.user.registered': ({ payload }, { tx }) => profiles.registered(tx, payload),
 *   })
 */
export function defineEventHandlers<const C extends EventName, const P extends EventName = never>(
  handlers: { readonly [N in C]: EventHandler<N, P> },
  _options?: { emits: readonly P[] },
): EventHandlers<C, P> {
  return { events: Object.keys(handlers) as C[], handlers };
}

export interface ServiceConsumerOptions {
  /** The service's name: its queue (and its dead-letter and retry queues) are named after it. */
  queue: string;
  handlers: EventHandlers<EventName, EventName>;
  inbox: InboxTable;
  /** The service's transact: the inbox record, the handler's changes and its events commit together. */
  transact: Transact;
  now: () => Date;
  logger: Logger;
}

/**
 * The consumer pipeline: every event a service handles runs in one transaction that first records
 * its id in the inbox, then runs the handler, and commits the changes and any emitted events with
 * that record. A redelivered id finds its record and is skipped (acknowledged, nothing done); two
 * replicas racing on one id serialise on the inbox's primary key. A handler that throws rolls all of
 * it back, so the bus retries it. Idempotency is not a handler's choice.
 */
export function createServiceConsumer(options: ServiceConsumerOptions): EventConsumer {
  const { queue, handlers, inbox, transact, now, logger } = options;
  const byName = handlers.handlers as Partial<
    Record<EventName, (event: EventEnvelope, context: EventHandlerContext<EventName>) => Promise<void>>
  >;
  return {
    queue,
    events: handlers.events,
    handle: (envelope) =>
      transact(async (tx, emit) => {
        const handler = byName[envelope.name as EventName];
        // Only while replicas of two versions share a queue: fail, so a retry can land on a replica
        // that knows the event (or it waits in the dead-letter queue), instead of dropping it.
        if (!handler) throw new Error(`queue '${queue}' has no handler for '${envelope.name}'`);
        if (!(await recordHandled(tx, inbox, envelope, now()))) {
          logger.debug({ event: envelope.name, eventId: envelope.id }, 'event already handled, skipped');
          return;
        }
        await handler(envelope, { tx, emit });
      }),
  };
}

/**
 * A broadcast listener's handler: the event and nothing else. No transaction, no emit: it runs on
 * every replica, at most once, so it only moves what the process holds in memory (open streams);
 * durable work belongs in a handler of `consumes`.
 */
export type EventListenerHandler<N extends EventName> = (
  event: EventEnvelope<EventPayload<N>>,
) => Promise<void> | void;

/**
 * A service's broadcast listeners, one per event it `listens` to: every replica receives every such
 * event (EventListener in bus/event-bus.ts). The types hold them to the definition's `listens`.
 */
export interface EventListeners<L extends EventName> {
  events: readonly L[];
  handlers: { readonly [N in L]: EventListenerHandler<N> };
  /** When events may have been missed (EventListener.onGap): catch up, or make the clients catch up. */
  onGap?: () => Promise<void> | void;
}

/**
 * Declares what every replica does with the events it listens to, with typed payloads:
 *
 *   defineEventListeners({
 *     'notifications.changed': ({ payload }) => hub.changed(payload),
 *   })
 */
export function defineEventListeners<const L extends EventName>(
  handlers: {
    readonly [N in L]: EventListenerHandler<N>;
  },
  options: { onGap?: () => Promise<void> | void } = {},
): EventListeners<L> {
  return { events: Object.keys(handlers) as L[], handlers, onGap: options.onGap };
}

/** The bus listener of a service's broadcast handlers (the bus names it after the service). */
export function createServiceListener(name: string, listeners: EventListeners<EventName>): EventListener {
  const byName = listeners.handlers as Partial<
    Record<EventName, (event: EventEnvelope) => Promise<void> | void>
  >;
  return {
    name,
    events: listeners.events,
    handle: (envelope) => byName[envelope.name as EventName]?.(envelope),
    onGap: listeners.onGap,
  };
}
