import type { EventEnvelope } from '@campus/contracts/events';
import type { Logger } from 'pino';
import {
  DEFAULT_RETRY_POLICY,
  InvalidEventError,
  retryDelayMs,
  validateEnvelope,
  type DeadLetter,
  type EventBus,
  type EventConsumer,
  type EventListener,
  LISTENER_BACKLOG_LIMIT,
  type RetryPolicy,
  tellFailed,
} from './event-bus';

export interface InProcessBusOptions {
  logger: Logger;
  retry?: RetryPolicy;
  /** Handlers running at once per consumer (RabbitMQ's prefetch). */
  prefetch?: number;
  /** How long `close` waits for queued messages and handlers in flight. */
  drainTimeoutMs?: number;
}

export interface InProcessBus extends EventBus {
  deadLetters(queue?: string): DeadLetter[];
  /** Moves a queue's dead letters back into it with a fresh attempt count; returns how many. */
  replayDeadLetters(queue: string): number;
}

interface Delivery {
  body: string;
  /** Failed deliveries so far. */
  attempts: number;
}

interface Subscription {
  consumer: EventConsumer;
  inFlight: number;
}

/** A broadcast listener: its own backlog, handled one event at a time in order. */
interface ListenerState {
  listener: EventListener;
  pending: string[];
  /** The run handling the backlog, while there is one. */
  draining?: Promise<void>;
}

interface QueueState {
  name: string;
  bindings: Set<string>;
  ready: Delivery[];
  subscriptions: Subscription[];
  nextSubscription: number;
}

/**
 * The bus of the embedded runner (`npm start`) and of tests: the semantics of the RabbitMQ adapter
 * in one process. Messages travel as JSON text, exactly as on the wire, so a consumer never shares
 * an object with the producer. State lives in memory: the outbox is what survives a restart.
 */
export function createInProcessBus(options: InProcessBusOptions): InProcessBus {
  const { logger } = options;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const prefetch = options.prefetch ?? 10;
  const drainTimeoutMs = options.drainTimeoutMs ?? 5_000;
  const queues = new Map<string, QueueState>();
  const listeners = new Set<ListenerState>();
  const deadLetters: DeadLetter[] = [];
  const retryTimers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let dispatchScheduled = false;
  let closed = false;
  let drained: (() => void) | undefined;

  function queueState(name: string): QueueState {
    let state = queues.get(name);
    if (!state) {
      state = { name, bindings: new Set(), ready: [], subscriptions: [], nextSubscription: 0 };
      queues.set(name, state);
    }
    return state;
  }

  // Delivery is always asynchronous: a publisher never runs a handler on its own stack.
  function scheduleDispatch(): void {
    if (dispatchScheduled || closed) return;
    dispatchScheduled = true;
    setImmediate(() => {
      dispatchScheduled = false;
      for (const state of queues.values()) dispatch(state);
      checkDrained();
    });
  }

  function dispatch(state: QueueState): void {
    const { subscriptions } = state;
    while (state.ready.length > 0 && subscriptions.length > 0) {
      // Round-robin over the consumers with room, as the broker does between competing consumers.
      let chosen: Subscription | undefined;
      for (let i = 0; i < subscriptions.length && !chosen; i++) {
        const candidate = subscriptions[(state.nextSubscription + i) % subscriptions.length];
        if (candidate && candidate.inFlight < prefetch) {
          chosen = candidate;
          state.nextSubscription = (state.nextSubscription + i + 1) % subscriptions.length;
        }
      }
      if (!chosen) return;
      const delivery = state.ready.shift() as Delivery;
      const run = deliver(state, chosen, delivery).finally(() => {
        running.delete(run);
        scheduleDispatch();
      });
      running.add(run);
    }
  }

  async function deliver(state: QueueState, subscription: Subscription, delivery: Delivery): Promise<void> {
    subscription.inFlight++;
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(delivery.body);
      } catch {
        deadLetter(state.name, delivery, 'not JSON');
        tellFailed(subscription.consumer, { attempts: delivery.attempts, deadLettered: true });
        return;
      }
      const checked = validateEnvelope(parsed);
      if (!checked.ok) {
        deadLetter(state.name, delivery, checked.reason);
        tellFailed(subscription.consumer, { attempts: delivery.attempts, deadLettered: true });
        return;
      }
      try {
        await subscription.consumer.handle(checked.envelope);
      } catch (error) {
        const deadLettered = fail(state, delivery, checked.envelope, error);
        tellFailed(subscription.consumer, {
          event: checked.envelope.name,
          attempts: delivery.attempts + 1,
          deadLettered,
        });
      }
    } finally {
      subscription.inFlight--;
    }
  }

  /** Retries the delivery later or dead-letters it; true when dead-lettered. */
  function fail(state: QueueState, delivery: Delivery, envelope: EventEnvelope, error: unknown): boolean {
    const attempts = delivery.attempts + 1;
    const reason = error instanceof Error ? error.message : String(error);
    const context = { queue: state.name, eventId: envelope.id, event: envelope.name, attempts, err: error };
    if (attempts >= retry.maxAttempts) {
      deadLetter(state.name, { ...delivery, attempts }, reason);
      return true;
    }
    const delayMs = retryDelayMs(retry, attempts);
    logger.warn({ ...context, retryInMs: delayMs }, 'event handler failed, will retry');
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      state.ready.push({ body: delivery.body, attempts });
      scheduleDispatch();
    }, delayMs);
    retryTimers.add(timer);
    return false;
  }

  function deadLetter(queue: string, delivery: Delivery, reason: string): void {
    deadLetters.push({
      queue,
      body: delivery.body,
      reason,
      attempts: delivery.attempts,
      failedAt: new Date(),
    });
    logger.error({ queue, attempts: delivery.attempts, reason }, 'event dead-lettered');
  }

  /** Hands a listener its backlog, one event after the other; a failure is logged and dropped. */
  function drainListener(state: ListenerState): void {
    if (state.draining || closed) return;
    const run = (async () => {
      // Never on the publisher's stack.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (state.pending.length > 0 && listeners.has(state)) {
        const body = state.pending.shift() as string;
        const checked = validateEnvelope(JSON.parse(body));
        if (!checked.ok) continue; // publish validated it: unreachable, but never handed on unchecked
        try {
          await state.listener.handle(checked.envelope);
        } catch (err) {
          logger.warn(
            {
              listener: state.listener.name,
              event: checked.envelope.name,
              eventId: checked.envelope.id,
              err,
            },
            'broadcast listener failed; the event is dropped',
          );
        }
      }
    })().finally(() => {
      state.draining = undefined;
      running.delete(run);
      if (state.pending.length > 0 && listeners.has(state)) drainListener(state);
      else checkDrained();
    });
    state.draining = run;
    running.add(run);
  }

  function idle(): boolean {
    if (running.size > 0) return false;
    for (const state of listeners) if (state.pending.length > 0) return false;
    for (const state of queues.values())
      if (state.ready.length > 0 && state.subscriptions.length > 0) return false;
    return true;
  }

  function checkDrained(): void {
    if (drained && idle()) drained();
  }

  return {
    async publish(envelope) {
      if (closed) throw new Error('event bus is closed');
      const checked = validateEnvelope(envelope);
      if (!checked.ok) throw new InvalidEventError(checked.reason);
      const body = JSON.stringify(checked.envelope);
      for (const state of queues.values()) {
        if (state.bindings.has(envelope.name)) state.ready.push({ body, attempts: 0 });
      }
      for (const state of listeners) {
        if (!(state.listener.events as readonly string[]).includes(envelope.name)) continue;
        state.pending.push(body);
        if (state.pending.length > LISTENER_BACKLOG_LIMIT) {
          state.pending.shift();
          logger.warn(
            { listener: state.listener.name },
            'broadcast listener too far behind; its oldest event is dropped',
          );
        }
        drainListener(state);
      }
      scheduleDispatch();
    },

    async listen(listener) {
      if (closed) throw new Error('event bus is closed');
      const state: ListenerState = { listener, pending: [] };
      listeners.add(state);
      return async () => {
        listeners.delete(state);
        state.pending.length = 0;
        await state.draining;
      };
    },

    async subscribe(consumer) {
      if (closed) throw new Error('event bus is closed');
      const state = queueState(consumer.queue);
      for (const name of consumer.events) state.bindings.add(name);
      state.subscriptions.push({ consumer, inFlight: 0 });
      scheduleDispatch();
    },

    async close() {
      if (closed) return;
      // Let what is already queued run to the end (bounded), so a clean stop loses nothing published.
      if (!idle()) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainTimeoutMs);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
          scheduleDispatch();
        });
      }
      closed = true;
      listeners.clear();
      await Promise.allSettled([...running]);
      if (retryTimers.size > 0)
        logger.warn({ pending: retryTimers.size }, 'bus closed with events waiting for a retry');
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
    },

    isHealthy: () => !closed,

    deadLetters: (queue) => deadLetters.filter((letter) => queue === undefined || letter.queue === queue),

    replayDeadLetters(queue) {
      const state = queueState(queue);
      let moved = 0;
      for (let i = deadLetters.length - 1; i >= 0; i--) {
        const letter = deadLetters[i] as DeadLetter;
        if (letter.queue !== queue) continue;
        deadLetters.splice(i, 1);
        state.ready.unshift({ body: letter.body, attempts: 0 });
        moved++;
      }
      scheduleDispatch();
      return moved;
    },
  };
}
