import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { connect as connectAmqp, type ConfirmChannel } from 'amqplib';
import pino from 'pino';
import type { DeadLetter, EventBus, RetryPolicy } from '../../src/bus/event-bus';
import { createInProcessBus, type InProcessBus } from '../../src/bus/in-process-bus';
import {
  createRabbitMqBus,
  deadLetterQueueName,
  peekDeadLetters,
  replayDeadLetters,
  retryQueueName,
} from '../../src/bus/rabbitmq-bus';
import { startTcpProxy, type TcpProxy } from '../../src/testing/tcp-proxy';

/** Short waits so retries and dead-lettering happen within a test's time. */
export const TEST_RETRY: RetryPolicy = { maxAttempts: 3, delaysMs: [50, 100] };

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

/** One service process's view of the bus. */
export interface Peer {
  bus: EventBus;
  /** The broker becomes unreachable for this peer (RabbitMQ: its TCP connection is cut). */
  cut(): void;
  restore(): void;
}

/** What the contract suite needs from a bus under test, beyond the EventBus interface. */
export interface BusAdapter {
  name: string;
  /** Queue names unique to this run, so parallel runs and leftovers never collide. */
  queue(base: string): string;
  /** A new peer; on RabbitMQ every peer has its own connection, as separate processes would. */
  peer(options?: { prefetch?: number }): Promise<Peer>;
  deadLetters(queue: string): Promise<DeadLetter[]>;
  replay(queue: string): Promise<number>;
  /** Only RabbitMQ: this run's exchange and the broker's URL, to read messages as they travel. */
  broker?: { url: string; exchange: string };
  /** Only a networked broker: bytes that are not a valid event, straight onto the exchange. */
  publishRaw?(routingKey: string, body: string): Promise<void>;
  /** Only RabbitMQ: the broker itself closes the peer's connection (`rabbitmqctl close_connection`). */
  closeFromBroker?(peer: Peer): Promise<void>;
  /**
   * Only RabbitMQ: the queues bound to this run's exchange that `queue()` did not name (the
   * broadcast listeners' own), as the broker describes them.
   */
  listenerQueues?(): Promise<BrokerQueue[]>;
  teardown(): Promise<void>;
}

export interface BrokerQueue {
  name: string;
  durable: boolean;
  auto_delete: boolean;
  exclusive: boolean;
}

export interface AdapterFactory {
  name: string;
  /** A broker over the network: connections can drop, messages can arrive malformed. */
  networked: boolean;
  create(): BusAdapter;
}

function inProcessAdapter(): BusAdapter {
  const bus: InProcessBus = createInProcessBus({ logger, retry: TEST_RETRY });
  const runId = randomUUID().slice(0, 8);
  return {
    name: 'in-process',
    queue: (base) => `${base}-${runId}`,
    async peer() {
      // Services in the embedded runner share one bus; only publishing can "lose the broker" here,
      // which is what the outbox must survive.
      let down = false;
      return {
        bus: {
          publish: (envelope) =>
            down ? Promise.reject(new Error('bus unreachable (simulated)')) : bus.publish(envelope),
          subscribe: (consumer) => bus.subscribe(consumer),
          listen: (listener) => bus.listen(listener),
          close: async () => undefined,
          isHealthy: () => !down && bus.isHealthy(),
        },
        cut: () => {
          down = true;
        },
        restore: () => {
          down = false;
        },
      };
    },
    deadLetters: async (queue) => bus.deadLetters(queue),
    replay: async (queue) => bus.replayDeadLetters(queue),
    teardown: () => bus.close(),
  };
}

const run = promisify(execFile);

function rabbitMqAdapter(url: string): BusAdapter {
  const runId = randomUUID().slice(0, 8);
  const exchange = `campus.events.test-${runId}`;
  const broker = new URL(url);
  const queues: string[] = [];
  const peers: Array<{ bus: EventBus; proxy: TcpProxy; connectionName: string }> = [];

  async function withChannel<T>(work: (channel: ConfirmChannel) => Promise<T>): Promise<T> {
    const connection = await connectAmqp(url);
    try {
      return await work(await connection.createConfirmChannel());
    } finally {
      await connection.close();
    }
  }

  return {
    name: 'rabbitmq',
    broker: { url, exchange },
    queue(base) {
      const name = `test.${base}-${runId}`;
      queues.push(name);
      return name;
    },
    async peer(options) {
      const proxy = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 5672) });
      const viaProxy = new URL(url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const connectionName = `bus-test-${runId}-${peers.length}`;
      const bus = createRabbitMqBus({
        url: viaProxy.toString(),
        logger,
        exchange,
        retry: TEST_RETRY,
        prefetch: options?.prefetch ?? 10,
        reconnectInitialMs: 100,
        reconnectMaxMs: 1_000,
        publishTimeoutMs: 3_000,
        connectionName,
        drainTimeoutMs: 2_000,
      });
      peers.push({ bus, proxy, connectionName });
      return { bus, cut: () => proxy.cut(), restore: () => proxy.restore() };
    },
    deadLetters: (queue) => peekDeadLetters({ url, queue }),
    replay: (queue) => replayDeadLetters({ url, queue }),
    publishRaw: (routingKey, body) =>
      withChannel(async (channel) => {
        await channel.assertExchange(exchange, 'topic', { durable: true });
        channel.publish(exchange, routingKey, Buffer.from(body), { persistent: true });
        await channel.waitForConfirms();
      }),
    async closeFromBroker(peer) {
      const entry = peers.find((candidate) => candidate.bus === peer.bus);
      if (!entry) throw new Error('unknown peer');
      const { stdout } = await run('rabbitmqctl', ['-q', 'list_connections', 'pid', 'client_properties']);
      const pids = stdout
        .split('\n')
        .filter((line) => line.includes(`"${entry.connectionName}"`))
        .map((line) => line.split('\t')[0] as string);
      if (pids.length === 0) throw new Error(`no broker connection named ${entry.connectionName}`);
      for (const pid of pids)
        await run('rabbitmqctl', ['-q', 'close_connection', pid, 'closed by the bus contract suite']);
    },
    async listenerQueues() {
      const json = async <T>(args: string[]): Promise<T[]> =>
        JSON.parse((await run('rabbitmqctl', ['-q', ...args, '--formatter', 'json'])).stdout) as T[];
      const bindings = await json<{ source_name: string; destination_name: string }>([
        'list_bindings',
        'source_name',
        'destination_name',
      ]);
      const bound = new Set(
        bindings
          .filter((b) => b.source_name === exchange && !queues.includes(b.destination_name))
          .map((b) => b.destination_name),
      );
      const all = await json<BrokerQueue>(['list_queues', 'name', 'durable', 'auto_delete', 'exclusive']);
      return all.filter((queue) => bound.has(queue.name));
    },
    async teardown() {
      await Promise.all(peers.map(({ bus }) => bus.close()));
      await Promise.all(peers.map(({ proxy }) => proxy.close()));
      await withChannel(async (channel) => {
        for (const queue of queues) {
          for (const name of [
            queue,
            deadLetterQueueName(queue),
            ...TEST_RETRY.delaysMs.map((d) => retryQueueName(queue, d)),
          ]) {
            await channel.deleteQueue(name);
          }
        }
        await channel.deleteExchange(exchange);
      });
    },
  };
}

/**
 * The adapters the contract suite runs against: in-process always; RabbitMQ when AMQP_URL is set.
 * CI must not pass by silently skipping the broker, so there a missing AMQP_URL is an error.
 */
export function busAdapters(): AdapterFactory[] {
  const url = process.env.AMQP_URL;
  if (!url && process.env.CI) {
    throw new Error('CI is set but AMQP_URL is not: the RabbitMQ bus contract suite would be skipped');
  }
  const factories: AdapterFactory[] = [{ name: 'in-process', networked: false, create: inProcessAdapter }];
  if (url) factories.push({ name: 'rabbitmq', networked: true, create: () => rabbitMqAdapter(url) });
  return factories;
}
