import autocannon from 'autocannon';
import { startGatewayProcess, startPlatformProcess } from './platform-process';

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Sample> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, duration: seconds, connections, pipelining: 1 }, (err, r) => {
      if (err) return reject(err);
      resolve({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        non2xx: r.non2xx,
      });
    });
  });
}

const mean = (xs: Sample[], k: keyof Sample) => xs.reduce((a, s) => a + s[k], 0) / xs.length;
const summary = (xs: Sample[]): Sample => ({
  rps: mean(xs, 'rps'),
  p50: mean(xs, 'p50'),
  p99: mean(xs, 'p99'),
  errors: mean(xs, 'errors'),
  non2xx: mean(xs, 'non2xx'),
});

const fmt = (s: Sample) =>
  `${s.rps.toFixed(0).padStart(6)} req/s   p50 ${s.p50.toFixed(1).padStart(5)} ms   p99 ${s.p99.toFixed(1).padStart(5)} ms` +
  (s.errors ? `   (errors ${s.errors})` : '');

/**
 * Gateway overhead: the same identity endpoint called directly on the service and through the
 * gateway, interleaved (direct, gateway, direct, gateway) so drift affects both sides alike.
 * Service and gateway each run in their own process, as deployed; autocannon runs here, on loopback,
 * for a bounded time.
 */
export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 6);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
  const platform = await startPlatformProcess();
  // The gateway under test runs alone in its process, as deployed; the embedded one is only for login.
  const gateway = await startGatewayProcess(
    Number(process.env.BENCH_GATEWAY_PORT ?? 18181),
    platform.secretsDir,
    platform.services,
  );
  try {
    const identity = platform.services.find((s) => s.name === 'identity')!.url;
    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student@campus.test', password: 'student-demo-pass' }),
    });
    if (!login.ok) throw new Error(`bench login failed: HTTP ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const scenarios = [
      {
        name: 'GET /api/auth/me signed in (token check + database read)',
        path: '/api/auth/me',
        headers: { cookie } as Record<string, string>,
      },
      // The cheapest answer a service gives (401 before any database work): the proxy's cost shows most.
      { name: 'GET /api/auth/me as a guest (401, no database)', path: '/api/auth/me', headers: {} },
    ];
    console.log(`${connections} connections, ${seconds} s per run, 2 interleaved rounds after a 2 s warm-up`);
    for (const scenario of scenarios) {
      await load(`${identity}${scenario.path}`, scenario.headers, 2, connections);
      await load(`${gateway.url}${scenario.path}`, scenario.headers, 2, connections);
      const direct: Sample[] = [];
      const viaGateway: Sample[] = [];
      for (let round = 0; round < 2; round++) {
        direct.push(await load(`${identity}${scenario.path}`, scenario.headers, seconds, connections));
        viaGateway.push(await load(`${gateway.url}${scenario.path}`, scenario.headers, seconds, connections));
      }
      const d = summary(direct);
      const g = summary(viaGateway);
      console.log(`${scenario.name}`);
      console.log(`  direct to service : ${fmt(d)}`);
      console.log(`  through gateway   : ${fmt(g)}`);
      console.log(`  gateway keeps ${(g.rps / d.rps).toFixed(2)}x of direct throughput (target >= 0.75x)`);
    }
  } finally {
    await gateway.stop();
    await platform.stop();
  }
}
