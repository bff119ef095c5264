import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '@campus/service-kit/config';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * A burst far beyond what the gateway forwards at once (issue 22 §1: ~530 concurrent guest reads
 * used to kill it with ERR_HTTP_HEADERS_SENT). A real gateway on a free port, in front of a
 * stand-in service that holds every request until the test lets go, so the gateway is saturated
 * for as long as the test looks at it.
 */

interface Answer {
  status: number;
  body: string;
  retryAfter?: string;
}
type Outcome = Answer | { error: string };

/** One GET on a fresh connection (no agent), the way a burst of new visitors arrives. */
function freshGet(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, retryAfter: res.headers['retry-after'] }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

const isShed = (answer: Outcome) =>
  'status' in answer &&
  answer.status === 503 &&
  answer.retryAfter !== undefined &&
  (JSON.parse(answer.body) as { code?: string }).code === 'OVERLOADED';

/** A stand-in service that answers /ready at once and holds everything else until `release()`. */
async function startHoldingService() {
  const held: http.ServerResponse[] = [];
  const seen: string[] = [];
  let released = false;
  const answer = (res: http.ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  const server: StandInServer = await startStandIn((req, res) => {
    if (req.url === '/ready')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"status":"ready","checks":{"database":"ok"}}');
    seen.push(req.url ?? '');
    if (released) return answer(res);
    held.push(res);
  });
  return {
    ...server,
    held: () => held.length,
    seen,
    release() {
      released = true;
      held.splice(0).forEach(answer);
    },
  };
}

const keys = generateTestKeys();

function gatewayConfig(serviceUrl: string, limits: Record<string, string>) {
  return loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: keys.publicKey,
    COMMUNITY_SERVICE_URL: serviceUrl,
    CAREERS_SERVICE_URL: serviceUrl,
    HEALTH_TIMEOUT_MS: '10000',
    ...limits,
  });
}

describe('a burst beyond what the gateway forwards at once', () => {
  const BURST = 2_000;
  const IN_FLIGHT = 32;
  const QUEUED = 64;
  let service: Awaited<ReturnType<typeof startHoldingService>>;
  let gateway: RunningGateway;

  beforeAll(async () => {
    service = await startHoldingService();
    gateway = await startGateway(
      gatewayConfig(service.url, {
        UPSTREAM_MAX_IN_FLIGHT: String(IN_FLIGHT),
        UPSTREAM_MAX_QUEUED: String(QUEUED),
        // Long enough that nothing times out while the test looks: every answer is a 200 or a shed 503.
        UPSTREAM_QUEUE_TIMEOUT_MS: '60000',
        UPSTREAM_TIMEOUT_MS: '60000',
      }),
      pino({ level: 'silent' }),
    );
  });
  afterAll(async () => {
    service.release();
    await gateway.stop();
    await service.close();
  });

  test('when 2,000 guests read at once on fresh connections, then each gets a 200 or a JSON 503 with Retry-After, none is reset, and health answers throughout', async () => {
    const paths = ['/api/community?limit=1', '/api/interview/search?q=google'];
    let answered = 0;
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        freshGet(`${gateway.url}${paths[i % paths.length]}`).finally(() => answered++),
      ),
    );

    // Saturated: each service holds its in-flight share, its queue is full, everyone else was shed.
    const admitted = paths.length * (IN_FLIGHT + QUEUED);
    await waitFor(
      'the gateway to forward its limit and shed the rest',
      () => ({ held: service.held(), answered }),
      {
        until: (s) => s.held === paths.length * IN_FLIGHT && s.answered === BURST - admitted,
        // 4,000 sockets on a busy 2-core machine: generous, still bounded.
        timeoutMs: 90_000,
      },
    );
    const health = await freshGet(`${gateway.url}/api/health`);
    expect(health).toMatchObject({ status: 200 });
    expect(JSON.parse((health as Answer).body)).toMatchObject({ status: 'ready' });

    service.release();
    const outcomes = await burst;
    const ok = outcomes.filter((o) => 'status' in o && o.status === 200);
    const shed = outcomes.filter(isShed);
    const other = outcomes.filter((o) => !ok.includes(o) && !shed.includes(o));
    expect(other).toEqual([]); // no reset, no 5xx page, no empty answer
    expect(ok).toHaveLength(admitted);
    expect(shed).toHaveLength(BURST - admitted);
    // The service saw the admitted requests only: a shed request never reached it.
    expect(service.seen).toHaveLength(admitted);
    // And the gateway keeps serving after it.
    expect(await freshGet(`${gateway.url}/api/community?limit=1`)).toMatchObject({ status: 200 });
  }, 150_000);
});

describe('a request waiting for its turn', () => {
  let service: Awaited<ReturnType<typeof startHoldingService>>;
  let gateway: RunningGateway;

  beforeAll(async () => {
    service = await startHoldingService();
    gateway = await startGateway(
      gatewayConfig(service.url, {
        UPSTREAM_MAX_IN_FLIGHT: '1',
        UPSTREAM_MAX_QUEUED: '1',
        UPSTREAM_QUEUE_TIMEOUT_MS: '200',
      }),
      pino({ level: 'silent' }),
    );
  });
  afterAll(async () => {
    service.release();
    await gateway.stop();
    await service.close();
  });

  test('when its turn does not come within the queue deadline, or the queue is full, then 503 OVERLOADED with Retry-After and the service never sees it', async () => {
    const first = freshGet(`${gateway.url}/api/community/first`);
    await waitFor('the first request to reach the service', () => service.held() === 1);
    // One waits in the single queue place until its deadline, the other finds the queue full.
    const [second, third] = await Promise.all([
      freshGet(`${gateway.url}/api/community/second`),
      freshGet(`${gateway.url}/api/community/third`),
    ]);
    expect(isShed(second)).toBe(true);
    expect(isShed(third)).toBe(true);
    service.release();
    expect(await first).toMatchObject({ status: 200 });
    expect(service.seen).toEqual(['/api/community/first']);
  });
});

describe('a burst of page loads, the frontends in their own containers', () => {
  let shell: Awaited<ReturnType<typeof startHoldingService>>;
  let gateway: RunningGateway;

  beforeAll(async () => {
    shell = await startHoldingService();
    gateway = await startGateway(
      loadConfig('gateway', GatewayConfig, {
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_PUBLIC_KEY: keys.publicKey,
        WEB_SHELL_URL: shell.url,
        UPSTREAM_MAX_IN_FLIGHT: '2',
        UPSTREAM_MAX_QUEUED: '2',
        UPSTREAM_QUEUE_TIMEOUT_MS: '60000',
        UPSTREAM_TIMEOUT_MS: '60000',
      }),
      pino({ level: 'silent' }),
    );
  });
  afterAll(async () => {
    shell.release();
    await gateway.stop();
    await shell.close();
  });

  test("when more pages are asked for than the shell's gate and queue hold, then the rest get 503 with Retry-After at once, and the admitted ones are served", async () => {
    let answered = 0;
    const loads = Promise.all(
      Array.from({ length: 10 }, () => freshGet(`${gateway.url}/feature`).finally(() => answered++)),
    );
    await waitFor('two pages forwarded and six shed', () => ({ held: shell.held(), answered }), {
      until: (s) => s.held === 2 && s.answered === 6,
    });
    shell.release();
    const outcomes = await loads;
    const served = outcomes.filter((o) => 'status' in o && o.status === 200);
    const shed = outcomes.filter((o) => 'status' in o && o.status === 503 && o.retryAfter);
    expect(served).toHaveLength(4);
    expect(shed).toHaveLength(6);
    expect(shell.seen).toHaveLength(4);
  });
});

describe('a frontend container that does not answer', () => {
  let shell: Awaited<ReturnType<typeof startHoldingService>>;
  let gateway: RunningGateway;

  beforeAll(async () => {
    shell = await startHoldingService();
    gateway = await startGateway(
      loadConfig('gateway', GatewayConfig, {
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_PUBLIC_KEY: keys.publicKey,
        WEB_SHELL_URL: shell.url,
        UPSTREAM_MAX_IN_FLIGHT: '1',
        UPSTREAM_MAX_QUEUED: '0',
        UPSTREAM_TIMEOUT_MS: '300',
      }),
      pino({ level: 'silent' }),
    );
  });
  afterAll(async () => {
    shell.release();
    await gateway.stop();
    await shell.close();
  });

  test('when a container stalls half-way through an answer, then the client sees the answer cut, never a hang', async () => {
    const stalling = await startStandIn((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<!doctype html><title>Campus');
    });
    const viaStalling = await startGateway(
      loadConfig('gateway', GatewayConfig, {
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_PUBLIC_KEY: keys.publicKey,
        WEB_SHELL_URL: stalling.url,
        UPSTREAM_TIMEOUT_MS: '300',
      }),
      pino({ level: 'silent' }),
    );
    try {
      const complete = await new Promise<boolean>((resolve) => {
        http.get(`${viaStalling.url}/feature`, { agent: false }, (res) => {
          res.resume();
          res.on('error', () => undefined);
          res.on('close', () => resolve(res.complete));
        });
      });
      expect(complete).toBe(false);
    } finally {
      await viaStalling.stop();
      await stalling.close();
    }
  });

  test('when the shell container stays silent past the upstream timeout, then a 503 page, and its slot is free for the next load', async () => {
    expect(await freshGet(`${gateway.url}/feature`)).toMatchObject({ status: 503 });
    shell.release();
    expect(await freshGet(`${gateway.url}/feature`)).toMatchObject({ status: 200 });
  });
});

describe('clients that leave while their session is being renewed', () => {
  const IN_FLIGHT = 2;
  const identityHeld: http.ServerResponse[] = [];
  const aborted: string[] = [];
  let identity: StandInServer;
  let service: StandInServer;
  let gateway: RunningGateway;

  beforeAll(async () => {
    // Identity holds every renewal until the test lets go, so each client can leave while it waits.
    identity = await startStandIn((req, res) => {
      if (req.url === '/api/auth/refresh') return void identityHeld.push(res);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
    });
    service = await startStandIn((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'),
    );
    gateway = await startGateway(
      gatewayConfig(service.url, {
        IDENTITY_SERVICE_URL: identity.url,
        UPSTREAM_MAX_IN_FLIGHT: String(IN_FLIGHT),
        UPSTREAM_MAX_QUEUED: '0',
      }),
      // The access log says when the gateway has seen a client leave.
      pino(
        { level: 'info' },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            if (chunk.toString().includes('"request aborted"')) aborted.push(chunk.toString());
            done();
          },
        }),
      ),
    );
  });
  afterAll(async () => {
    for (const res of identityHeld) res.destroy();
    await gateway.stop();
    await identity.close();
    await service.close();
  });

  test('when more clients than the gate holds hang up during their renewal, then the service still answers the next reader (no slot is lost)', async () => {
    const leaving = IN_FLIGHT * 2;
    const sockets = Array.from({ length: leaving }, (_, i) => {
      const socket = net.connect(Number(new URL(gateway.url).port), '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        `GET /api/community?limit=1 HTTP/1.1\r\nHost: campus.test\r\nCookie: cc_refresh=made-up-${i}\r\n\r\n`,
      );
      return socket;
    });
    await waitFor('every renewal to reach identity', () => identityHeld.length, {
      until: (n) => n === leaving,
    });
    for (const socket of sockets) socket.destroy();
    await waitFor('the gateway to see every client leave', () => aborted.length, {
      until: (n) => n === leaving,
    });
    // Identity refuses the made-up cookies; the requests carry on to the proxy with nobody to answer.
    for (const res of identityHeld.splice(0))
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"success":false}');

    const reader = await waitFor(
      'a guest read to be answered',
      () => freshGet(`${gateway.url}/api/community?limit=1`),
      { until: (answer) => 'status' in answer && answer.status === 200, timeoutMs: 5_000 },
    );
    expect(reader).toMatchObject({ status: 200 });
  });
});
