import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pino from 'pino';
import { signAccessToken } from '@campus/service-kit/auth';
import { loadConfig } from '@campus/service-kit/config';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { notificationsService } from '@campus/notifications-service/service';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { closedPortUrl } from './support/stand-in-servers';

/**
 * The gateway knows an event stream by its route's path as declared, and counts it apart from the
 * short requests' admission gate. Asked for under any other spelling (the services' routers match
 * paths in any case), the stream must not open: it would hold a place of that gate for its whole
 * life, and a few of them would leave everyone's notification calls a 503.
 */
jest.setTimeout(60_000);

const IN_FLIGHT = 2;
let h: ServiceHarness;
let gateway: RunningGateway;

beforeAll(async () => {
  h = await startServiceForTest(notificationsService, { STREAM_HEARTBEAT_MS: '500' });
  const config = loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: h.keys.publicKey,
    IDENTITY_SERVICE_URL: await closedPortUrl(),
    NOTIFICATIONS_SERVICE_URL: h.url,
    UPSTREAM_TIMEOUT_MS: '2000',
    UPSTREAM_MAX_IN_FLIGHT: String(IN_FLIGHT),
    UPSTREAM_MAX_QUEUED: '0',
  });
  gateway = await startGateway(config, pino({ level: 'silent' }));
});
afterAll(async () => {
  await gateway.stop();
  await h.stop();
});

const held: http.ClientRequest[] = [];
afterEach(() => {
  for (const req of held.splice(0)) req.destroy();
});

function signedIn() {
  const user = { id: randomUUID(), name: 'Asha Rao', isTeacher: false };
  return { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` };
}

/** A GET through the gateway, its status and content type once the answer begins; the request is kept open. */
function get(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string | undefined }>((resolve, reject) => {
    const req = http.get(`${gateway.url}${path}`, { headers }, (res) => {
      resolve({ status: res.statusCode!, type: res.headers['content-type'] });
      res.resume();
    });
    held.push(req);
    req.on('error', reject);
  });
}

test.each(['/api/notifications/Stream', '/api/notifications/STREAM', '/api/Notifications/stream'])(
  'when the stream is asked for as %s, then 404 and no stream opens',
  async (path) => {
    const answer = await get(path, signedIn());
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/^application\/json/);
  },
);

test('when more such requests are held open than the gate has places, then the notifications API still answers', async () => {
  for (let i = 0; i < IN_FLIGHT + 1; i++) await get('/api/notifications/Stream', signedIn());

  expect((await get('/api/notifications/unread-count', signedIn())).status).toBe(200);
});

test('when the stream is asked for by its path as declared (or with a trailing slash), then it opens', async () => {
  for (const path of ['/api/notifications/stream', '/api/notifications/stream/']) {
    const answer = await get(path, signedIn());
    expect(answer).toEqual({ status: 200, type: expect.stringMatching(/^text\/event-stream/) });
  }
});
