import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { signAccessToken } from '@campus/service-kit/auth';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig } from '../src/config';
import { servicesWithPersonalData } from '../src/data-export';
import { createGateway } from '../src/gateway';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * GET /api/me/export at the gateway, with a stand-in for every service the route table says holds
 * personal data: each answers its export for the token it was given, unless a test makes it fail.
 */
const keys = generateTestKeys();
const services = servicesWithPersonalData();
const standIns = new Map<string, StandInServer>();
const seen: { service: string; url: string; headers: IncomingHttpHeaders }[] = [];
/** What a service does instead of answering its export (a test sets it, beforeEach clears it). */
const misbehave = new Map<string, 'fail' | 'hang' | 'garbage'>();
let gateway: { url: string; close(): Promise<void> };

const user = { id: randomUUID(), name: 'Asha Rao', isTeacher: false };
const token = signAccessToken(user, keys.privateKey, 900);

beforeAll(async () => {
  for (const service of services) {
    standIns.set(
      service,
      await startStandIn((req, res) => {
        if (req.url?.startsWith('/internal/')) return void res.writeHead(404).end();
        seen.push({ service, url: req.url ?? '', headers: req.headers });
        const how = misbehave.get(service);
        if (how === 'hang') return; // never answers
        if (how === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{}');
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'private, no-store' });
        res.end(
          how === 'garbage'
            ? '{"not":"an export"}'
            : JSON.stringify({
                service,
                exportedAt: '2026-03-04T05:06:07.000Z',
                files: { 'things.json': [{ about: req.headers.authorization }] },
              }),
        );
      }),
    );
  }
  const env = Object.fromEntries(
    [...standIns].map(([name, s]) => [`${name.toUpperCase()}_SERVICE_URL`, s.url]),
  );
  const config = loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: keys.publicKey,
    UPSTREAM_TIMEOUT_MS: '500',
    ...env,
  });
  const g = createGateway(config, pino({ level: 'silent' }));
  const server: Server = await new Promise((resolve) => {
    const s = g.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  gateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      g.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
});
afterAll(async () => {
  await gateway.close();
  for (const s of standIns.values()) await s.close();
});
beforeEach(() => {
  seen.length = 0;
  misbehave.clear();
});

const download = () =>
  request(gateway.url)
    .get('/api/me/export')
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

test('the route table names the services with personal data, identity among them', () => {
  expect(services).toContain('identity');
  expect(services.length).toBeGreaterThan(1);
});

test('when a signed-in user downloads their data, then one private ZIP holds each service’s answer for them and a README', async () => {
  const res = await download().expect(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="campus-connect-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const files = unzipSync(new Uint8Array(res.body as Buffer));
  expect(Object.keys(files).sort()).toEqual(['README.txt', ...services.map((s) => `${s}.json`)].sort());
  for (const service of services) {
    const answer = JSON.parse(strFromU8(files[`${service}.json`]!));
    expect(answer).toEqual({
      service,
      exportedAt: '2026-03-04T05:06:07.000Z',
      files: { 'things.json': [{ about: `Bearer ${token}` }] },
    });
  }
  const readme = strFromU8(files['README.txt']!);
  expect(readme).toMatch(/^Campus Connect: your data/);
  expect(readme).toMatch(/Made on \d{4}-\d{2}-\d{2}T/);
  expect(readme).toContain('identity.json: your account');
  for (const service of services) expect(readme).toContain(`${service}.json: `);
  // Each service was asked once, at its own export route, with the caller's token.
  expect(seen.map((s) => s.url).sort()).toEqual(services.map((s) => `/api/me/export/${s}`).sort());
});

test('when a guest asks, then 401 with a sentence and no service is asked', async () => {
  const res = await request(gateway.url).get('/api/me/export').expect(401);
  expect(res.body).toEqual({
    success: false,
    code: 'UNAUTHENTICATED',
    message: 'Please log in to download your data.',
  });
  expect(seen).toEqual([]);
});

test.each(['fail', 'hang', 'garbage'] as const)(
  'when one service does %s, then 503 with a sentence and never a partial archive',
  async (how) => {
    misbehave.set(services[services.length - 1]!, how);
    const res = await request(gateway.url)
      .get('/api/me/export')
      .set('Authorization', `Bearer ${token}`)
      .expect(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).toEqual({
      success: false,
      code: 'EXPORT_UNAVAILABLE',
      message:
        'We could not gather your data from every part of Campus Connect just now, so no archive was made. Please try again in a few minutes.',
    });
  },
);
