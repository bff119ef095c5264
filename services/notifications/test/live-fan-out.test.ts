import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { connect as connectAmqp } from 'amqplib';
import pino from 'pino';
import type { EventEnvelope } from '@campus/contracts/events';
import { startGateway, type RunningGateway } from '@campus/gateway/start-gateway';
import { GatewayConfig } from '@campus/gateway/config';
import { signAccessToken } from '@campus/service-kit/auth';
import type { EventBus } from '@campus/service-kit/bus/event-bus';
import { createInProcessBus } from '@campus/service-kit/bus/in-process-bus';
import { createRabbitMqBus, deadLetterQueueName, retryQueueName } from '@campus/service-kit/bus/rabbitmq-bus';
import { loadConfig } from '@campus/service-kit/config';
import { truncateSchema, type DatabaseHandle } from '@campus/service-kit/db';
import { startService, type RunningService } from '@campus/service-kit/service-runtime';
import { openEventStreamClient, type OpenedStream } from '@campus/service-kit/testing/event-stream-client';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { notificationsService } from '../src/service';

/**
 * The scale rule of issue 25: with two replicas of the service and two gateways, a notification
 * reaches the user's open stream whichever replica holds it and whichever consumed the event: a
 * fan-out over the broker, not process memory. Each replica has its own broker connection (as its
 * own process would) on RabbitMQ when AMQP_URL is set (CI), and they share one database
 * (PostgreSQL when DATABASE_URL is set: CI's second pass). Without AMQP_URL, outside CI, both share
 * the in-process bus.
 */
jest.setTimeout(60_000);

const AMQP_URL = process.env.AMQP_URL;
if (!AMQP_URL && process.env.CI)
  throw new Error('CI is set but AMQP_URL is not: the two-replica fan-out would not cross RabbitMQ');

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const keys = generateTestKeys();
const runId = randomUUID().slice(0, 8);
const exchange = `campus.events.test-${runId}`;
// The service names its queue 'notifications'; this run's gets a private name on a private
// exchange, so a platform on the same broker neither takes these messages nor sends its own.
const queuePrefix = `test.${runId}.`;
const RETRY = { maxAttempts: 3, delaysMs: [100, 200] };

const inProcess = AMQP_URL ? undefined : createInProcessBus({ logger, retry: RETRY });
const buses: EventBus[] = [];

/** One process's broker connection; what its service's queue consumer handled, by event id. */
function busOf(name: string, consumed?: Set<string>): EventBus {
  const bus: EventBus = AMQP_URL
    ? createRabbitMqBus({
        url: AMQP_URL,
        logger,
        exchange,
        retry: RETRY,
        connectionName: `${name}-${runId}`,
        reconnectInitialMs: 100,
        drainTimeoutMs: 2_000,
      })
    : { ...inProcess!, close: async () => undefined };
  buses.push(bus);
  return {
    publish: (envelope) => bus.publish(envelope),
    subscribe: (consumer) =>
      bus.subscribe({
        ...consumer,
        queue: `${queuePrefix}${consumer.queue}`,
        handle: async (envelope) => {
          await consumer.handle(envelope);
          consumed?.add(envelope.id);
        },
      }),
    listen: (listener) => bus.listen(listener),
    close: () => bus.close(),
    isHealthy: () => bus.isHealthy(),
  };
}

let database: DatabaseHandle;
const replicas: Array<{ service: RunningService; consumed: Set<string>; gateway: RunningGateway }> = [];
let library: EventBus;

beforeAll(async () => {
  database = await openTestDatabase();
  library = busOf('library');
  for (const name of ['notifications-1', 'notifications-2']) {
    const consumed = new Set<string>();
    const config = loadConfig('notifications', notificationsService.configSchema, {
      PORT: '0',
      JWT_PUBLIC_KEY: keys.publicKey,
    });
    const service = await startService(notificationsService, {
      config,
      database,
      bus: busOf(name, consumed),
      logger,
      outboxPollMs: 50,
    });
    // Each gateway in front of one replica: a stream through it is held by that replica.
    const gateway = await startGateway(
      loadConfig('gateway', GatewayConfig, {
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_PUBLIC_KEY: keys.publicKey,
        NOTIFICATIONS_SERVICE_URL: service.url,
      }),
      logger,
    );
    replicas.push({ service, consumed, gateway });
  }
  await truncateSchema(database.db, 'notifications');
});

afterAll(async () => {
  for (const { service, gateway } of replicas) {
    await gateway.stop();
    await service.stop();
  }
  await Promise.all(buses.map((bus) => bus.close().catch(() => undefined)));
  await inProcess?.close();
  if (AMQP_URL) {
    const connection = await connectAmqp(AMQP_URL);
    try {
      const channel = await connection.createChannel();
      const queue = `${queuePrefix}notifications`;
      for (const name of [
        queue,
        deadLetterQueueName(queue),
        ...RETRY.delaysMs.map((d) => retryQueueName(queue, d)),
      ])
        await channel.deleteQueue(name);
      await channel.deleteExchange(exchange);
    } finally {
      await connection.close();
    }
  }
  await closeTestDatabase(database);
});

const streams: OpenedStream[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});

function person(name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { ...user, headers: { Authorization: `Bearer ${signAccessToken(user, keys.privateKey, 900)}` } };
}

const verdictFor = (uploadedBy: string, title: string): EventEnvelope => ({
  id: randomUUID(),
  name: 'library.book.reviewed',
  occurredAt: new Date().toISOString(),
  producer: 'library',
  payload: {
    bookId: randomUUID(),
    uploadedBy,
    reviewerId: randomUUID(),
    verifiedBy: 'Dr. Meera Iyer',
    status: 'accepted',
    title,
  },
});

const textOf = (frame: { data: string }) => (JSON.parse(frame.data) as { text: string }).text;

test('a stream through gateway 1 on replica 1 receives the notification whose event replica 2 consumed, and the other way round', async () => {
  const asha = person('Asha Rao');
  const [first, second] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
  const viaFirst = await openEventStreamClient(`${first.gateway.url}/api/notifications/stream`, asha.headers);
  const viaSecond = await openEventStreamClient(
    `${second.gateway.url}/api/notifications/stream`,
    asha.headers,
  );
  streams.push(viaFirst, viaSecond);
  await viaFirst.next((f) => f.event === 'unread');
  await viaSecond.next((f) => f.event === 'unread');

  // Verdicts one at a time until each replica has consumed one (the broker shares the queue between them).
  const sent: Array<{ event: EventEnvelope; title: string }> = [];
  const consumedBy = (replica: (typeof replicas)[0]) =>
    sent.find(({ event }) => replica.consumed.has(event.id));
  await waitFor(
    'each replica to have consumed a verdict',
    async () => {
      const title = `Notes ${sent.length + 1}`;
      const event = verdictFor(asha.id, title);
      sent.push({ event, title });
      await library.publish(event);
      await waitFor('the verdict to be consumed', () => replicas.some((r) => r.consumed.has(event.id)));
      return consumedBy(first) && consumedBy(second);
    },
    { timeoutMs: 30_000 },
  );

  // Every verdict reached both streams, whichever replica consumed it and whichever holds the stream.
  for (const stream of [viaFirst, viaSecond]) {
    const titles = new Set<string>();
    await waitFor(`all ${sent.length} notifications on the stream`, () => {
      for (const frame of stream.frames) if (frame.event === 'notification') titles.add(textOf(frame));
      return sent.every(({ title }) => [...titles].some((text) => text.includes(title)));
    });
  }
  const byOther = consumedBy(second)!;
  expect(viaFirst.frames.some((f) => f.event === 'notification' && textOf(f).includes(byOther.title))).toBe(
    true,
  );
  await waitFor('the count to reach every verdict', () =>
    viaFirst.frames.some((f) => f.event === 'unread' && JSON.parse(f.data).count === sent.length),
  );
});

/** The broker itself closes a process's connection (as on a broker restart or a network cut). */
async function closeFromBroker(connectionName: string): Promise<void> {
  const run = promisify(execFile);
  const { stdout } = await run('rabbitmqctl', ['-q', 'list_connections', 'pid', 'client_properties']);
  const pids = stdout
    .split('\n')
    .filter((line) => line.includes(`"${connectionName}"`))
    .map((line) => line.split('\t')[0] as string);
  if (pids.length === 0) throw new Error(`no broker connection named ${connectionName}`);
  for (const pid of pids) await run('rabbitmqctl', ['-q', 'close_connection', pid, 'closed by the test']);
}

(AMQP_URL ? test : test.skip)(
  'when replica 1 loses its broker connection, its open streams are ended (they reconnect and catch up by seq), and the other replica\u2019s stay open',
  async () => {
    const ravi = person('Ravi Menon');
    const [first, second] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const url = (replica: (typeof replicas)[0]) => `${replica.gateway.url}/api/notifications/stream`;
    const viaFirst = await openEventStreamClient(url(first), ravi.headers);
    const viaSecond = await openEventStreamClient(url(second), ravi.headers);
    streams.push(viaFirst, viaSecond);
    await viaFirst.next((f) => f.event === 'unread');
    await viaSecond.next((f) => f.event === 'unread');
    await library.publish(verdictFor(ravi.id, 'Before the outage'));
    const before = await viaFirst.next((f) => f.event === 'notification');

    await closeFromBroker(`notifications-1-${runId}`);
    // Replica 1 cannot know what it missed meanwhile: its stream ends, as the browser's would.
    await waitFor('the stream held by replica 1 to end', () => viaFirst.ended(), { timeoutMs: 20_000 });
    expect(viaSecond.ended()).toBe(false);

    // The browser reconnects with Last-Event-ID: what changed since comes from the database.
    await library.publish(verdictFor(ravi.id, 'After the outage'));
    await viaSecond.next((f) => f.event === 'notification' && textOf(f).includes('After the outage'));
    const reopened = await openEventStreamClient(url(first), {
      ...ravi.headers,
      'Last-Event-ID': before.id!,
    });
    streams.push(reopened);
    const caughtUp = await reopened.next((f) => f.event === 'notification');
    expect(textOf(caughtUp)).toContain('After the outage');
    const unread = await reopened.next((f) => f.event === 'unread');
    expect(JSON.parse(unread.data)).toEqual({ count: 2 });
  },
);
