import http from 'node:http';
import zlib from 'node:zlib';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { closedPortUrl, startStandIn, type StandInServer } from './support/stand-in-servers';

/** About 9 KB of JSON, like a page of library search results. */
const searchPage = JSON.stringify({
  success: true,
  message: 'Books found',
  data: Array.from({ length: 40 }, (_, i) => ({
    _id: `book-${i}`,
    title: `Data structures and algorithms, volume ${i}`,
    author: 'A. Author',
    description: 'Lists, trees, graphs and the algorithms over them, with worked examples.',
  })),
});
const smallAnswer = JSON.stringify({ success: true, message: 'Liked', data: { likes: 3 } });

/** A stand-in library service: a large JSON answer, a small one, a 304, and a large non-JSON file. */
function startLibraryStandIn(): Promise<StandInServer> {
  return startStandIn((req, res) => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    if (req.url?.startsWith('/api/book/search')) {
      if (req.headers['if-none-match'] === '"page-1"')
        return void res.writeHead(304, { etag: '"page-1"' }).end();
      return void res
        .writeHead(200, { ...json, etag: '"page-1"', 'content-length': Buffer.byteLength(searchPage) })
        .end(searchPage);
    }
    if (req.url?.startsWith('/api/book/like'))
      return void res
        .writeHead(200, { ...json, 'content-length': Buffer.byteLength(smallAnswer) })
        .end(smallAnswer);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(4096));
  });
}

/** The raw bytes of an answer, as they came over the wire (supertest would unzip them). */
function getRaw(
  url: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const keys = generateTestKeys();
let library: StandInServer;
let gateway: RunningGateway;

beforeAll(async () => {
  library = await startLibraryStandIn();
  const config = loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: keys.publicKey,
    IDENTITY_SERVICE_URL: await closedPortUrl(),
    LIBRARY_SERVICE_URL: library.url,
    UPSTREAM_TIMEOUT_MS: '300',
    HEALTH_TIMEOUT_MS: '300',
  });
  gateway = await startGateway(config, pino({ level: 'silent' }));
});
afterAll(async () => {
  await gateway.stop();
  await library.close();
});

describe('compressed API answers', () => {
  test('when a JSON answer is over 1 KB and the client accepts gzip, then it comes back gzip, varying on Accept-Encoding', async () => {
    const res = await getRaw(`${gateway.url}/api/book/search?q=data`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toBe('"page-1"');
    // The raw bytes are smaller than the JSON, and unzip to exactly what the service sent.
    expect(res.body.length).toBeLessThan(Buffer.byteLength(searchPage) / 3);
    expect(zlib.gunzipSync(res.body).toString('utf8')).toBe(searchPage);
  });

  test('when a JSON answer is small, then it is sent as it came', async () => {
    const res = await request(gateway.url)
      .post('/api/book/like/b1')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(JSON.parse(smallAnswer));
  });

  test('when the client sends no Accept-Encoding, then a large JSON answer is sent uncompressed', async () => {
    const res = await getRaw(`${gateway.url}/api/book/search?q=data`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(searchPage);
  });

  test('when the client already has the answer, then 304 passes through with no body', async () => {
    const res = await request(gateway.url)
      .get('/api/book/search?q=data')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', '"page-1"')
      .expect(304);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text ?? '').toBe('');
  });

  test('when an answer is not JSON, then it passes through untouched, however large', async () => {
    const res = await request(gateway.url)
      .get('/api/book/file/b1')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe('x'.repeat(4096));
  });

  test('when the owning service is down, then the JSON error answer still arrives whole', async () => {
    const res = await request(gateway.url).post('/api/auth/login').set('Accept-Encoding', 'gzip').expect(503);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });
});
