import { Router } from 'express';

interface OpenApiDoc {
  paths?: Record<string, Record<string, { summary?: string }>>;
  components?: { schemas?: Record<string, unknown> };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * /api/docs: one OpenAPI document merged from every running service's own (generated from the shared
 * contracts), as JSON and as a readable index. Fetched on demand so it always matches what is deployed.
 */
export function apiDocsRouter(options: {
  upstreams: ReadonlyMap<string, string>;
  timeoutMs: number;
}): Router {
  const router = Router();

  async function merged() {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Campus Connect API', version: '1.0.0' },
      paths: {},
      components: { schemas: {} },
    };
    const missing: string[] = [];
    await Promise.all(
      [...options.upstreams].map(async ([name, url]) => {
        try {
          const r = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(options.timeoutMs) });
          const part = (await r.json()) as OpenApiDoc;
          Object.assign(doc.paths, part.paths);
          Object.assign(doc.components.schemas, part.components?.schemas);
        } catch {
          missing.push(name);
        }
      }),
    );
    return { doc, missing };
  }

  router.get('/api/docs/openapi.json', async (_req, res) => {
    res.json((await merged()).doc);
  });
  router.get('/api/docs', async (_req, res) => {
    const { doc, missing } = await merged();
    const rows = Object.entries(doc.paths as NonNullable<OpenApiDoc['paths']>)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(
          ([method, op]) =>
            `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? '')}</td></tr>`,
        ),
      );
    res.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Campus Connect API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem">
<h1>Campus Connect API</h1><p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1, generated from the shared contracts).</p>
${missing.length ? `<p>Not reachable right now: ${missing.map(escapeHtml).join(', ')}.</p>` : ''}
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`);
  });
  return router;
}
