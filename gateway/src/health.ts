import type { RequestHandler } from 'express';

interface ServiceHealth {
  status: 'ready' | 'not-ready' | 'unreachable' | 'not-configured';
  latencyMs?: number;
  /** Which dependency failed (e.g. ['bus']); the driver's error text stays on the service's own /ready. */
  failing?: string[];
}

/** /api/health: the readiness of every service behind the gateway, asked in parallel with a deadline. */
export function aggregateHealth(options: {
  services: readonly string[];
  upstreams: ReadonlyMap<string, string>;
  timeoutMs: number;
}): RequestHandler {
  return async (_req, res) => {
    const entries = await Promise.all(
      options.services.map(async (name): Promise<[string, ServiceHealth]> => {
        const url = options.upstreams.get(name);
        if (!url) return [name, { status: 'not-configured' }];
        const started = performance.now();
        try {
          const r = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(options.timeoutMs) });
          const body = (await r.json().catch(() => undefined)) as
            { checks?: Record<string, string> } | undefined;
          const failing = Object.entries(body?.checks ?? {})
            .filter(([, v]) => v !== 'ok')
            .map(([k]) => k);
          return [
            name,
            {
              status: r.ok ? 'ready' : 'not-ready',
              latencyMs: Math.round(performance.now() - started),
              ...(failing.length ? { failing } : {}),
            },
          ];
        } catch {
          return [name, { status: 'unreachable' }];
        }
      }),
    );
    const services = Object.fromEntries(entries);
    const ready = entries.every(([, h]) => h.status === 'ready' || h.status === 'not-configured');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'degraded', services });
  };
}
