import {
  connect as connectManager,
  type AmqpConnectionManager,
  type ChannelWrapper,
} from 'amqp-connection-manager';
import {
  connect as connectAmqp,
  type ConfirmChannel,
  type ConsumeMessage,
  type Message,
  type Options,
} from 'amqplib';
import type { Logger } from 'pino';
import {
  DEFAULT_RETRY_POLICY,
  InvalidEventError,
  retryDelayMs,
  validateEnvelope,
  type DeadLetter,
  type EventBus,
  type EventConsumer,
  LISTENER_BACKLOG_LIMIT,
  type RetryPolicy,
  tellFailed,
} from './event-bus';
import type { EventEnvelope } from '@campus/contracts/events';
import { TRACEPARENT_HEADER } from '../tracing';

export const DEFAULT_EXCHANGE = 'campus.events';

/** A delivered envelope with the message's `traceparent` header (the publisher's trace context) on it. */
function withTraceparentHeader(envelope: EventEnvelope, headers: Record<string, unknown> | undefined) {
  const header = headers?.[TRACEPARENT_HEADER];
  const traceparent = Buffer.isBuffer(header) ? header.toString('utf8') : header;
  return typeof traceparent === 'string' && traceparent && !envelope.traceparent
    ? { ...envelope, traceparent }
    : envelope;
}

/** Header counting the deliveries of a message that failed (absent on a first delivery). */
const ATTEMPTS_HEADER = 'x-attempts';
const ERROR_HEADER = 'x-error';
const FAILED_AT_HEADER = 'x-failed-at';

export const deadLetterQueueName = (queue: string): string => `${queue}.dlq`;
export const retryQueueName = (queue: string, delayMs: number): string => `${queue}.retry.${delayMs}ms`;

/** A durable queue this bus declares, with its arguments. */
export interface DeclaredQueue {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * The queues one consumer's queue comes with, in the order the bus declares them: the queue, its
 * dead-letter queue, and a retry queue per distinct wait of the policy. Expired messages of a retry
 * queue go back to the consumer's own queue through the default exchange, so a retry never reaches
 * the other services bound to the same event. infra/rabbitmq/definitions.json is generated from this.
 */
export function consumerQueues(queue: string, retry: RetryPolicy = DEFAULT_RETRY_POLICY): DeclaredQueue[] {
  return [
    { name: queue, arguments: {} },
    { name: deadLetterQueueName(queue), arguments: {} },
    ...[...new Set(retry.delaysMs)].map((delayMs) => ({
      name: retryQueueName(queue, delayMs),
      arguments: {
        'x-message-ttl': delayMs,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': queue,
      },
    })),
  ];
}

export interface RabbitMqBusOptions {
  /** AMQP_URL, e.g. amqp://guest:guest@127.0.0.1:5672 */
  url: string;
  logger: Logger;
  /** The topic exchange; tests give each run its own. */
  exchange?: string;
  retry?: RetryPolicy;
  /** Unacknowledged messages a consumer holds at once, i.e. handlers running at once per consumer. */
  prefetch?: number;
  /** A publish not confirmed by the broker within this time rejects (the outbox retries it). */
  publishTimeoutMs?: number;
  /** Reconnect waits start here and double on each failure, up to `reconnectMaxMs`. */
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
  heartbeatSeconds?: number;
  /** Shown by `rabbitmqctl list_connections name client_properties`: say which service this is. */
  connectionName?: string;
  /** How long `close` waits for handlers in flight. */
  drainTimeoutMs?: number;
}

interface Subscription {
  consumer: EventConsumer;
  wrapper: ChannelWrapper;
  /** The channel and consumer tag of the current connection, to cancel on close. */
  active?: { channel: ConfirmChannel; consumerTag: string };
}

/**
 * The queue of one broadcast listener on one connection: named by the broker (`amq.gen-...`),
 * exclusive to that connection and deleted with it or when its consumer is cancelled, not durable,
 * its messages never persisted, and capped so a stalled listener cannot fill the broker (the oldest
 * go first). Nothing in infra/rabbitmq/definitions.json: it exists only while its process listens.
 */
export const LISTENER_QUEUE_OPTIONS: Options.AssertQueue = {
  exclusive: true,
  autoDelete: true,
  durable: false,
  arguments: { 'x-max-length': LISTENER_BACKLOG_LIMIT, 'x-overflow': 'drop-head' },
};

/**
 * The production bus. One durable topic exchange (routing key = event name); per consumer a durable
 * queue bound to its events, retry queues that hold a failed message for a delay (message TTL) and
 * dead-letter it back into the queue, and `<queue>.dlq` for messages that failed `maxAttempts` times
 * or can never be handled. Reconnects (amqp-connection-manager) re-run the setup functions, which
 * re-declare the topology and the consumers.
 */
export function createRabbitMqBus(options: RabbitMqBusOptions): EventBus {
  const { logger } = options;
  const exchange = options.exchange ?? DEFAULT_EXCHANGE;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const prefetch = options.prefetch ?? 10;
  const publishTimeoutMs = options.publishTimeoutMs ?? 10_000;
  const reconnectInitialSeconds = (options.reconnectInitialMs ?? 500) / 1000;
  const reconnectMaxSeconds = (options.reconnectMaxMs ?? 30_000) / 1000;
  const drainTimeoutMs = options.drainTimeoutMs ?? 10_000;

  const manager: AmqpConnectionManager = connectManager([options.url], {
    heartbeatIntervalInSeconds: options.heartbeatSeconds ?? 5,
    reconnectTimeInSeconds: reconnectInitialSeconds,
    connectionOptions: {
      clientProperties: { connection_name: options.connectionName ?? 'campus-service' },
      // amqplib leaves Nagle's algorithm on: each small publish or ack then waits for the previous
      // one's TCP ack (a notification's p50 over RabbitMQ went 53 -> 31 ms with it off; bench
      // notifications-live).
      noDelay: true,
    },
  });
  // The manager waits `reconnectTimeInSeconds` before each attempt and reads it every time: doubling
  // it on failure gives the backoff, so a broker that is down is not hammered.
  manager.on('connect', () => {
    manager.reconnectTimeInSeconds = reconnectInitialSeconds;
    logger.info({ exchange }, 'connected to RabbitMQ');
  });
  manager.on('disconnect', ({ err }) => logger.warn({ err }, 'lost the RabbitMQ connection, reconnecting'));
  manager.on('connectFailed', ({ err }) => {
    manager.reconnectTimeInSeconds = Math.min(reconnectMaxSeconds, manager.reconnectTimeInSeconds * 2);
    logger.warn({ err, retryInSeconds: manager.reconnectTimeInSeconds }, 'cannot reach RabbitMQ');
  });

  const publisher = manager.createChannel({
    name: 'publisher',
    confirm: true,
    setup: (channel: ConfirmChannel) =>
      channel.assertExchange(exchange, 'topic', { durable: true }).then(() => undefined),
  });
  publisher.on('error', (err) => logger.error({ err }, 'publisher channel setup failed'));

  const subscriptions: Subscription[] = [];
  const listenerChannels = new Set<ChannelWrapper>();
  const running = new Set<Promise<void>>();
  let closed = false;

  async function declareTopology(channel: ConfirmChannel, consumer: EventConsumer): Promise<void> {
    const { queue } = consumer;
    await channel.assertExchange(exchange, 'topic', { durable: true });
    for (const declared of consumerQueues(queue, retry))
      await channel.assertQueue(declared.name, { durable: true, arguments: declared.arguments });
    for (const name of consumer.events) await channel.bindQueue(queue, exchange, name);
  }

  /** Sends a copy of `message` to `queue` with extra headers, waits for the broker's confirm, then acks it. */
  async function move(
    channel: ConfirmChannel,
    message: ConsumeMessage,
    queue: string,
    headers: Record<string, unknown>,
  ) {
    const { properties } = message;
    const publishOptions: Options.Publish = {
      persistent: true,
      contentType: properties.contentType,
      messageId: properties.messageId,
      type: properties.type,
      appId: properties.appId,
      timestamp: properties.timestamp,
      headers: { ...properties.headers, ...headers },
    };
    await new Promise<void>((resolve, reject) => {
      channel.publish('', queue, message.content, publishOptions, (err) => (err ? reject(err) : resolve()));
    });
    channel.ack(message);
  }

  async function handleMessage(channel: ConfirmChannel, consumer: EventConsumer, message: ConsumeMessage) {
    const { queue } = consumer;
    const previousAttempts = Number(message.properties.headers?.[ATTEMPTS_HEADER] ?? 0) || 0;
    const deadLetter = (reason: string, attempts: number, event?: string) => {
      logger.error(
        { queue, messageId: message.properties.messageId, attempts, reason },
        'event dead-lettered',
      );
      tellFailed(consumer, { event, attempts, deadLettered: true });
      return move(channel, message, deadLetterQueueName(queue), {
        [ATTEMPTS_HEADER]: attempts,
        [ERROR_HEADER]: reason.slice(0, 1_000),
        [FAILED_AT_HEADER]: new Date().toISOString(),
      });
    };

    let parsed: unknown;
    try {
      parsed = JSON.parse(message.content.toString('utf8'));
    } catch {
      return deadLetter('not JSON', previousAttempts);
    }
    const checked = validateEnvelope(parsed);
    if (!checked.ok) return deadLetter(checked.reason, previousAttempts);
    const envelope = withTraceparentHeader(checked.envelope, message.properties.headers);

    try {
      await consumer.handle(envelope);
    } catch (error) {
      const attempts = previousAttempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      if (attempts >= retry.maxAttempts) return deadLetter(reason, attempts, envelope.name);
      tellFailed(consumer, { event: envelope.name, attempts, deadLettered: false });
      const delayMs = retryDelayMs(retry, attempts);
      logger.warn(
        { queue, eventId: envelope.id, event: envelope.name, attempts, retryInMs: delayMs, err: error },
        'event handler failed, will retry',
      );
      return move(channel, message, retryQueueName(queue, delayMs), {
        [ATTEMPTS_HEADER]: attempts,
        [ERROR_HEADER]: reason.slice(0, 1_000),
      });
    }
    channel.ack(message);
  }

  function onMessage(channel: ConfirmChannel, consumer: EventConsumer, message: ConsumeMessage): void {
    const run = handleMessage(channel, consumer, message)
      .catch((err) => {
        // The channel went away between delivery and ack: the broker still holds the message
        // unacknowledged and redelivers it on the next connection, so nothing is lost.
        logger.warn(
          { err, queue: consumer.queue },
          'could not settle a message; the broker will redeliver it',
        );
      })
      .finally(() => running.delete(run));
    running.add(run);
  }

  async function startConsuming(subscription: Subscription, channel: ConfirmChannel): Promise<void> {
    const { consumer } = subscription;
    await declareTopology(channel, consumer);
    await channel.prefetch(prefetch);
    const { consumerTag } = await channel.consume(
      consumer.queue,
      (message) => {
        if (message) onMessage(channel, consumer, message);
        else {
          // The broker cancelled us (the queue was deleted): declare it again and resume.
          logger.warn({ queue: consumer.queue }, 'consumer cancelled by the broker, consuming again');
          startConsuming(subscription, channel).catch((err) =>
            logger.error({ err }, 'could not resume consuming'),
          );
        }
      },
      { noAck: false },
    );
    subscription.active = { channel, consumerTag };
  }

  return {
    async publish(envelope) {
      if (closed) throw new Error('event bus is closed');
      const checked = validateEnvelope(envelope);
      if (!checked.ok) throw new InvalidEventError(checked.reason);
      // Fail fast while the broker is away instead of holding the caller for the publish timeout:
      // the outbox relay keeps the row and backs off.
      if (!manager.isConnected()) throw new Error('RabbitMQ is unreachable');
      // The trace context travels as the message's traceparent header (W3C, as for HTTP); the body stays the envelope it was.
      const { traceparent, ...event } = checked.envelope;
      await publisher.publish(exchange, event.name, Buffer.from(JSON.stringify(event)), {
        persistent: true,
        contentType: 'application/json',
        messageId: event.id,
        type: event.name,
        appId: event.producer,
        timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
        timeout: publishTimeoutMs,
        ...(traceparent ? { headers: { [TRACEPARENT_HEADER]: traceparent } } : {}),
      });
    },

    async subscribe(consumer) {
      if (closed) throw new Error('event bus is closed');
      let firstSetup: { resolve: () => void; reject: (err: unknown) => void } | undefined;
      const ready = new Promise<void>((resolve, reject) => {
        firstSetup = { resolve, reject };
      });
      // Each consumer has its own channel: its prefetch, acks and retries are independent, and a
      // message is always acknowledged on the channel that delivered it (a stale delivery tag on a
      // new channel would close that channel).
      const subscription: Subscription = {
        consumer,
        wrapper: manager.createChannel({
          name: `consumer:${consumer.queue}`,
          confirm: true,
          setup: async (channel: ConfirmChannel) => {
            try {
              await startConsuming(subscription, channel);
              firstSetup?.resolve();
            } catch (err) {
              firstSetup?.reject(err);
              throw err;
            }
          },
        }),
      };
      subscription.wrapper.on('error', (err) =>
        logger.error({ err, queue: consumer.queue }, 'consumer setup failed'),
      );
      subscriptions.push(subscription);
      await ready;
      firstSetup = undefined;
    },

    async listen(listener) {
      if (closed) throw new Error('event bus is closed');
      let active: { channel: ConfirmChannel; consumerTag: string } | undefined;
      let stopped = false;
      // One event after the other, in the order the broker delivers them; acknowledged once handled,
      // so the broker holds the rest (prefetch) instead of this process.
      let tail: Promise<void> = Promise.resolve();
      const onMessage = (channel: ConfirmChannel, message: ConsumeMessage) => {
        const run = (tail = tail.then(async () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(message.content.toString('utf8'));
          } catch {
            parsed = undefined;
          }
          const checked = validateEnvelope(parsed);
          if (!checked.ok)
            logger.warn({ listener: listener.name, reason: checked.reason }, 'broadcast dropped');
          else if (!stopped) {
            try {
              await listener.handle(checked.envelope);
            } catch (err) {
              const { name, id } = checked.envelope;
              logger.warn(
                { listener: listener.name, event: name, eventId: id, err },
                'broadcast listener failed; the event is dropped',
              );
            }
          }
          try {
            channel.ack(message);
          } catch {
            // The channel is gone, and its exclusive queue with it: nothing to settle.
          }
        }));
        running.add(run);
        void run.finally(() => running.delete(run));
      };
      // Every declaration after the first is a new queue: what was published since the old one went is lost.
      let declarations = 0;
      const gap = () => {
        const run = (tail = tail.then(async () => {
          if (stopped || !listener.onGap) return;
          logger.warn({ listener: listener.name }, 'broadcast listener may have missed events');
          try {
            await listener.onGap();
          } catch (err) {
            logger.warn({ listener: listener.name, err }, 'broadcast listener failed on a gap');
          }
        }));
        running.add(run);
        void run.finally(() => running.delete(run));
      };
      const declare = async (channel: ConfirmChannel) => {
        await channel.assertExchange(exchange, 'topic', { durable: true });
        const { queue } = await channel.assertQueue('', LISTENER_QUEUE_OPTIONS);
        for (const name of new Set(listener.events)) await channel.bindQueue(queue, exchange, name);
        // Bound: from here on every event is kept for it, so a listener catching up misses nothing more.
        if (declarations++ > 0) gap();
        await channel.prefetch(prefetch);
        const { consumerTag } = await channel.consume(queue, (message) => {
          if (message) return onMessage(channel, message);
          if (stopped || closed) return;
          // The broker cancelled us (the queue was deleted): a new queue, and listen on.
          logger.warn(
            { listener: listener.name },
            'broadcast queue deleted by the broker, declaring a new one',
          );
          declare(channel).catch((err) => logger.error({ err }, 'could not listen again'));
        });
        active = { channel, consumerTag };
      };
      let firstSetup: { resolve: () => void; reject: (err: unknown) => void } | undefined;
      const ready = new Promise<void>((resolve, reject) => {
        firstSetup = { resolve, reject };
      });
      // Its own channel, set up again on every new connection: a new server-named queue, since the
      // old one went with the old connection (and the events published in between with it).
      const wrapper = manager.createChannel({
        name: `listener:${listener.name}`,
        confirm: true,
        setup: async (channel: ConfirmChannel) => {
          try {
            await declare(channel);
            firstSetup?.resolve();
          } catch (err) {
            firstSetup?.reject(err);
            throw err;
          }
        },
      });
      wrapper.on('error', (err) => logger.error({ err, listener: listener.name }, 'listener setup failed'));
      listenerChannels.add(wrapper);
      try {
        await ready;
      } catch (err) {
        listenerChannels.delete(wrapper);
        await wrapper.close().catch(() => undefined);
        throw err;
      }
      firstSetup = undefined;
      return async () => {
        if (stopped) return;
        stopped = true;
        listenerChannels.delete(wrapper);
        // Cancelling the consumer deletes the auto-delete queue; closing the channel ends the rest.
        if (active) await active.channel.cancel(active.consumerTag).catch(() => undefined);
        await tail;
        await wrapper.close().catch(() => undefined);
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled(
        subscriptions.map(async ({ active }) => {
          if (active) await active.channel.cancel(active.consumerTag);
        }),
      );
      await Promise.allSettled([...listenerChannels].map((wrapper) => wrapper.close()));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, drainTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      await manager.close();
    },

    isHealthy: () => !closed && manager.isConnected(),
  };
}

interface DeadLetterQueueAccess {
  url: string;
  queue: string;
  /** At most this many messages (default: all that are in the dead-letter queue now). */
  limit?: number;
}

async function withConfirmChannel<T>(url: string, work: (channel: ConfirmChannel) => Promise<T>): Promise<T> {
  const connection = await connectAmqp(url, { clientProperties: { connection_name: 'campus-dlq-tool' } });
  try {
    const channel = await connection.createConfirmChannel();
    const result = await work(channel);
    // Closing the channel first flushes its acks: a connection close can overtake them, and the
    // broker would then put the acknowledged messages back.
    await channel.close();
    return result;
  } finally {
    await connection.close();
  }
}

/** Reads a consumer's dead letters without removing them (they go back to the dead-letter queue). */
export function peekDeadLetters({ url, queue, limit }: DeadLetterQueueAccess): Promise<DeadLetter[]> {
  return withConfirmChannel(url, async (channel) => {
    const dlq = deadLetterQueueName(queue);
    const { messageCount } = await channel.checkQueue(dlq);
    const letters: DeadLetter[] = [];
    const taken: Message[] = [];
    for (let i = 0; i < Math.min(messageCount, limit ?? messageCount); i++) {
      const message = await channel.get(dlq, { noAck: false });
      if (!message) break;
      taken.push(message);
      const headers = message.properties.headers ?? {};
      letters.push({
        queue,
        body: message.content.toString('utf8'),
        reason: String(headers[ERROR_HEADER] ?? ''),
        attempts: Number(headers[ATTEMPTS_HEADER] ?? 0),
        failedAt: new Date(String(headers[FAILED_AT_HEADER] ?? message.properties.timestamp * 1000)),
      });
    }
    for (const message of taken) channel.nack(message, false, true);
    return letters;
  });
}

/**
 * Moves dead letters back into their queue with a fresh attempt count (after the cause was fixed).
 * Each message is acknowledged in the dead-letter queue only once the broker confirmed the copy.
 */
export function replayDeadLetters({ url, queue, limit }: DeadLetterQueueAccess): Promise<number> {
  return withConfirmChannel(url, async (channel) => {
    const dlq = deadLetterQueueName(queue);
    // Bounded by what is there now, so a message that fails again at once is not replayed twice.
    const { messageCount } = await channel.checkQueue(dlq);
    let moved = 0;
    for (; moved < Math.min(messageCount, limit ?? messageCount); moved++) {
      const message = await channel.get(dlq, { noAck: false });
      if (!message) break;
      const {
        [ATTEMPTS_HEADER]: _attempts,
        [ERROR_HEADER]: _error,
        [FAILED_AT_HEADER]: _failedAt,
        ...headers
      } = message.properties.headers ?? {};
      await new Promise<void>((resolve, reject) => {
        channel.publish(
          '',
          queue,
          message.content,
          { ...message.properties, persistent: true, headers },
          (err) => (err ? reject(err) : resolve()),
        );
      });
      channel.ack(message);
    }
    return moved;
  });
}
