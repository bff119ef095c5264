import http from 'node:http';
import pino from 'pino';
import { loadConfig } from '@campus/service-kit/config';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * A service may answer before it has read the body (a quota or size refusal while a poster is still
 * on its way): the gateway's request to it ends there, the rest of the body unsent. The client's connection to the gateway must stay usable: a
 * browser or fetch reuses it for the next request (CI met this as ECONNRESET on the next suite's
 * first sign-up, after the poster-quota test).
 */

let service: StandInServer;
let gateway: RunningGateway;

beforeAll(async () => {
  service = await startStandIn((req, res) => {
    if (req.method === 'POST') {
      // Refused before a byte of the body is read.
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' });
      return void res.end('{"success":false,"code":"UPLOAD_QUOTA_EXCEEDED","message":"Too many."}');
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
  gateway = await startGateway(
    loadConfig('gateway', GatewayConfig, {
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_PUBLIC_KEY: generateTestKeys().publicKey,
      EVENTS_SERVICE_URL: service.url,
      UPSTREAM_TIMEOUT_MS: '5000',
    }),
    pino({ level: 'silent' }),
  );
});
afterAll(async () => {
  await gateway.stop();
  await service.close();
});

/** One request on `agent`; the answer's status, or the connection error's code. */
function send(agent: http.Agent, method: string, path: string, body?: Buffer): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request(
      `${gateway.url}${path}`,
      {
        method,
        agent,
        headers: body
          ? { 'content-type': 'multipart/form-data; boundary=x', 'content-length': body.length }
          : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
        res.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end(body);
  });
}

test('when a service refuses an upload before reading its 2 MB body, then the client gets the refusal and its kept-alive connection serves the next request', async () => {
  // One kept-alive connection, so the next request must go on the same one.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    expect(await send(agent, 'POST', '/api/event/upload', body)).toBe(429);
    expect(await send(agent, 'GET', '/api/event/allevents')).toBe(200);
  } finally {
    agent.destroy();
  }
});
