import { randomUUID } from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { signAccessToken } from '../src/auth';
import { loadConfig } from '../src/config';
import { defineEventListeners } from '../src/event-handlers';
import { startService, type ServiceDefinition } from '../src/service-runtime';
import { openEventStreamClient } from '../src/testing/event-stream-client';
import { startServiceForTest, type ServiceHarness } from '../src/testing/service-harness';
import { waitFor } from '../src/testing/wait-for';
import { liveService } from './fixtures/live-service/live-service';

/**
 * A stream route (defineStreamRoute) and broadcast listeners (`listens`) in a real service over real
 * HTTP: the fixture streams every `housing.flat.requested` it hears to every open stream.
 */
const BUFFER_CAP = 64 * 1024;
const live = liveService({ heartbeatMs: 100, maxBufferedBytes: BUFFER_CAP });
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(live.definition);
});
afterAll(() => h.stop());

const asha = { id: randomUUID(), name: 'Asha Rao', isTeacher: false };
const auth = () => ({ Authorization: `Bearer ${signAccessToken(asha, h.keys.privateKey, 900)}` });

const flatRequested = (flatId: string): EventEnvelope => ({
  id: randomUUID(),
  name: 'housing.flat.requested',
  occurredAt: new Date().toISOString(),
  producer: 'housing',
  payload: { flatId, userId: randomUUID() },
});

/** The process's timers (heartbeats, expiries): what a stream that ended must not leave behind. */
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('a stream route', () => {
  test('when a guest opens it, then 401 JSON and no stream', async () => {
    const res = await request(h.url).get('/api/live').expect(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(live.streams.open.size).toBe(0);
  });

  test('when its query is invalid, then 400 JSON with the reason and no stream', async () => {
    const res = await request(h.url).get('/api/live?room=far-too-long-a-room').set(auth()).expect(400);
    expect(res.body.message).toMatch(/room is at most 10 characters/);
    expect(live.streams.open.size).toBe(0);
  });

  test('when a user opens it, then the event-stream headers, the retry hint and its first event come at once', async () => {
    const stream = await openEventStreamClient(`${h.url}/api/live?room=a1`, auth());
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
      expect(stream.headers['x-accel-buffering']).toBe('no');
      const hello = await stream.next();
      expect(hello.event).toBe('hello');
      expect(JSON.parse(hello.data)).toEqual({ name: 'Asha Rao', lastEventId: null, room: 'a1' });
      expect(stream.retries).toEqual([3_000]);
    } finally {
      stream.close();
    }
  });

  test('when a client resumes, then the Last-Event-ID header, or else ?lastEventId=, says from where', async () => {
    const byHeader = await openEventStreamClient(`${h.url}/api/live?lastEventId=7`, {
      ...auth(),
      'Last-Event-ID': '42',
    });
    const byQuery = await openEventStreamClient(`${h.url}/api/live?lastEventId=7`, auth());
    try {
      expect(JSON.parse((await byHeader.next()).data)).toMatchObject({ lastEventId: '42' });
      expect(JSON.parse((await byQuery.next()).data)).toMatchObject({ lastEventId: '7' });
    } finally {
      byHeader.close();
      byQuery.close();
    }
  });

  test('when nothing happens, then a ping comment keeps it alive', async () => {
    const stream = await openEventStreamClient(`${h.url}/api/live`, auth());
    try {
      await waitFor('two heartbeats', () => stream.comments.filter((c) => c === 'ping').length >= 2);
      expect(stream.ended()).toBe(false);
    } finally {
      stream.close();
    }
  });

  test('when an event is published, then the streams of every replica receive it, with its id', async () => {
    const other = await h.startAnother();
    const first = await openEventStreamClient(`${h.url}/api/live`, auth());
    const second = await openEventStreamClient(`${other.url}/api/live`, auth());
    try {
      await first.next((f) => f.event === 'hello');
      await second.next((f) => f.event === 'hello');
      const event = flatRequested('flat-9');
      await h.bus.publish(event);
      for (const stream of [first, second]) {
        const frame = await stream.next((f) => f.event === 'flat');
        expect(frame).toEqual({ event: 'flat', id: event.id, data: '{"flatId":"flat-9"}' });
      }
    } finally {
      first.close();
      second.close();
      await other.stop();
    }
  });

  test('when the service stops, then its open streams end (their clients reconnect elsewhere)', async () => {
    const other = await h.startAnother();
    const stream = await openEventStreamClient(`${other.url}/api/live`, auth());
    await stream.next((f) => f.event === 'hello');
    const stopped = other.stop();
    await waitFor('the stream to end', () => stream.ended());
    await stopped;
  });

  test('when clients leave, then their streams, listeners and timers are gone', async () => {
    await waitFor('no stream open from earlier tests', () => live.streams.open.size === 0);
    const before = timers();
    const clients = await Promise.all(
      Array.from({ length: 20 }, () => openEventStreamClient(`${h.url}/api/live`, auth())),
    );
    await Promise.all(clients.map((c) => c.next((f) => f.event === 'hello')));
    expect(live.streams.open.size).toBe(20);
    // Each stream's heartbeat and its end of life.
    expect(timers()).toBeGreaterThanOrEqual(before + 40);

    for (const client of clients) client.close();

    await waitFor('every stream to be forgotten', () => live.streams.open.size === 0);
    await waitFor('their timers to be cleared', () => timers() <= before + 2);
    expect(live.streams.ended.slice(-20)).toEqual(Array(20).fill('client-left'));
  });

  test('when a client stops reading, then it is dropped once its bytes pass the cap, instead of held in memory', async () => {
    await waitFor('no stream open from earlier tests', () => live.streams.open.size === 0);
    const slow = await openEventStreamClient(`${h.url}/api/live`, auth());
    await slow.next((f) => f.event === 'hello');
    const [held] = [...live.streams.open];
    slow.pause();
    const chunk = 'x'.repeat(16 * 1024);
    // The sockets' own buffers take a few megabytes first; then the process's share grows to the cap.
    await waitFor('the slow client to be dropped', () => {
      for (let i = 0; i < 32 && !held?.ended; i++) live.streams.sendToAll('flat', { flatId: chunk });
      return held?.ended;
    });
    expect(live.streams.ended.at(-1)).toBe('slow-client');
    expect(live.streams.open.size).toBe(0);
    slow.close();
  });

  test('when a stream has lived its time, then it ends cleanly and the client may come back', async () => {
    const short = liveService({ maxDurationMs: 200 });
    const logger = pino({ level: 'silent' });
    const config = loadConfig(short.definition.name, short.definition.configSchema, {
      PORT: '0',
      JWT_PUBLIC_KEY: h.keys.publicKey,
    });
    const service = await startService(short.definition, {
      config,
      database: h.database,
      bus: h.bus,
      logger,
    });
    try {
      const stream = await openEventStreamClient(`${service.url}/api/live`, auth());
      await stream.next((f) => f.event === 'hello');
      await waitFor('the stream to end', () => stream.ended());
      expect(short.streams.ended).toEqual(['expired']);
      expect(stream.text().endsWith('\n\n')).toBe(true);
    } finally {
      await service.stop();
    }
  });

  test('the API document shows it as text/event-stream with its events and its resume point', async () => {
    const doc = (await request(h.url).get('/openapi.json').expect(200)).body;
    const operation = doc.paths['/api/live'].get;
    expect(operation.operationId).toBe('streamLive');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.responses['200'].description).toMatch(/hello, flat/);
    expect(operation.responses['401']).toBeDefined();
    const parameters = operation.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`);
    expect(parameters).toEqual(
      expect.arrayContaining(['header:Last-Event-ID', 'query:lastEventId', 'query:room']),
    );
  });
});

describe('a service whose listeners and declaration disagree', () => {
  test('when it listens to an event it has no listener for, then it does not start', async () => {
    const drifted = {
      ...live.definition,
      listens: ['housing.flat.requested', 'housing.flat.deleted'],
    } as unknown as ServiceDefinition;
    const config = loadConfig(drifted.name, drifted.configSchema, {
      PORT: '0',
      JWT_PUBLIC_KEY: h.keys.publicKey,
    });
    await expect(
      startService(drifted, { config, database: h.database, bus: h.bus, logger: pino({ level: 'silent' }) }),
    ).rejects.toThrow(
      'relay_fixture declares it listens to [housing.flat.deleted, housing.flat.requested] but its create() returns listeners for [housing.flat.requested]',
    );
  });

  test('when its create() returns a listener it does not declare, then it does not start', async () => {
    const drifted = {
      ...live.definition,
      create: (deps: Parameters<typeof live.definition.create>[0]) => ({
        ...live.definition.create(deps),
        eventListeners: defineEventListeners({
          'housing.flat.requested': () => undefined,
          'housing.flat.deleted': () => undefined,
        }),
      }),
    } as unknown as ServiceDefinition;
    const config = loadConfig(drifted.name, drifted.configSchema, {
      PORT: '0',
      JWT_PUBLIC_KEY: h.keys.publicKey,
    });
    await expect(
      startService(drifted, { config, database: h.database, bus: h.bus, logger: pino({ level: 'silent' }) }),
    ).rejects.toThrow(
      'but its create() returns listeners for [housing.flat.deleted, housing.flat.requested]',
    );
  });
});
