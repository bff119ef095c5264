import type { ServerResponse } from 'node:http';
import cookieParser from 'cookie-parser';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { createAccessTokenVerifier } from '@campus/service-kit/auth';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { renewLapsedSessions } from '../src/session-renewal';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * A flood of requests with made-up refresh cookies must not open unbounded calls to identity: beyond
 * the bound, a request goes on as it came, without a renewal.
 */
let identity: StandInServer;
const held: ServerResponse[] = [];
let refreshCalls = 0;

beforeAll(async () => {
  identity = await startStandIn((req, res) => {
    req.resume();
    refreshCalls += 1;
    // The first two are held (identity is slow); any later one is refused at once.
    if (held.length < 2) return void held.push(res);
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"SESSION_ENDED"}');
  });
});
afterAll(async () => {
  for (const res of held) res.writeHead(401).end();
  await identity.close();
});

test('when two renewals are under way and the bound is two, then a third request goes on as it came without calling identity', async () => {
  const renewal = renewLapsedSessions({
    identityUrl: identity.url,
    verify: createAccessTokenVerifier(generateTestKeys().publicKey),
    revoked: { has: () => false, pollNow: async () => undefined, stop: () => undefined },
    shareMs: 10_000,
    timeoutMs: 10_000,
    logger: pino({ level: 'silent' }),
    maxInFlight: 2,
  });
  const app = express();
  app.use(cookieParser(), renewal.handler, (req, res) => {
    res.json({ cookie: req.headers.cookie ?? null });
  });
  const server = app.listen(0, '127.0.0.1');
  try {
    const slow = [1, 2].map((i) =>
      request(server)
        .get('/api/community')
        .set('Cookie', `cc_refresh=made-up-${i}`)
        .then((r) => r),
    );
    await waitFor('two renewals held by identity', () => held.length === 2);

    const third = await request(server).get('/api/community').set('Cookie', 'cc_refresh=made-up-3; lang=en');

    expect(third.status).toBe(200);
    expect(third.body).toEqual({ cookie: 'lang=en' });
    expect(refreshCalls).toBe(2);
    for (const res of held.splice(0)) res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200]);
  } finally {
    renewal.stop();
    server.closeAllConnections();
    server.close();
  }
});
