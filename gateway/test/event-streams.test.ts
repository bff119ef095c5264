import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pino from 'pino';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { signAccessToken } from '@campus/service-kit/auth';
import { loadConfig } from '@campus/service-kit/config';
import { openEventStreamClient, type OpenedStream } from '@campus/service-kit/testing/event-stream-client';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { notificationsService } from '@campus/notifications-service/service';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { closedPortUrl } from './support/stand-in-servers';

/**
 * GET /api/notifications/stream through the gateway, with the real notifications service behind
 * it: the stream passes unbuffered and uncompressed, outlives the route timeout, keeps the session
 * checks, and open streams take nothing from the short requests' admission gate.
 */
jest.setTimeout(60_000);

const HEARTBEAT_MS = 500;
const ROUTE_TIMEOUT_MS = 2_000;
const IN_FLIGHT = 4;

let h: ServiceHarness;
const gateways: RunningGateway[] = [];
let gateway: RunningGateway;

async function gatewayFor(env: Record<string, string> = {}) {
  const config = loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: h.keys.publicKey,
    IDENTITY_SERVICE_URL: await closedPortUrl(),
    NOTIFICATIONS_SERVICE_URL: h.url,
    UPSTREAM_TIMEOUT_MS: String(ROUTE_TIMEOUT_MS),
    // A gate that a handful of held streams would close, were they counted in it.
    UPSTREAM_MAX_IN_FLIGHT: String(IN_FLIGHT),
    UPSTREAM_MAX_QUEUED: '0',
    ...env,
  });
  const started = await startGateway(config, pino({ level: 'silent' }));
  gateways.push(started);
  return started;
}

beforeAll(async () => {
  h = await startServiceForTest(notificationsService, { STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS) });
  gateway = await gatewayFor();
});
afterAll(async () => {
  for (const g of gateways) await g.stop();
  await h.stop();
});
beforeEach(() => h.reset());

const streams: OpenedStream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

function person(name: string, ttlSeconds = 900) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return {
    ...user,
    headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, ttlSeconds)}` },
  };
}
type Person = ReturnType<typeof person>;

async function open(p: Person, headers: Record<string, string> = {}, url = gateway.url) {
  const stream = await openEventStreamClient(`${url}/api/notifications/stream`, { ...p.headers, ...headers });
  streams.push(stream);
  return stream;
}

/** A verdict on a book `p` uploaded, as library publishes it; resolves once the service handled it. */
async function verdictFor(p: Person, title: string) {
  const event: EventEnvelope = {
    id: randomUUID(),
    name: 'library.book.reviewed',
    occurredAt: new Date().toISOString(),
    producer: 'library',
    payload: {
      bookId: randomUUID(),
      uploadedBy: p.id,
      reviewerId: randomUUID(),
      verifiedBy: 'Dr. Meera Iyer',
      status: 'accepted',
      title,
    },
  };
  await h.bus.publish(event);
  await h.waitForHandled(event.id);
}

const data = (frame: { data: string }) => JSON.parse(frame.data) as Record<string, unknown>;
const unread = (count: number) => (f: { event: string; data: string }) =>
  f.event === 'unread' && data(f).count === count;

describe('who may open it', () => {
  test('when a guest opens the stream through the gateway, then 401 JSON', async () => {
    const res = await request(gateway.url).get('/api/notifications/stream').expect(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  test('when the session has expired or the token is forged, then the gateway refuses it as for any call', async () => {
    const expired = person('Asha Rao', -60);
    await request(gateway.url)
      .get('/api/notifications/stream')
      .set(expired.headers)
      .expect(401)
      .expect((res) => expect(res.body.code).toBe('TOKEN_EXPIRED'));
    await request(gateway.url)
      .get('/api/notifications/stream')
      .set('Authorization', 'Bearer not.a.token')
      .expect(401)
      .expect((res) => expect(res.body.code).toBe('TOKEN_INVALID'));
  });
});

describe('a stream through the gateway', () => {
  test('when a client that accepts compression opens it, then it comes as an event stream, uncompressed and unbuffered', async () => {
    const asha = person('Asha Rao');
    const stream = await open(asha, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    // The first event is a few bytes: it arrives at once, not when a buffer fills.
    expect(data(await stream.next())).toEqual({ count: 0 });
  });

  test('when a notification is made, then it arrives on the open stream', async () => {
    const asha = person('Asha Rao');
    const stream = await open(asha);
    await stream.next(unread(0));

    await verdictFor(asha, 'Compiler Design notes');
    const notification = await stream.next((f) => f.event === 'notification');
    expect(data(notification)).toMatchObject({ kind: 'library.verdict', read: false });
    await stream.next(unread(1));
  });

  test('when nothing happens for longer than the route timeout, then heartbeats come and the stream stays open', async () => {
    // Silent between heartbeats for more than three times this gateway's route timeout.
    const strict = await gatewayFor({ UPSTREAM_TIMEOUT_MS: String(Math.floor(HEARTBEAT_MS / 3)) });
    const asha = person('Asha Rao');
    const stream = await open(asha, {}, strict.url);
    await stream.next(unread(0));

    await waitFor('two heartbeats', () => stream.comments.filter((c) => c === 'ping').length >= 2);
    expect(stream.ended()).toBe(false);
    await verdictFor(asha, 'After a quiet spell');
    await stream.next(unread(1));
  });

  test('when the client comes back with Last-Event-ID, then the gateway passes it on and what was missed arrives', async () => {
    const asha = person('Asha Rao');
    const first = await open(asha);
    const position = (await first.next(unread(0))).id!;
    first.close();
    await verdictFor(asha, 'Missed while away');

    const resumed = await open(asha, { 'Last-Event-ID': position });

    const missed = await resumed.next();
    expect(missed.event).toBe('notification');
    expect(String(data(missed).text)).toMatch(/Missed while away/);
    expect(data(await resumed.next())).toEqual({ count: 1 });
  });

  test('when B has a stream open, then B never receives A’s', async () => {
    const asha = person('Asha Rao');
    const bilal = person('Bilal Khan');
    const ashas = await open(asha);
    const bilals = await open(bilal);
    await ashas.next(unread(0));
    await bilals.next(unread(0));

    await verdictFor(asha, 'For Asha only');
    await verdictFor(bilal, 'For Bilal');

    await ashas.next((f) => f.event === 'notification');
    // Bilal's own came after Asha's: one of hers would have reached him before it.
    expect(String(data(await bilals.next((f) => f.event === 'notification')).text)).toMatch(/For Bilal/);
    expect(bilals.text()).not.toMatch(/For Asha only/);
  });
});

describe('open streams and short requests', () => {
  const OPEN = 200;

  test(`when ${OPEN} streams are open, then a normal API call to the same service still answers at once`, async () => {
    const asha = person('Asha Rao');
    const opened = await Promise.all(Array.from({ length: OPEN }, () => open(person('Student'))));
    await Promise.all(opened.map((s) => s.next(unread(0))));

    // Far more than the gate's IN_FLIGHT at once: were streams counted there, all of these would be shed.
    const calls = await Promise.all(
      Array.from({ length: IN_FLIGHT }, () =>
        request(gateway.url).get('/api/notifications/unread-count').set(asha.headers),
      ),
    );
    expect(calls.map((c) => c.status)).toEqual(Array(IN_FLIGHT).fill(200));
    expect(opened.every((s) => !s.ended())).toBe(true);
  });

  test('when the streams to a service reach their cap, then another is refused at once (503) while calls answer; closing one frees its place', async () => {
    const capped = await gatewayFor({ UPSTREAM_MAX_STREAMS: '2' });
    const asha = person('Asha Rao');
    const first = await open(asha, {}, capped.url);
    const second = await open(asha, {}, capped.url);
    await first.next(unread(0));
    await second.next(unread(0));

    const refused = await request(capped.url).get('/api/notifications/stream').set(asha.headers).expect(503);
    expect(refused.body).toMatchObject({ code: 'OVERLOADED' });
    expect(refused.headers['retry-after']).toBeDefined();
    await request(capped.url).get('/api/notifications/unread-count').set(asha.headers).expect(200);

    first.close();
    await waitFor('the closed stream’s place to be free', async () => {
      const res = await new Promise<number>((resolve) => {
        const req = http.get(
          `${capped.url}/api/notifications/stream`,
          { agent: false, headers: asha.headers },
          (r) => {
            resolve(r.statusCode ?? 0);
            req.destroy();
          },
        );
        req.on('error', () => resolve(0));
      });
      return res === 200;
    });
  });
});
