import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import request from 'supertest';
import { startTemporaryPlatform, type TemporaryPlatform } from '../src/testing/temporary-platform';

/**
 * The platform as an institute deploys it: browsers talk https to a TLS-terminating reverse proxy at
 * the public origin, and the proxy forwards plain http to the gateway. The proxy here does what
 * nginx's usual configuration does (`proxy_pass http://gateway:8080` with
 * `X-Forwarded-For $proxy_add_x_forwarded_for` and `X-Forwarded-Proto $scheme`): Host becomes the
 * upstream's, X-Forwarded-For gets the peer's address appended to whatever the client sent, and the
 * scheme is https. TLS itself is left out: the gateway's side of such a proxy is plain http, which is
 * what is under test. Each client connects from its own loopback address (127.0.0.x), so the proxy
 * sees distinct peers as it would distinct machines.
 */
const PUBLIC_ORIGIN = 'https://campus.example';
const REGISTRATIONS_PER_ADDRESS = 3;
const PASSWORD = 'a-long-enough-password';
const STUDENT_DATA = { graduationYear: 2027, branch: 'CSE', enrollmentNumber: 'TLS-0001' };

function startForwardingProxy(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean);
    const toGateway = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          host: target.host,
          'x-forwarded-for': forwardedFor.join(', '),
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        pipeline(answer, res, () => undefined);
      },
    );
    toGateway.on('error', () => res.writeHead(502).end());
    pipeline(req, toGateway, () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

let platform: TemporaryPlatform;
let proxy: Awaited<ReturnType<typeof startForwardingProxy>>;

beforeAll(async () => {
  platform = await startTemporaryPlatform('behind-proxy', {
    env: {
      PUBLIC_ORIGIN,
      TRUST_PROXY: '1',
      HTTPS_ONLY: 'true',
      COOKIE_SECURE: 'true',
      REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_ADDRESS),
    },
  });
  proxy = await startForwardingProxy(platform.url);
}, 150_000); // the whole platform starts: seconds when quiet, over a minute beside the rest of CI
afterAll(async () => {
  await proxy?.close();
  await platform?.stop();
});

/** A browser on one machine: its own address, the public origin on every request, its cookies. */
function browserAt(address: string) {
  const agent = new http.Agent({ localAddress: address });
  let cookies: string[] = [];
  let registered = 0;
  const post = (url: string, body?: object, headers: Record<string, string> = {}) => {
    const req = request(proxy.url)
      .post(url)
      .agent(agent)
      .set({ Origin: PUBLIC_ORIGIN, ...headers });
    if (cookies.length) req.set('Cookie', cookies.join('; '));
    return body ? req.send(body) : req;
  };
  return {
    post,
    register(headers: Record<string, string> = {}) {
      registered += 1;
      const email = `student-${address.replaceAll('.', '-')}-${registered}@campus.test`;
      return post(
        '/api/auth/register',
        { name: 'Asha Verma', email, password: PASSWORD, isTeacher: false, teacherCode: '' },
        headers,
      ).then((res) => Object.assign(res, { email }));
    },
    async logIn(email: string) {
      const res = await post('/api/auth/login', { email, password: PASSWORD });
      cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? c);
      return res;
    },
  };
}

describe('behind a TLS proxy, with PUBLIC_ORIGIN and TRUST_PROXY=1', () => {
  test('when a student signs up, logs in, saves their profile and logs out from the public https origin, then each succeeds', async () => {
    const browser = browserAt('127.0.0.10');
    const registered = await browser.register();
    expect(registered.status).toBe(201);

    const login = await browser.logIn(registered.email);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: registered.email, isFirstTime: true });
    expect(login.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/; Secure/)]));

    const saved = await browser.post('/api/commonData', STUDENT_DATA);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ success: true, data: { ...STUDENT_DATA, completed: true } });

    await browser.post('/api/auth/logout').expect(200);
  });

  test.each(['https://evil.example', 'http://campus.example'])(
    'when a signed-in student sends a write from %s through the proxy, then 403 FORBIDDEN_ORIGIN',
    async (foreign) => {
      const browser = browserAt('127.0.0.11');
      const { email } = await browser.register();
      await browser.logIn(email);
      const res = await browser.post('/api/commonData', STUDENT_DATA, { Origin: foreign });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN_ORIGIN' });
    },
  );

  test('when one client uses up its sign-ups, then another client behind the same proxy still signs up, and neither can claim the other\u2019s address', async () => {
    const clientA = browserAt('127.0.0.2');
    const clientB = browserAt('127.0.0.3');
    const clientC = browserAt('127.0.0.4');

    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS; i++) expect((await clientA.register()).status).toBe(201);
    const refused = await clientA.register();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });

    // The proxy is the gateway's peer for both, yet B has its own budget.
    expect((await clientB.register()).status).toBe(201);

    // A claiming another address only adds an entry before the one the proxy appends: still A.
    expect((await clientA.register({ 'X-Forwarded-For': '203.0.113.9' })).status).toBe(429);
    // C claiming A's address is still counted as C, so it is not refused with A's budget.
    expect((await clientC.register({ 'X-Forwarded-For': '127.0.0.2' })).status).toBe(201);
  });
});
