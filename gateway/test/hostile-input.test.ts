import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';

/**
 * Input written to break the gateway (issue 22 §5): the API answers JSON in the platform's shape,
 * always, even when Node could not parse the request, and never the shell's page.
 */

/** Sends raw bytes on a fresh connection and resolves with everything the gateway answers. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRawAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

const keys = generateTestKeys();
let gateway: RunningGateway;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-web-'));
  fs.mkdirSync(path.join(webRoot, 'shell'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'shell', 'index.html'), '<!doctype html><title>Campus Connect</title>');
  gateway = await startGateway(
    loadConfig('gateway', GatewayConfig, {
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_PUBLIC_KEY: keys.publicKey,
      WEB_ROOT: webRoot,
    }),
    pino({ level: 'silent' }),
  );
});
afterAll(async () => {
  await gateway.stop();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('requests Node cannot parse', () => {
  test('when a URL is longer than the header limit, then 431 with a JSON error, not an empty body', async () => {
    const raw = await rawExchange(
      gateway.url,
      `GET /api/community?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: campus\r\n\r\n`,
    );
    const answer = parseRawAnswer(raw);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      code: 'HEADERS_TOO_LARGE',
      message: expect.stringMatching(/too long/),
    });
    await request(gateway.url).get('/api/health').expect(200);
  });

  test('when a request line is malformed, then 400 with a JSON error', async () => {
    const answer = parseRawAnswer(
      await rawExchange(gateway.url, 'GET /api/community HTTP/1.1\r\nBad header line\r\n\r\n'),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});

describe('API paths no route matches', () => {
  test('when a browser asks for an API path written otherwise (case, escapes, parameters), then a JSON 404, never the shell page; a page whose name starts with "api" is still a page', async () => {
    for (const url of ['/API/book/search', '/api%2Fbook', '/%61pi/nosuch', '/api;x', '/Api']) {
      const res = await request(gateway.url).get(url).set('Accept', 'text/html');
      expect({ url, status: res.status, type: res.headers['content-type'] }).toEqual({
        url,
        status: 404,
        type: expect.stringMatching(/^application\/json/),
      });
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const page = await request(gateway.url).get('/apiary').set('Accept', 'text/html');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
