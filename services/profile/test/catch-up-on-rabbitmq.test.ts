import { randomUUID } from 'node:crypto';
import { connect as connectAmqp } from 'amqplib';
import pino from 'pino';
import request from 'supertest';
import type { EventBus } from '@campus/service-kit/bus/event-bus';
import { createRabbitMqBus, deadLetterQueueName, retryQueueName } from '@campus/service-kit/bus/rabbitmq-bus';
import { loadConfig } from '@campus/service-kit/config';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { startService, type RunningService } from '@campus/service-kit/service-runtime';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { waitForHandled } from '@campus/service-kit/testing/wait-for-handled';
import { inbox } from '../src/data/schema';
import { profileService } from '../src/service';
import { envelope, userWithToken } from './profile-test-kit';

jest.setTimeout(60_000);

const AMQP_URL = process.env.AMQP_URL;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const RETRY = { maxAttempts: 3, delaysMs: [100, 200] };

if (!AMQP_URL) {
  // CI must not go green by skipping the broker; a developer without RabbitMQ is told why.
  const why = 'AMQP_URL is not set: the RabbitMQ catch-up test of the profile service cannot run';
  if (process.env.CI)
    test('catch-up on RabbitMQ', () => {
      throw new Error(`CI is set but ${why}`);
    });
  else test.skip(`catch-up on RabbitMQ (${why})`, () => undefined);
} else {
  const url = AMQP_URL;
  const runId = randomUUID().slice(0, 8);
  const exchange = `campus.events.test-${runId}`;
  // The service names its queue 'profile'; this run's queue gets a private name on a private exchange,
  // so a platform on the same broker neither steals these messages nor sends its own.
  const queuePrefix = `test.${runId}.`;
  const keys = generateTestKeys();
  let database: DatabaseHandle;
  const buses: EventBus[] = [];

  const rabbitBus = (connectionName: string): EventBus => {
    const bus = createRabbitMqBus({
      url,
      logger,
      exchange,
      retry: RETRY,
      connectionName,
      reconnectInitialMs: 100,
      drainTimeoutMs: 2_000,
    });
    buses.push(bus);
    return bus;
  };
  const withPrivateQueue = (bus: EventBus): EventBus => ({
    publish: (e) => bus.publish(e),
    subscribe: (consumer) => bus.subscribe({ ...consumer, queue: `${queuePrefix}${consumer.queue}` }),
    listen: (listener) => bus.listen(listener),
    close: () => bus.close(),
    isHealthy: () => bus.isHealthy(),
  });

  /** The profile service as its own process would run: its own broker connection, the shared database. */
  async function startProfile(): Promise<{ service: RunningService; bus: EventBus }> {
    const bus = withPrivateQueue(rabbitBus(`profile-test-${runId}`));
    const config = loadConfig('profile', profileService.configSchema, {
      PORT: '0',
      JWT_PUBLIC_KEY: keys.publicKey,
    });
    const service = await startService(profileService, { config, database, bus, logger, outboxPollMs: 50 });
    return { service, bus };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close().catch(() => undefined)));
    const connection = await connectAmqp(url);
    try {
      const channel = await connection.createChannel();
      for (const queue of [`${queuePrefix}profile`]) {
        for (const name of [
          queue,
          deadLetterQueueName(queue),
          ...RETRY.delaysMs.map((d) => retryQueueName(queue, d)),
        ]) {
          await channel.deleteQueue(name);
        }
      }
      await channel.deleteExchange(exchange);
    } finally {
      await connection.close();
    }
    await closeTestDatabase(database);
  });

  test('when the profile service is down while books are uploaded, then on restart bookCount catches up exactly', async () => {
    // The producer side: a connection of its own publishing what the library's outbox relay
    // publishes for each upload (the library itself is not started: a service's tests start no
    // other service; the upload -> count path through both is in e2e-api).
    const libraryBus = rabbitBus(`library-test-${runId}`);
    const uploader = userWithToken(keys.privateKey);
    let n = 0;
    const upload = async () => {
      const submitted = envelope('library.book.submitted', {
        bookId: randomUUID(),
        uploadedBy: uploader.id,
        subject: 'Compiler Design',
        title: `CD notes ${++n}`,
      });
      await libraryBus.publish(submitted);
      return submitted.id;
    };
    let profile = await startProfile();
    const bookCount = async () =>
      (
        await request(profile.service.url)
          .get(`/api/commonData/${uploader.id}`)
          .set('Authorization', uploader.auth)
          .expect(200)
      ).body.data.bookCount as number;
    const stopProfile = async () => {
      await profile.service.stop();
      // Closing drains: deliveries in flight finish (and are acknowledged) first.
      await profile.bus.close();
    };

    const whileRunning: string[] = [];
    for (let i = 0; i < 5; i++) whileRunning.push(await upload());
    await waitForHandled(database.db, inbox, whileRunning);
    expect(await bookCount()).toBe(5);

    await stopProfile();
    const whileDown: string[] = [];
    for (let i = 0; i < 20; i++) whileDown.push(await upload());
    // And one event the broker delivers twice (a relay that crashed between confirm and commit).
    const replayed = envelope('library.book.submitted', {
      bookId: randomUUID(),
      uploadedBy: uploader.id,
      subject: 'Cloud Computing',
      title: 'CC',
    });
    await libraryBus.publish(replayed);
    await libraryBus.publish(replayed);

    profile = await startProfile();
    await waitForHandled(database.db, inbox, [...whileDown, replayed.id], 30_000);
    expect(await bookCount()).toBe(26);

    // The repeat of the replayed event leaves no inbox row to wait for: stop consuming, and once
    // the queue holds nothing (every delivery acknowledged), the count is final.
    await stopProfile();
    const connection = await connectAmqp(url);
    try {
      const channel = await connection.createChannel();
      expect(await channel.checkQueue(`${queuePrefix}profile`)).toMatchObject({ messageCount: 0 });
    } finally {
      await connection.close();
    }
    profile = await startProfile();
    expect(await bookCount()).toBe(26);
    await stopProfile();
  });
}
