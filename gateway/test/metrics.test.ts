import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * The gateway's own metrics: requests by the API prefix that answers them, served on METRICS_PORT
 * only, never on the public port (and never a service's /metrics forwarded).
 */
const keys = generateTestKeys();
const logger = pino({ level: 'silent' });
let library: StandInServer;
let gateway: RunningGateway;

const configWith = (env: Record<string, string>) =>
  loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: keys.publicKey,
    LIBRARY_SERVICE_URL: library.url,
    IDENTITY_SERVICE_URL: library.url,
    ...env,
  });

beforeAll(async () => {
  // A library that answers everything, its own /metrics included (which must never reach a client).
  library = await startStandIn((req, res) => {
    if (req.url === '/metrics') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('library_secret_metric 1\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  gateway = await startGateway(configWith({ METRICS_PORT: '0' }), logger);
});
afterAll(async () => {
  await gateway.stop();
  await library.close();
});

/** The value of one series in exposition text (undefined when the series is not there). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const seen = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (wanted.every(([k, v]) => seen[k] === v)) return Number(match[3]);
  }
  return undefined;
}

test('requests are counted and timed by the API prefix that answers them, never by ids or raw paths', async () => {
  await request(gateway.url).get('/api/book/0123456789abcdef').expect(200);
  await request(gateway.url).get('/api/book/fedcba9876543210?search=x').expect(200);
  await request(gateway.url).get('/api/no-such-api/7').expect(404);
  await request(gateway.url).get('/some/page/42');

  const res = await request(gateway.metricsUrl!).get('/metrics').expect(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  const book = { method: 'GET', route: '/api/book', status: '200' };
  expect(sample(res.text, 'http_requests_total', book)).toBe(2);
  expect(sample(res.text, 'http_request_duration_seconds_count', book)).toBe(2);
  expect(sample(res.text, 'http_requests_total', { route: '(unmatched)', status: '404' })).toBe(1);
  expect(sample(res.text, 'http_requests_total', { route: '(web)' })).toBe(1);
  expect(res.text).not.toMatch(/0123456789abcdef|no-such-api|some\/page/);
  // The process, and no service-side series: the gateway has no outbox and handles no events.
  expect(res.text).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(res.text).not.toMatch(/outbox_|events_handled/);
});

test("the public port never answers metrics: neither its own nor a service's", async () => {
  for (const path of ['/metrics', '/api/metrics', '/api/book/../metrics']) {
    const res = await request(gateway.url).get(path);
    expect(res.text).not.toMatch(/http_requests_total|library_secret_metric/);
  }
});

test('the metrics port answers GET /metrics and nothing else', async () => {
  await request(gateway.metricsUrl!).get('/api/book/1').expect(404);
  await request(gateway.metricsUrl!).post('/metrics').expect(404);
  const res = await request(gateway.metricsUrl!).get('/').expect(404);
  expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
});

test('without METRICS_PORT no metrics are served anywhere', async () => {
  const plain = await startGateway(configWith({}), logger);
  try {
    expect(plain.metricsUrl).toBeUndefined();
    const res = await request(plain.url).get('/metrics');
    expect(res.text).not.toMatch(/http_requests_total/);
  } finally {
    await plain.stop();
  }
});
