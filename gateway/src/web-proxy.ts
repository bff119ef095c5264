import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';

export interface WebUpstreams {
  /** The shell's container: every GET that is not /api or /remotes. */
  shell: string;
  /** Each remote's container, by the name in /remotes/<name>/. */
  remotes: ReadonlyMap<string, string>;
}

/**
 * Forwards the frontends to their containers (ADR 0084), paths unchanged: /remotes/<name>/... to
 * that remote's, everything else to the shell's. Their answers (cache headers, encodings) pass
 * through as they are. A frontend that is down answers 503 in text, which the shell's loader turns
 * into its friendly error with Retry; an unknown remote is a 404.
 */
export function createWebProxy(upstreams: WebUpstreams, logger: Logger): { router: Router; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxyTo = (name: string, target: string): RequestHandler =>
    createProxyMiddleware<IncomingMessage, ServerResponse>({
      target,
      agent,
      ejectPlugins: true,
      plugins: [proxyEventsPlugin],
      on: {
        error: (err, req, res) => {
          logger.warn(
            { frontend: name, code: (err as NodeJS.ErrnoException).code, url: req.url },
            'frontend failed',
          );
          if (!(res instanceof http.ServerResponse) || res.headersSent) return;
          res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end(`The ${name} frontend is temporarily unavailable.`);
        },
      },
    }) as unknown as RequestHandler;

  const remotes = new Map([...upstreams.remotes].map(([name, url]) => [name, proxyTo(name, url)]));
  const shell = proxyTo('shell', upstreams.shell);
  const router = Router();
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const remote = /^\/remotes\/([^/]+)\//.exec(req.path)?.[1];
    if (req.path.startsWith('/remotes/')) {
      const proxy = remote ? remotes.get(remote) : undefined;
      return proxy ? proxy(req, res, next) : next();
    }
    return shell(req, res, next);
  });
  return { router, close: () => agent.destroy() };
}
