import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Router } from 'express';
import pino from 'pino';
import { createAccessTokenVerifier } from '@campus/service-kit/auth';
import { createHttpApp } from '@campus/service-kit/http-app';
import { createMetrics } from '@campus/service-kit/metrics';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';

/**
 * What the kit's request metrics cost (ADR 0120): the same service HTTP shell (createHttpApp: request
 * ids, logging at the production level, session check, a route by id) with and without the metrics
 * middleware, loaded in turns (without, with, without, with) so drift falls on both sides alike.
 * No database: the cheapest answer a service gives, where the overhead shows most.
 */
function serve(withMetrics: boolean): Promise<Server> {
  const routes = Router();
  routes.get('/api/things/:id', (req, res) => {
    res.json({ id: req.params.id, title: 'A thing' });
  });
  const app = createHttpApp({
    logger: pino({ level: 'warn' }),
    verifyAccessToken: createAccessTokenVerifier(generateTestKeys().publicKey),
    routes,
    ...(withMetrics ? { metrics: createMetrics() } : {}),
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function load(url: string, seconds: number, connections: number): Promise<{ rps: number; p99: number }> {
  return new Promise((resolve, reject) => {
    // Distinct ids: the route label stays one, whatever the paths.
    let n = 0;
    autocannon(
      {
        url,
        duration: seconds,
        connections,
        requests: [{ setupRequest: (req) => ({ ...req, path: `/api/things/${n++}` }) }],
      },
      (err, r) => (err ? reject(err) : resolve({ rps: r.requests.average, p99: r.latency.p99 })),
    );
  });
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
  const servers = { without: await serve(false), with: await serve(true) };
  const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  const results: Record<'without' | 'with', Array<{ rps: number; p99: number }>> = { without: [], with: [] };
  try {
    for (let round = 0; round < 3; round++)
      for (const side of ['without', 'with'] as const)
        results[side].push(await load(url(servers[side]), seconds, connections));
  } finally {
    for (const s of Object.values(servers)) s.close();
  }
  const mean = (xs: Array<{ rps: number; p99: number }>, k: 'rps' | 'p99') =>
    xs.reduce((a, x) => a + x[k], 0) / xs.length;
  for (const side of ['without', 'with'] as const)
    console.log(
      `${side.padEnd(7)} metrics: ${mean(results[side], 'rps').toFixed(0).padStart(6)} req/s   p99 ${mean(results[side], 'p99').toFixed(1)} ms`,
    );
  const cost = 1 - mean(results.with, 'rps') / mean(results.without, 'rps');
  console.log(`request metrics cost ${(cost * 100).toFixed(1)}% of requests/s on the cheapest answer`);
  console.log(
    `counting one request (counter + histogram, by labels): ${countingMicros().toFixed(2)} us of CPU`,
  );
}

/** The CPU the middleware adds per request, alone: steadier than two loaded servers on a busy machine. */
function countingMicros(): number {
  const metrics = createMetrics();
  const requests = metrics.registry.getSingleMetric('http_requests_total') as unknown as {
    inc(labels: Record<string, string>): void;
  };
  const duration = metrics.registry.getSingleMetric('http_request_duration_seconds') as unknown as {
    observe(labels: Record<string, string>, value: number): void;
  };
  const n = 200_000;
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      const labels = { method: 'GET', route: '/api/things/:id', status: i % 10 ? '200' : '404' };
      requests.inc(labels);
      duration.observe(labels, 0.003);
    }
    best = Math.min(best, Number(process.hrtime.bigint() - started) / n / 1000);
  }
  return best;
}
