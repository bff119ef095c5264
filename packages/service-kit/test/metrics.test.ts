import { randomUUID } from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { signAccessToken } from '../src/auth';
import type { EventBus } from '../src/bus/event-bus';
import { createInProcessBus, type InProcessBus } from '../src/bus/in-process-bus';
import { loadConfig } from '../src/config';
import { truncateSchema, type DatabaseHandle } from '../src/db';
import { startService, type RunningService } from '../src/service-runtime';
import { openEventStreamClient } from '../src/testing/event-stream-client';
import { closeTestDatabase, openTestDatabase } from '../src/testing/test-database';
import { generateTestKeys } from '../src/testing/test-keys';
import { waitFor } from '../src/testing/wait-for';
import { FAILING_NAME, metricsService } from './fixtures/metrics-service/metrics-service';

/**
 * GET /metrics of a real service (the kit's, every service has it): what a Prometheus scrape reads
 * after real requests, outbox rows, deliveries and streams.
 */
const keys = generateTestKeys();
const logger = pino({ level: 'silent' });
let database: DatabaseHandle;
let bus: InProcessBus;
let service: RunningService;
let brokerDown = false;

const start = () => {
  // The broker as the relay sees it: down while the test says so (the rows wait in the outbox).
  const flakyBus: EventBus = {
    ...bus,
    publish: (envelope) =>
      brokerDown ? Promise.reject(new Error('broker unreachable')) : bus.publish(envelope),
  };
  return startService(metricsService, {
    config: loadConfig(metricsService.name, metricsService.configSchema, {
      PORT: '0',
      JWT_PUBLIC_KEY: keys.publicKey,
    }),
    database,
    bus: flakyBus,
    logger,
    outboxPollMs: 50,
  });
};

beforeAll(async () => {
  database = await openTestDatabase();
  await truncateSchema(database.db, metricsService.name);
  // Two deliveries in all, 10 ms apart: a failing event is dead-lettered within the test.
  bus = createInProcessBus({ logger, retry: { maxAttempts: 2, delaysMs: [10] } });
  service = await start();
});
afterAll(async () => {
  await service.stop();
  await bus.close();
  await closeTestDatabase(database);
});

const asha = { id: randomUUID(), name: 'Asha Rao', isTeacher: false };
const auth = () => ({ Authorization: `Bearer ${signAccessToken(asha, keys.privateKey, 900)}` });

async function scrape(url = service.url): Promise<string> {
  const res = await request(url).get('/metrics').expect(200);
  return res.text;
}

/** The value of one series in exposition text (undefined when the series is not there). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const seen = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => seen[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const registered = (name: string): EventEnvelope => ({
  id: randomUUID(),
  name: 'identity.user.registered',
  occurredAt: new Date().toISOString(),
  producer: 'identity',
  payload: { userId: randomUUID(), name, email: 'someone@campus.test', isTeacher: false },
});

describe('GET /metrics', () => {
  test('answers the Prometheus text format, not cached, with the process metrics', async () => {
    const res = await request(service.url).get('/metrics').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/^# HELP http_requests_total /m);
    expect(res.text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(sample(res.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(res.text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  test('requests are counted and timed by route template and status, never by the ids in their paths', async () => {
    await request(service.url).get('/api/things/first-id').expect(200);
    await request(service.url).get('/api/things/second-id').expect(200);
    await request(service.url).get('/api/things/missing').expect(404);
    await request(service.url).get('/no/such/path/42').expect(404);
    await request(service.url).post('/api/things').expect(401);

    const text = await scrape();
    const route = { method: 'GET', route: '/api/things/:id' };
    expect(sample(text, 'http_requests_total', { ...route, status: '200' })).toBe(2);
    expect(sample(text, 'http_requests_total', { ...route, status: '404' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/things', status: '401' })).toBe(
      1,
    );
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(
      1,
    );
    expect(sample(text, 'http_request_duration_seconds_count', { ...route, status: '200' })).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { ...route, status: '200', le: '+Inf' }),
    ).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_sum', { ...route, status: '200' })).toBeGreaterThan(0);
    // Bounded labels: what a client puts in a path never becomes a series.
    expect(text).not.toMatch(/first-id|second-id|missing|no\/such/);
  });

  test('outbox gauges: an event the broker cannot take waits and ages, and is gone once published', async () => {
    expect(sample(await scrape(), 'outbox_events_waiting')).toBe(0);
    expect(sample(await scrape(), 'outbox_oldest_event_age_seconds')).toBe(0);

    brokerDown = true;
    await request(service.url).post('/api/things').set(auth()).expect(201);
    // The row is written with the request; its age is read on each scrape until the clock has moved.
    const waiting = await waitFor('the waiting event to age', scrape, {
      until: (text) => (sample(text, 'outbox_oldest_event_age_seconds') ?? 0) > 0,
    });
    expect(sample(waiting, 'outbox_events_waiting')).toBe(1);
    expect(sample(waiting, 'outbox_oldest_event_age_seconds')).toBeGreaterThan(0);

    brokerDown = false;
    await waitFor('the outbox to be published', async () => sample(await scrape(), 'outbox_events_waiting'), {
      until: (n) => n === 0,
      timeoutMs: 15_000,
    });
    expect(sample(await scrape(), 'outbox_oldest_event_age_seconds')).toBe(0);
  });

  test('events: handled ones are counted by name, a failing one as retried and then dead-lettered', async () => {
    const before = await scrape();
    const event = { event: 'identity.user.registered' };
    const handledBefore = sample(before, 'events_handled_total', event) ?? 0;

    await bus.publish(registered('Ravi'));
    await waitFor('the event handled', async () => sample(await scrape(), 'events_handled_total', event), {
      until: (n) => n === handledBefore + 1,
    });

    await bus.publish(registered(FAILING_NAME));
    await waitFor('the event dead-lettered', () => bus.deadLetters(metricsService.name).length, {
      until: (n) => n === 1,
    });
    const after = await scrape();
    expect(sample(after, 'events_retried_total', event)).toBe(1);
    expect(sample(after, 'events_dead_lettered_total', event)).toBe(1);
    expect(sample(after, 'events_handled_total', event)).toBe(handledBefore + 1);
  });

  test('open event streams: counted while open, not timed as requests', async () => {
    expect(sample(await scrape(), 'event_streams_open')).toBe(0);
    const stream = await openEventStreamClient(`${service.url}/api/things/live`, auth());
    await stream.next((f) => f.event === 'hello');
    expect(sample(await scrape(), 'event_streams_open')).toBe(1);

    stream.close();
    await waitFor('the stream counted as closed', async () => sample(await scrape(), 'event_streams_open'), {
      until: (n) => n === 0,
    });
    const live = { method: 'GET', route: '/api/things/live', status: '200' };
    await waitFor(
      'the stream counted as a request',
      async () => sample(await scrape(), 'http_requests_total', live),
      {
        until: (n) => n === 1,
      },
    );
    expect(sample(await scrape(), 'http_request_duration_seconds_count', live)).toBeUndefined();
  });

  test('two services in one process (npm start) count apart', async () => {
    const other = await start();
    try {
      await request(other.url).get('/api/things/elsewhere').expect(200);
      const text = await scrape(other.url);
      const route = { method: 'GET', route: '/api/things/:id', status: '200' };
      expect(sample(text, 'http_requests_total', route)).toBe(1);
      expect(sample(await scrape(), 'http_requests_total', route)).toBe(2);
    } finally {
      await other.stop();
    }
  });
});
