import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { signAccessToken } from '@campus/service-kit/auth';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { closedPortUrl, startStandIn, type StandInServer } from './support/stand-in-servers';

/** A stand-in service that tells what reached it, or misbehaves on request. */
function startEchoService(): Promise<StandInServer> {
  return startStandIn((req, res) => {
    if (req.url === '/ready') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"status":"ready","checks":{"database":"ok"}}');
      return;
    }
    if (req.url?.includes('slow')) return void setTimeout(() => res.end('late'), 2_000);
    if (req.url?.includes('reset')) return void req.socket.destroy();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
}

const keys = generateTestKeys();
let echo: Awaited<ReturnType<typeof startEchoService>>;
let gateway: RunningGateway;
let webRoot: string;

beforeAll(async () => {
  echo = await startEchoService();
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-web-'));
  fs.mkdirSync(path.join(webRoot, 'shell'), { recursive: true });
  fs.mkdirSync(path.join(webRoot, 'remotes', 'library'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'shell', 'index.html'), '<!doctype html><title>Campus Connect</title>');
  fs.writeFileSync(path.join(webRoot, 'shell', 'main.1a2b3c4d5e.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webRoot, 'remotes', 'library', 'remoteEntry.js'), 'var x'.repeat(400));
  const config = loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: keys.publicKey,
    IDENTITY_SERVICE_URL: echo.url,
    LIBRARY_SERVICE_URL: echo.url,
    PROFILE_SERVICE_URL: echo.url,
    CAREERS_SERVICE_URL: await closedPortUrl(),
    ALLOWED_ORIGINS: 'https://campus.example',
    BODY_LIMIT_BYTES: '2048',
    UPSTREAM_TIMEOUT_MS: '300',
    HEALTH_TIMEOUT_MS: '300',
    WEB_ROOT: webRoot,
  });
  gateway = await startGateway(config, pino({ level: 'silent' }));
});
afterAll(async () => {
  await gateway.stop();
  await echo.close();
});

const token = (isTeacher = false) =>
  signAccessToken({ id: 'u1', name: 'Asha', isTeacher }, keys.privateKey, 60);

describe('routing', () => {
  test.each([
    ['/api/auth/login', 'identity'],
    ['/api/book/search?q=data&page=2', 'library'],
    ['/api/commonData/bookmarks/u1', 'library'],
    ['/api/commonData/u1', 'profile'],
  ])('when a client calls %s, then the owning service gets the same path and query', async (url) => {
    const res = await request(gateway.url).get(url).expect(200);
    expect(res.body.url).toBe(url);
  });

  test('when a POST goes through, then its body arrives intact (no parser in front of the proxy)', async () => {
    const res = await request(gateway.url).post('/api/auth/register').send({ name: 'Asha' }).expect(200);
    expect(JSON.parse(res.body.body)).toEqual({ name: 'Asha' });
  });

  test('when no service owns a path, then 404 JSON', async () => {
    const res = await request(gateway.url).get('/api/book-x').expect(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  test('when the owning service is not deployed, then 503 JSON', async () => {
    const res = await request(gateway.url).get('/api/flat').expect(503);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });

  test('when the owning service is down, then 503 JSON at once, not a wait for the deadline (that would be a 504)', async () => {
    const res = await request(gateway.url).get('/api/job/alljobpost');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });

  test('when the service is slower than the route timeout, then 504 JSON', async () => {
    const res = await request(gateway.url).get('/api/book/slow');
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('GATEWAY_TIMEOUT');
  });

  test('when the service drops the connection, then 502 JSON', async () => {
    const res = await request(gateway.url).get('/api/book/reset');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('BAD_GATEWAY');
  });
});

describe('edge security', () => {
  test('when a client sends identity headers, then the service never sees them', async () => {
    const res = await request(gateway.url)
      .get('/api/book/search')
      .set('x-user-id', 'admin')
      .set('X-User-Is-Teacher', 'true')
      .set('x-forwarded-user', 'admin')
      .expect(200);
    expect(Object.keys(res.body.headers).filter((h) => /^x-(user|forwarded-user)/.test(h))).toEqual([]);
  });

  test('every request gets a request id that the service sees too', async () => {
    const res = await request(gateway.url).get('/api/book/search').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.headers['x-request-id']).toBe(res.headers['x-request-id']);
    const given = await request(gateway.url)
      .get('/api/book/search')
      .set('x-request-id', 'trace-123')
      .expect(200);
    expect(given.body.headers['x-request-id']).toBe('trace-123');
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'when a foreign site sends %s, then 403 FORBIDDEN_ORIGIN',
    async (method) => {
      const send = request(gateway.url)[method.toLowerCase() as 'post'];
      const res = await send('/api/book/1/like').set('Origin', 'https://evil.example');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN_ORIGIN' });
    },
  );

  test('when the request comes from the gateway origin, an allowed origin, or no browser, then it passes', async () => {
    await request(gateway.url)
      .post('/api/book')
      .set('Origin', gateway.url.replace('localhost', '127.0.0.1'))
      .expect(200);
    await request(gateway.url).post('/api/book').set('Origin', 'https://campus.example').expect(200);
    await request(gateway.url).post('/api/book').expect(200);
    await request(gateway.url).get('/api/book/search').set('Origin', 'https://evil.example').expect(200);
  });

  test('when a client claims another address in X-Forwarded-For, then the service sees the address the gateway saw', async () => {
    const res = await request(gateway.url)
      .get('/api/book/search')
      .set('X-Forwarded-For', '10.9.8.7')
      .set('X-Forwarded-Host', 'evil.example')
      .expect(200);
    expect(res.body.headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(res.body.headers['x-forwarded-host']).not.toBe('evil.example');
  });

  test('when a body comes chunked without a declared length, then 411 before it reaches a service', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${gateway.url}/api/book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('response', (r) => {
        let body = '';
        r.on('data', (c) => (body += c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"title":');
      req.end('"x"}');
    });
    expect(res.status).toBe(411);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'LENGTH_REQUIRED' });
  });

  test('when the declared body is over the cap, then 413 before it reaches a service', async () => {
    const res = await request(gateway.url)
      .post('/api/book')
      .send({ title: 'x'.repeat(5_000) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('when a valid token is presented, then it passes; forged 401 TOKEN_INVALID; expired 401 TOKEN_EXPIRED', async () => {
    await request(gateway.url).get('/api/book/search').set('Cookie', `cc_access=${token()}`).expect(200);
    const forged = jwt.sign({ sub: 'u1', name: 'x', tch: true }, 'secret', { algorithm: 'HS256' });
    const bad = await request(gateway.url)
      .get('/api/book/search')
      .set('Cookie', `cc_access=${forged}`)
      .expect(401);
    expect(bad.body.code).toBe('TOKEN_INVALID');
    const expired = signAccessToken({ id: 'u1', name: 'Asha', isTeacher: false }, keys.privateKey, -10);
    const late = await request(gateway.url)
      .get('/api/book/search')
      .set('Authorization', `Bearer ${expired}`)
      .expect(401);
    expect(late.body.code).toBe('TOKEN_EXPIRED');
  });

  test('when a token is signed with the real key but has no expiry, then 401 TOKEN_INVALID and the service sees nothing', async () => {
    const forever = jwt.sign({ sub: 'u1', name: 'Asha', tch: true }, keys.privateKey, {
      algorithm: 'ES256',
      issuer: 'campus-identity',
      audience: 'campus',
    });
    for (const header of [{ Cookie: `cc_access=${forever}` }, { Authorization: `Bearer ${forever}` }]) {
      const res = await request(gateway.url).get('/api/book/search').set(header).expect(401);
      expect(res.body).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
      expect(res.body.url).toBeUndefined();
    }
  });

  test('when an expired session reaches /api/auth, then it passes so the client can refresh or log out', async () => {
    const expired = signAccessToken({ id: 'u1', name: 'Asha', isTeacher: false }, keys.privateKey, -10);
    await request(gateway.url).post('/api/auth/refresh').set('Cookie', `cc_access=${expired}`).expect(200);
  });

  test('responses carry security headers with a CSP', async () => {
    const res = await request(gateway.url).get('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Plain-http deployments (npm start) must not tell browsers to upgrade to an https that is not there.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('when a page previews a picked poster, then its CSP lets images come from blob: and nothing else does', async () => {
    const csp = String((await request(gateway.url).get('/')).headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...sources] = d.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get('img-src')).toContain('blob:');
    const others = [...directives].filter(([name]) => name !== 'img-src');
    expect(others.filter(([, sources]) => sources.includes('blob:'))).toEqual([]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });
});

describe('health and docs', () => {
  test('/api/health lists every service; one down makes the platform degraded (503)', async () => {
    const res = await request(gateway.url).get('/api/health').expect(503);
    expect(res.body.status).toBe('degraded');
    expect(res.body.services.identity).toEqual({ status: 'ready', latencyMs: expect.any(Number) });
    expect(res.body.services.careers.status).toBe('unreachable');
    expect(res.body.services.housing.status).toBe('not-configured');
  });
});

describe('frontend', () => {
  test('the shell index is served with no-cache, hashed assets as immutable, remotes under /remotes', async () => {
    const index = await request(gateway.url).get('/').expect(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.text).toContain('Campus Connect');
    const asset = await request(gateway.url).get('/main.1a2b3c4d5e.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await request(gateway.url).get('/remotes/library/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  test('frontend files are sent compressed to browsers that accept it', async () => {
    const res = await request(gateway.url)
      .get('/remotes/library/remoteEntry.js')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe('var x'.repeat(400));
  });

  test('a deep link to a client route gets the shell (single-page fallback)', async () => {
    const res = await request(gateway.url).get('/library').set('Accept', 'text/html').expect(200);
    expect(res.text).toContain('Campus Connect');
  });

  test('an unknown non-HTML path is a JSON 404', async () => {
    await request(gateway.url).get('/remotes/nope/x.js').set('Accept', 'application/javascript').expect(404);
  });

  test('a missing file is a 404 even for a browser, never the shell in its place', async () => {
    const res = await request(gateway.url).get('/main.deadbeef00.js').set('Accept', '*/*').expect(404);
    expect(res.text).not.toContain('Campus Connect');
    await request(gateway.url).get('/styles/site.css').set('Accept', 'text/html').expect(404);
    await request(gateway.url).get('//api/x').set('Accept', 'text/html').expect(404);
  });

  test('when a frontend path holds a malformed %-escape, then a 4xx or the shell, never a 5xx', async () => {
    for (const url of ['/remotes/library/%E0%A4%A.js', '/%E0%A4%A.js', '/%E0%A4%A', '/remotes/%E0%A4%A/x']) {
      for (const accept of ['text/html', '*/*']) {
        const res = await request(gateway.url).get(url).set('Accept', accept);
        expect({ url, accept, serverError: res.status >= 500 }).toEqual({ url, accept, serverError: false });
      }
    }
    const api = await request(gateway.url).get('/api/%E0%A4%A').expect(404);
    expect(api.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  test('when the shell build disappears under a running gateway, then a deep link is a JSON error, not a stack', async () => {
    const index = path.join(webRoot, 'shell', 'index.html');
    const saved = fs.readFileSync(index);
    fs.rmSync(index);
    try {
      const res = await request(gateway.url).get('/library').set('Accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.text).not.toMatch(/ENOENT|at \w+ \(/);
    } finally {
      fs.writeFileSync(index, saved);
    }
  });
});
