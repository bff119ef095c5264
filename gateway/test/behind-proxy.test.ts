import pino from 'pino';
import request from 'supertest';
import { ConfigError, loadConfig } from '@campus/service-kit/config';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig, configWarnings } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * The gateway behind a reverse proxy. Here the test client plays the proxy (it is the gateway's peer
 * and sends X-Forwarded-*); infra/local/test/behind-tls-proxy.test.ts runs the whole platform behind a
 * real forwarding proxy.
 */
const keys = generateTestKeys();
const configFor = (env: Record<string, string>) =>
  loadConfig('gateway', GatewayConfig, { JWT_PUBLIC_KEY: keys.publicKey, ...env });

/** A service that answers with the forwarded headers it received. */
function startHeaderEcho(): Promise<StandInServer> {
  return startStandIn((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers));
  });
}

let echo: Awaited<ReturnType<typeof startHeaderEcho>>;
const gateways: RunningGateway[] = [];
const startBehindProxy = async (env: Record<string, string>) => {
  const gateway = await startGateway(
    configFor({ PORT: '0', HOST: '127.0.0.1', LIBRARY_SERVICE_URL: echo.url, ...env }),
    pino({ level: 'silent' }),
  );
  gateways.push(gateway);
  return gateway;
};

beforeAll(async () => {
  echo = await startHeaderEcho();
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
  await echo.close();
});

describe('configuration', () => {
  test('when PUBLIC_ORIGIN is an origin, then it is kept as browsers send it (lower case, no default port, no slash)', () => {
    expect(configFor({ PUBLIC_ORIGIN: 'https://Campus.Example:443/' }).PUBLIC_ORIGIN).toBe(
      'https://campus.example',
    );
    expect(configFor({ PUBLIC_ORIGIN: 'http://campus.example:8080' }).PUBLIC_ORIGIN).toBe(
      'http://campus.example:8080',
    );
    expect(configFor({ PUBLIC_ORIGIN: '' }).PUBLIC_ORIGIN).toBeUndefined();
  });

  test.each([
    'campus.example',
    'https://campus.example/app',
    'https://campus.example/?x=1',
    'ftp://campus.example',
  ])('when PUBLIC_ORIGIN is %s, then the gateway refuses to start, naming the setting', (value) => {
    expect(() => configFor({ PUBLIC_ORIGIN: value })).toThrow(ConfigError);
    expect(() => configFor({ PUBLIC_ORIGIN: value })).toThrow(/PUBLIC_ORIGIN: must be an origin/);
  });

  test('when an ALLOWED_ORIGINS entry has a path, then the gateway refuses to start (it could never match)', () => {
    expect(() => configFor({ ALLOWED_ORIGINS: 'https://a.example, https://b.example/app' })).toThrow(
      /ALLOWED_ORIGINS\.1: must be an origin/,
    );
  });

  test('when HTTPS_ONLY is true with a plain-http PUBLIC_ORIGIN, then the gateway refuses to start', () => {
    expect(() => configFor({ HTTPS_ONLY: 'true', PUBLIC_ORIGIN: 'http://campus.example' })).toThrow(
      /HTTPS_ONLY: is true, but PUBLIC_ORIGIN http:\/\/campus.example is plain http/,
    );
  });

  test.each([
    ['1', 1],
    ['0', 0],
    ['false', false],
    ['loopback, 10.0.0.0/8, fd00::/8', 'loopback, 10.0.0.0/8, fd00::/8'],
  ])('when TRUST_PROXY is %s, then Express gets %p', (value, expected) => {
    expect(configFor({ TRUST_PROXY: value }).TRUST_PROXY).toBe(expected);
  });

  test.each([
    ['true', /TRUST_PROXY: 'true' would let any client choose its address/],
    ['nginx', /TRUST_PROXY: must be false, a number of proxy hops/],
    ['10.0.0.0/33', /TRUST_PROXY: must be false, a number of proxy hops/],
  ])('when TRUST_PROXY is %s, then the gateway refuses to start', (value, message) => {
    expect(() => configFor({ TRUST_PROXY: value })).toThrow(message);
  });

  test('when the public origin is https but no proxy is trusted, then start-up warns that every client shares the proxy address', () => {
    expect(configWarnings(configFor({ PUBLIC_ORIGIN: 'https://campus.example' }))).toEqual([
      expect.stringMatching(/TRUST_PROXY is not set/),
    ]);
    expect(configWarnings(configFor({ PUBLIC_ORIGIN: 'https://campus.example', TRUST_PROXY: '1' }))).toEqual(
      [],
    );
  });
});

describe('with PUBLIC_ORIGIN=https://campus.example and TRUST_PROXY=1', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startBehindProxy({ PUBLIC_ORIGIN: 'https://campus.example', TRUST_PROXY: '1' });
  });
  const fromProxy = (forwardedFor: string) =>
    request(gateway.url)
      .post('/api/book/1/like')
      .set('X-Forwarded-For', forwardedFor)
      .set('X-Forwarded-Proto', 'https');

  test('when a write comes from the public origin, then it reaches the service', async () => {
    await fromProxy('198.51.100.7').set('Origin', 'https://campus.example').expect(200);
  });

  test.each(['https://evil.example', 'http://campus.example'])(
    'when a write comes from %s, then 403 FORBIDDEN_ORIGIN',
    async (origin) => {
      const res = await fromProxy('198.51.100.7').set('Origin', origin);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN_ORIGIN' });
    },
  );

  test('when a write comes from the origin the gateway would derive from Host, then 403: the public origin replaces it', async () => {
    const res = await fromProxy('198.51.100.7').set('Origin', gateway.url);
    expect(res.status).toBe(403);
  });

  test('when the proxy appends the client to a forged X-Forwarded-For, then the service is told only the client the proxy saw, and the public scheme and host', async () => {
    const res = await fromProxy('10.9.8.7, 198.51.100.7')
      .set('X-Forwarded-Host', 'evil.example')
      .set('Origin', 'https://campus.example')
      .expect(200);
    expect(res.body).toMatchObject({
      'x-forwarded-for': '198.51.100.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'campus.example',
    });
  });
});

describe('without PUBLIC_ORIGIN, behind a proxy that keeps Host (TRUST_PROXY=1)', () => {
  test('when a write comes from https://<Host> and the proxy says https, then it passes; the scheme must match', async () => {
    const gateway = await startBehindProxy({ TRUST_PROXY: '1' });
    const write = (origin: string, proto: string) =>
      request(gateway.url)
        .post('/api/book/1/like')
        .set('Host', 'campus.example')
        .set('X-Forwarded-For', '198.51.100.7')
        .set('X-Forwarded-Proto', proto)
        .set('Origin', origin);
    const passed = await write('https://campus.example', 'https').expect(200);
    expect(passed.body).toMatchObject({ 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' });
    expect((await write('https://campus.example', 'http')).status).toBe(403);
  });
});

describe('without PUBLIC_ORIGIN or TRUST_PROXY (the default)', () => {
  test('when a client claims to be behind a proxy, then its X-Forwarded-* are ignored', async () => {
    const gateway = await startBehindProxy({});
    const res = await request(gateway.url)
      .post('/api/book/1/like')
      .set('X-Forwarded-For', '198.51.100.7')
      .set('X-Forwarded-Proto', 'https')
      .set('Origin', gateway.url.replace('localhost', '127.0.0.1'))
      .expect(200);
    expect(res.body['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(res.body['x-forwarded-proto']).toBe('http');
  });
});
