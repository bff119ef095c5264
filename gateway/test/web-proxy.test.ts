import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { closedPortUrl, startStandIn, type StandInServer } from './support/stand-in-servers';

/** A frontend container stand-in: says who it is and which path reached it, with its own cache header. */
function startFrontend(name: string): Promise<StandInServer> {
  return startStandIn((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': `max-age=7, ${name}` });
    res.end(`${name} ${req.method} ${req.url}`);
  });
}

let shell: StandInServer;
let library: StandInServer;
let gateway: RunningGateway;

beforeAll(async () => {
  shell = await startFrontend('shell');
  library = await startFrontend('library');
  const config = loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: generateTestKeys().publicKey,
    WEB_SHELL_URL: shell.url,
    WEB_LIBRARY_URL: library.url,
    WEB_CAREERS_URL: await closedPortUrl(),
  });
  gateway = await startGateway(config, pino({ level: 'silent' }));
});
afterAll(async () => {
  await gateway.stop();
  await shell.close();
  await library.close();
});

describe('the frontends, each in its own container behind the gateway', () => {
  test("a remote's files go to that remote's container, path unchanged, its cache headers kept", async () => {
    const res = await request(gateway.url).get('/remotes/library/mf-manifest.json').expect(200);
    expect(res.text).toBe('library GET /remotes/library/mf-manifest.json');
    expect(res.headers['cache-control']).toBe('max-age=7, library');
  });

  test('every other page and file goes to the shell container', async () => {
    for (const path of ['/', '/library', '/remotes.json', '/main.1a2b3c4d5e.js'])
      expect((await request(gateway.url).get(path).expect(200)).text).toBe(`shell GET ${path}`);
  });

  test('a remote whose container is down answers 503, which the shell turns into Retry', async () => {
    const res = await request(gateway.url).get('/remotes/careers/remoteEntry.js').expect(503);
    expect(res.text).toMatch(/careers frontend is temporarily unavailable/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('a remote with no container configured is a 404, and /api never reaches a frontend', async () => {
    await request(gateway.url).get('/remotes/housing/remoteEntry.js').expect(404);
    const api = await request(gateway.url).get('/api/nothing-here').expect(404);
    expect(api.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  test("the gateway's security headers still wrap the shell's pages", async () => {
    const res = await request(gateway.url).get('/library').expect(200);
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});
