import { randomUUID } from 'node:crypto';
import { connect as connectAmqp } from 'amqplib';
import pino from 'pino';
import { libraryService } from '@campus/library-service/service';
import { profileService } from '@campus/profile-service/service';
import { signAccessToken } from '@campus/service-kit/auth';
import type { EventBus } from '@campus/service-kit/bus/event-bus';
import { createInProcessBus } from '@campus/service-kit/bus/in-process-bus';
import { createRabbitMqBus, deadLetterQueueName, retryQueueName } from '@campus/service-kit/bus/rabbitmq-bus';
import { loadConfig } from '@campus/service-kit/config';
import { startService } from '@campus/service-kit/service-runtime';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { percentile } from './support/latency-stats';

const UPLOADS = Number(process.env.BENCH_PROFILE_UPLOADS ?? 200);
/** One upload may not take longer than this to show; the bench stops rather than hang. */
const VISIBLE_TIMEOUT_MS = 15_000;
const logger = pino({ level: 'silent' });

interface Buses {
  library: EventBus;
  profile: EventBus;
  teardown(): Promise<void>;
}

function inProcessBuses(): Buses {
  const bus = createInProcessBus({ logger });
  return { library: bus, profile: bus, teardown: () => bus.close() };
}

/** Two connections (one per service, as two processes), a private exchange and queues, removed after. */
function rabbitMqBuses(url: string): Buses {
  const runId = randomUUID().slice(0, 8);
  const exchange = `campus.events.bench-${runId}`;
  const prefix = `bench.${runId}.`;
  const make = (name: string): EventBus => {
    const bus = createRabbitMqBus({ url, logger, exchange, connectionName: `${name}-bench-${runId}` });
    return {
      ...bus,
      subscribe: (consumer) => bus.subscribe({ ...consumer, queue: `${prefix}${consumer.queue}` }),
    };
  };
  const library = make('library');
  const profile = make('profile');
  return {
    library,
    profile,
    async teardown() {
      await library.close();
      await profile.close();
      const connection = await connectAmqp(url);
      try {
        const channel = await connection.createChannel();
        for (const queue of [`${prefix}profile`, `${prefix}library`]) {
          for (const name of [
            queue,
            deadLetterQueueName(queue),
            ...[1_000, 5_000, 30_000, 120_000].map((d) => retryQueueName(queue, d)),
          ]) {
            await channel.deleteQueue(name);
          }
        }
        await channel.deleteExchange(exchange);
      } finally {
        await connection.close();
      }
    },
  };
}

/**
 * Upload -> count visible: a book is created through the library's HTTP API (its outbox, relay,
 * bus), the profile service consumes `library.book.submitted` through its inbox, and the time is
 * taken when GET /api/commonData/{userId} first shows the new count. Sequential uploads, polling
 * the count every 2 ms over a keep-alive connection. The database is PGlite unless DATABASE_URL is set.
 */
async function measure(label: string, buses: Buses): Promise<void> {
  const keys = generateTestKeys();
  const database = await openTestDatabase();
  const env = { PORT: '0', JWT_PUBLIC_KEY: keys.publicKey };
  const library = await startService(libraryService, {
    config: loadConfig('library', libraryService.configSchema, env),
    database,
    bus: buses.library,
    logger,
  });
  const profile = await startService(profileService, {
    config: loadConfig('profile', profileService.configSchema, env),
    database,
    bus: buses.profile,
    logger,
  });
  const user = { id: randomUUID(), name: 'Bench Student', isTeacher: false };
  const authorization = `Bearer ${signAccessToken(user, keys.privateKey, 3600)}`;
  const countsUrl = `${profile.url}/api/commonData/${user.id}`;

  const samples: number[] = [];
  const uploadTimes: number[] = [];
  try {
    for (let i = 1; i <= UPLOADS; i++) {
      const started = performance.now();
      const created = await fetch(`${library.url}/api/book`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Bench notes ${i}`,
          branch: 'Computer Engineering',
          subject: 'Compiler Design',
          tags: ['bench'],
          driveLink: 'https://drive.google.com/file/d/bench/view',
        }),
      });
      if (created.status !== 201)
        throw new Error(`upload ${i}: HTTP ${created.status} ${await created.text()}`);
      uploadTimes.push(performance.now() - started);
      const bookCount = await waitFor(
        `upload ${i} counted`,
        async () => {
          const res = await fetch(countsUrl, { headers: { authorization } });
          return ((await res.json()) as { data: { bookCount: number } }).data.bookCount;
        },
        { until: (count) => count >= i, timeoutMs: VISIBLE_TIMEOUT_MS, everyMs: 2 },
      );
      samples.push(performance.now() - started);
      if (bookCount > i) throw new Error(`bookCount ${bookCount} after ${i} uploads`);
    }
  } finally {
    await profile.stop();
    await library.stop();
    await buses.teardown();
    await closeTestDatabase(database);
  }
  const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
  console.log(
    `${label.padEnd(11)} ${UPLOADS} uploads   visible p50 ${ms(percentile(samples, 50))}   p99 ${ms(percentile(samples, 99))}   max ${ms(percentile(samples, 100))}` +
      `   (of which POST /api/book p50 ${ms(percentile(uploadTimes, 50))}, p99 ${ms(percentile(uploadTimes, 99))}; ${database.kind})`,
  );
}

/** Upload -> count visible on the profile dashboard, on the in-process bus and (AMQP_URL) on RabbitMQ. */
export async function run(): Promise<void> {
  console.log('upload (POST /api/book) -> bookCount visible (GET /api/commonData/{userId}), sequential');
  await measure('in-process', inProcessBuses());
  const url = process.env.AMQP_URL;
  if (url) await measure('rabbitmq', rabbitMqBuses(url));
  else
    console.log('rabbitmq    skipped: set AMQP_URL (e.g. amqp://guest:guest@127.0.0.1:5672) to measure it');
}
