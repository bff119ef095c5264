import compression from 'compression';
import { Router } from 'express';
import { createExplorer, OPENAPI_JSON_PATH } from './api-docs-explorer';
import { mergeOpenApiDocuments, ServiceOpenApiDocument, type ServiceDocument } from './openapi-merge';

const API_DOCS_PATH = '/api/docs';

/** The reference's pages and files: HTML and scripts, so they get the page security headers (CSP). */
export const isApiDocsPath = (path: string) => path === API_DOCS_PATH || path.startsWith(`${API_DOCS_PATH}/`);

/**
 * The document's server: PUBLIC_ORIGIN when the operator names it, else `/` (the origin the page came
 * from), so "Try it out" calls this gateway and its writes pass the Origin check. Never the request's
 * Host header: a cached document must not carry what one client wrote there.
 */
function ownOrigin(publicOrigin: string | undefined): string {
  return publicOrigin ?? '/';
}

/**
 * /api/docs: an interactive reference (Swagger UI, served from its npm package by the gateway itself)
 * over one OpenAPI document merged from every running service's own (generated from the shared
 * contracts). The document is fetched on demand, so it always matches what is deployed.
 */
export function apiDocsRouter(options: {
  /** Service name -> base URL, in the order the reference lists them. */
  upstreams: ReadonlyMap<string, string>;
  timeoutMs: number;
  publicOrigin?: string;
}): Router {
  const router = Router();
  const explorer = createExplorer();
  // Docs traffic is rare and the bundle shrinks about 4x; compressed per request like the frontends.
  const compress = compression();

  async function serviceDocuments() {
    const fetched = await Promise.all(
      [...options.upstreams].map(async ([service, url]): Promise<ServiceDocument | string> => {
        try {
          const r = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(options.timeoutMs) });
          if (!r.ok) return service;
          const parsed = ServiceOpenApiDocument.safeParse(await r.json());
          return parsed.success ? { service, document: parsed.data } : service;
        } catch {
          return service;
        }
      }),
    );
    return {
      parts: fetched.filter((f): f is ServiceDocument => typeof f !== 'string'),
      unreachable: fetched.filter((f): f is string => typeof f === 'string'),
    };
  }

  router.get(OPENAPI_JSON_PATH, compress, async (req, res) => {
    const { parts, unreachable } = await serviceDocuments();
    res.setHeader('Cache-Control', 'no-cache');
    res.json(mergeOpenApiDocuments(parts, { serverUrl: ownOrigin(options.publicOrigin), unreachable }));
  });

  router.get(API_DOCS_PATH, compress, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(explorer.page);
  });

  // Every asset URL carries the package version or a content hash: a changed file is a new URL.
  const immutable = { maxAge: '1y', immutable: true } as const;
  for (const asset of explorer.assets) {
    router.get(asset.url, compress, (_req, res, next) => {
      res.setHeader('Content-Type', asset.contentType);
      if ('text' in asset.source) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.send(asset.source.text);
        return;
      }
      res.sendFile(asset.source.file, immutable, (err) => {
        if (err && !res.headersSent) next(err);
      });
    });
  }
  return router;
}
