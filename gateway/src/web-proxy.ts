import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { OVERLOADED_RETRY_AFTER_SECONDS } from './proxy';
import { UpstreamAdmission, type AdmissionLimits } from './upstream-admission';

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
export function createWebProxy(
  upstreams: WebUpstreams,
  logger: Logger,
  /** The API's gate (ADR 0087), one per frontend: a burst of page loads is shed, never queued without end. */
  admission: AdmissionLimits & {
    queueTimeoutMs: number;
    /** A container silent this long (UPSTREAM_TIMEOUT_MS) gets its request cut: 503, the slot freed. */
    timeoutMs: number;
  },
): { router: Router; close(): void } {
  const agents: http.Agent[] = [];
  const proxyTo = (name: string, target: string): RequestHandler => {
    // Its own pool, larger than its gate, so a request never waits where no deadline applies.
    const agent = new http.Agent({ keepAlive: true, maxSockets: admission.maxInFlight * 2 });
    agents.push(agent);
    const gate = new UpstreamAdmission(admission);
    const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
      target,
      agent,
      proxyTimeout: admission.timeoutMs,
      ejectPlugins: true,
      plugins: [proxyEventsPlugin],
      on: {
        // An answer the container cut (or that stalled past the timeout) is cut for the client too.
        proxyRes: (proxyRes, _req, res) => {
          proxyRes.once('close', () => {
            if (!proxyRes.complete) res.destroy();
          });
        },
        error: (err, req, res) => {
          logger.warn(
            { frontend: name, code: (err as NodeJS.ErrnoException).code, url: req.url },
            'frontend failed',
          );
          if (!(res instanceof http.ServerResponse)) return;
          // Cut mid-answer (the container stalled or dropped): the client sees it incomplete, never hangs.
          if (res.headersSent) return void res.destroy();
          res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end(`The ${name} frontend is temporarily unavailable.`);
        },
      },
    }) as unknown as RequestHandler;
    return (req, res, next) => {
      let release: (() => void) | undefined;
      const cancelWait = gate.enter(
        admission.queueTimeoutMs,
        (releaseSlot) => {
          release = releaseSlot;
          void proxy(req, res, next);
        },
        () => {
          // The access log has it (a 503); no line of its own, an overload is no time to write more.
          if (res.headersSent) return void res.destroy();
          res.writeHead(503, {
            'Content-Type': 'text/plain; charset=utf-8',
            'Cache-Control': 'no-store',
            'Retry-After': String(OVERLOADED_RETRY_AFTER_SECONDS),
          });
          res.end('Campus Connect is very busy right now. Please try again in a moment.');
        },
      );
      res.once('close', () => {
        cancelWait();
        release?.();
      });
    };
  };

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
  return { router, close: () => agents.forEach((agent) => agent.destroy()) };
}
