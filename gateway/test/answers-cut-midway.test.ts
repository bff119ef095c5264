import http from 'node:http';
import pino from 'pino';
import { loadConfig } from '@campus/service-kit/config';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * A service that breaks after its answer has begun: the status and part of the body are already on
 * their way to the client. The client must see the answer end incomplete, never wait for the rest.
 */

let service: StandInServer;
let gateway: RunningGateway;

beforeAll(async () => {
  service = await startStandIn((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    // Once the beginning is on the wire, 'dies' drops the connection.
    res.write('{"success":true,"data":[', () => {
      if (req.url?.includes('dies')) res.socket?.destroy();
    });
    // 'stalls': nothing more, ever.
  });
  gateway = await startGateway(
    loadConfig('gateway', GatewayConfig, {
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_PUBLIC_KEY: generateTestKeys().publicKey,
      COMMUNITY_SERVICE_URL: service.url,
      UPSTREAM_TIMEOUT_MS: '300',
    }),
    pino({ level: 'silent' }),
  );
});
afterAll(async () => {
  await gateway.stop();
  service.close();
});

/** Whether the answer to a GET arrived whole (false when the connection ended before its end). */
function arrivesComplete(url: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('error', () => undefined);
        res.on('close', () => resolve(res.complete));
      })
      .on('error', reject);
  });
}

test.each([
  ['dies', '/api/community/dies'],
  ['stalls past the route timeout', '/api/community/stalls'],
])(
  'when a service %s half-way through an answer, then the client sees the answer cut, never a hang',
  async (_case, path) => {
    expect(await arrivesComplete(`${gateway.url}${path}`)).toBe(false);
  },
);
