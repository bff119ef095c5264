import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { startTcpProxy } from '@campus/service-kit/testing/tcp-proxy';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { identityService } from '@campus/identity-service/service';
import { GatewayConfig } from '../src/config';
import { createGateway } from '../src/gateway';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * Sessions at the gateway (ADR 0007), with the real identity service behind it and a stand-in for the
 * community service that records what reached it and, like a service's `requireUser`, answers 401 to
 * a request without an access token (the gateway has verified any that is present).
 */
let identity: ServiceHarness;
let community: StandInServer;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
/** Identity's and the gateway's clocks: moved together, never slept on. */
let clockOffsetMs = 0;
const gateways: { url: string; close(): Promise<void> }[] = [];

async function startGatewayUnderTest(env: Record<string, string> = {}) {
  const config = loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: identity.keys.publicKey,
    IDENTITY_SERVICE_URL: identity.url,
    COMMUNITY_SERVICE_URL: community.url,
    ...env,
  });
  const gateway = createGateway(config, pino({ level: 'silent' }), { now: () => Date.now() + clockOffsetMs });
  const server: Server = await new Promise((resolve) => {
    const s = gateway.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const running = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      gateway.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  gateways.push(running);
  return running;
}

let gateway: { url: string };

beforeAll(async () => {
  identity = await startServiceForTest(
    identityService,
    { TEACHER_CODE: 'FAC-TEST-2026', COOKIE_SECURE: 'false', PASSWORD_HASH_COST: '1024' },
    { now: () => new Date(Date.now() + clockOffsetMs) },
  );
  community = await startStandIn((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => {
      const signedIn =
        /(?:^|;\s*)cc_access=/.test(req.headers.cookie ?? '') ||
        Boolean(req.headers.authorization?.startsWith('Bearer '));
      res.writeHead(signedIn ? 201 : 401, {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=60',
      });
      res.end(JSON.stringify(signedIn ? { success: true } : { success: false, code: 'UNAUTHENTICATED' }));
    });
  });
  gateway = await startGatewayUnderTest();
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  await community.close();
  await identity.stop();
});
beforeEach(async () => {
  clockOffsetMs = 0;
  seen.length = 0;
  await identity.reset();
});

const setCookiesOf = (res: request.Response): string[] => {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
};
const valueOf = (res: request.Response, name: string) =>
  setCookiesOf(res)
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
    ?.split(';')[0]
    ?.slice(name.length + 1);
const cookiesSeenBy = (i: number) => seen[i]?.headers.cookie ?? '';

async function signIn(through = gateway) {
  const email = `s${Math.random().toString(36).slice(2)}@campus.test`;
  await request(through.url)
    .post('/api/auth/register')
    .send({ name: 'Asha Rao', email, password: 'correct-horse', isTeacher: false })
    .expect(201);
  const res = await request(through.url)
    .post('/api/auth/login')
    .send({ email, password: 'correct-horse' })
    .expect(200);
  const access = valueOf(res, 'cc_access')!;
  const claims = jwt.decode(access) as { sub: string; sid: string };
  return { access, refresh: valueOf(res, 'cc_refresh')!, id: claims.sub, sid: claims.sid };
}

/** What the browser holds 15 minutes later: the same token, lapsed (the browser may also have dropped it). */
const lapsedAccess = (s: { id: string; sid: string }) =>
  signAccessToken(
    { id: s.id, name: 'Asha Rao', isTeacher: false, sessionId: s.sid },
    identity.keys.privateKey,
    -60,
  );

const post = (cookie: string, through = gateway) =>
  request(through.url).post('/api/community').set('Cookie', cookie).send({ title: 'Hello', body: 'World' });

describe('a client that never refreshes (the spec client), 15 minutes after login', () => {
  test.each([
    ['the browser dropped the lapsed access cookie', false],
    ['the browser still sends the lapsed access cookie', true],
  ])(
    'when %s and it posts with its refresh cookie, then the post goes through on a renewed session with new cookies',
    async (_case, sendsLapsed) => {
      const s = await signIn();
      const cookie = sendsLapsed
        ? `cc_access=${lapsedAccess(s)}; cc_refresh=${s.refresh}`
        : `cc_refresh=${s.refresh}`;
      const res = await post(cookie).expect(201);

      // The client gets the renewed session, in cookies no shared cache may keep.
      const access = valueOf(res, 'cc_access')!;
      const refresh = valueOf(res, 'cc_refresh')!;
      expect(refresh).not.toBe(s.refresh);
      expect(setCookiesOf(res).find((c) => c.startsWith(`cc_refresh=${refresh}`))).toMatch(/Path=\/api;/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(jwt.decode(access)).toMatchObject({ sub: s.id, sid: s.sid });

      // The service got the new access token, and never the refresh cookie.
      expect(seen).toHaveLength(1);
      expect(cookiesSeenBy(0)).toBe(`cc_access=${access}`);

      // The renewed cookies work on their own, and the old refresh token was rotated away.
      await post(`cc_access=${access}; cc_refresh=${refresh}`).expect(201);
      expect(setCookiesOf(await post(`cc_access=${access}; cc_refresh=${refresh}`))).toEqual([]);
    },
  );

  test('when a signed-in request carries the refresh cookie, then no service ever sees it, whatever its value', async () => {
    const s = await signIn();
    await post(`theme=dark; cc_access=${s.access}; cc_refresh=${s.refresh}`).expect(201);
    await post(`cc_access=${s.access}; cc_refresh=j%3A%7B%22a%22%3A1%7D; lang=en`).expect(201);
    expect(seen.map((r) => r.headers.cookie)).toEqual([
      `theme=dark; cc_access=${s.access}`,
      `cc_access=${s.access}; lang=en`,
    ]);
  });

  test('when a browser sends eight requests at once with the same lapsed cookies, then all go through on one renewal and the session lives on', async () => {
    const s = await signIn();
    const cookie = `cc_access=${lapsedAccess(s)}; cc_refresh=${s.refresh}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(cookie)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    const refreshes = new Set(answers.map((r) => valueOf(r, 'cc_refresh')));
    expect(refreshes.size).toBe(1);
    // One sent before the first answer reached the browser, arriving after the renewal: the same answer.
    const late = await post(cookie).expect(201);
    expect(valueOf(late, 'cc_refresh')).toBe([...refreshes][0]);

    // Nothing looked like a replay: the renewed refresh token renews again.
    const next = await post(`cc_refresh=${[...refreshes][0]}`).expect(201);
    expect(valueOf(next, 'cc_refresh')).toBeTruthy();
  });

  test('when a rotated refresh token is replayed later, then reuse detection still ends the session for both holders', async () => {
    const s = await signIn();
    const renewed = await post(`cc_refresh=${s.refresh}`).expect(201);
    clockOffsetMs = 60_000;
    const replay = await post(`cc_access=${lapsedAccess(s)}; cc_refresh=${s.refresh}`).expect(401);
    expect(replay.body.code).toBe('TOKEN_EXPIRED');
    // Identity's cookie clearing reaches the client.
    expect(setCookiesOf(replay).filter((c) => c.startsWith('cc_refresh=;')).length).toBeGreaterThan(0);
    // The legitimate holder's newer token died with the family.
    await post(`cc_refresh=${valueOf(renewed, 'cc_refresh')}`).expect(401);
  });

  test('when the refresh cookie is not a live token, then a guest stays a guest and a lapsed token is TOKEN_EXPIRED, as before', async () => {
    const s = await signIn();
    await post('cc_refresh=not-a-token').expect(401);
    const res = await post(`cc_access=${lapsedAccess(s)}; cc_refresh=not-a-token`).expect(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
    expect(seen.map((r) => r.headers.cookie)).toEqual([undefined]);
  });
});

describe('logout revokes the access token everywhere', () => {
  test('when a user logs out, then the access token an attacker kept is refused within about a poll (measured)', async () => {
    const s = await signIn();
    await request(gateway.url).get('/api/community').set('Authorization', `Bearer ${s.access}`).expect(201);
    await request(gateway.url)
      .post('/api/auth/logout')
      .set('Cookie', `cc_access=${s.access}; cc_refresh=${s.refresh}`)
      .expect(200);
    const loggedOutAt = performance.now();
    const refused = await waitFor(
      'the kept access token to be refused',
      async () =>
        (await request(gateway.url).get('/api/community').set('Authorization', `Bearer ${s.access}`)).body,
      { until: (body) => body.code === 'TOKEN_REVOKED', timeoutMs: 10_000, everyMs: 25 },
    );
    const seconds = (performance.now() - loggedOutAt) / 1000;
    console.log(`logout -> kept access token refused after ${seconds.toFixed(2)} s (poll every 1 s)`);
    expect(refused).toEqual({
      success: false,
      code: 'TOKEN_REVOKED',
      message: 'Your session has ended. Please log in again.',
    });
    // As a cookie too, and on identity's own /me; the service saw none of it.
    const before = seen.length;
    await request(gateway.url).post('/api/community').set('Cookie', `cc_access=${s.access}`).expect(401);
    await request(gateway.url).get('/api/auth/me').set('Cookie', `cc_access=${s.access}`).expect(401);
    expect(seen.length).toBe(before);
  });

  test('when identity cannot be reached for a while, then the revocations already known stay in force, and new ones arrive once it is back', async () => {
    const relay = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(identity.url).port) });
    try {
      const behindRelay = await startGatewayUnderTest({
        IDENTITY_SERVICE_URL: `http://127.0.0.1:${relay.port}`,
        SESSION_REVOCATION_POLL_MS: '100',
      });
      const refusedBy = (url: string, token: string) => async () =>
        (await request(url).get('/api/community').set('Authorization', `Bearer ${token}`)).body.code ===
        'TOKEN_REVOKED';
      const first = await signIn();
      const second = await signIn();
      await request(gateway.url)
        .post('/api/auth/logout')
        .set('Cookie', `cc_access=${first.access}`)
        .expect(200);
      await waitFor('the first logout to reach the gateway', refusedBy(behindRelay.url, first.access));

      relay.cut();
      await request(gateway.url)
        .post('/api/auth/logout')
        .set('Cookie', `cc_access=${second.access}`)
        .expect(200);
      await waitFor(
        'the second logout to reach a gateway that can poll',
        refusedBy(gateway.url, second.access),
      );
      // Cut off, it cannot know the second one (ADR 0007: a new revocation waits for identity), and
      // still refuses the first.
      expect(await refusedBy(behindRelay.url, second.access)()).toBe(false);
      expect(await refusedBy(behindRelay.url, first.access)()).toBe(true);

      relay.restore();
      await waitFor(
        'the second logout to reach the gateway once identity is back',
        refusedBy(behindRelay.url, second.access),
      );
    } finally {
      await relay.close();
    }
  });
});
