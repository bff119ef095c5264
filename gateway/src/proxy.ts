import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { sendJsonError } from './json-error';
import { resolveRoute } from './route-table';

type TimedRequest = IncomingMessage & { upstreamTimedOut?: boolean };

/**
 * Forwards /api/* to the owning service, path unchanged, over kept-alive connections. A service that
 * is down, broken or slow becomes a JSON 503/502/504 within the route's timeout, never a hang.
 */
export function createApiProxy(options: {
  upstreams: ReadonlyMap<string, string>;
  defaultTimeoutMs: number;
  /** The origin users see (PUBLIC_ORIGIN): its scheme and host are what the services are told. */
  publicOrigin?: string;
  logger: Logger;
}): { handler: RequestHandler; close(): void } {
  const publicUrl = options.publicOrigin ? new URL(options.publicOrigin) : undefined;
  // Reusing upstream sockets is most of a proxy's speed; maxSockets bounds what one gateway may open.
  const agent = new http.Agent({
    keepAlive: true,
    keepAliveMsecs: 10_000,
    maxSockets: 512,
    maxFreeSockets: 64,
    noDelay: true,
  });
  const proxies = new Map<string, RequestHandler>();

  const proxyFor = (service: string, target: string, timeoutMs: number): RequestHandler => {
    const key = `${service}|${timeoutMs}`;
    let proxy = proxies.get(key);
    if (!proxy) {
      proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
        target,
        agent,
        // X-Forwarded-* are set, never appended to what the client claimed: the client's address as
        // `trust proxy` resolved it (req.ip), and the public scheme and host.
        xfwd: false,
        // Only the plugin that wires `on`: errors get our JSON answers, logs go through the access log.
        ejectPlugins: true,
        plugins: [proxyEventsPlugin],
        on: {
          proxyReq: (proxyReq, req: TimedRequest) => {
            const client = req as TimedRequest & { ip?: string; protocol?: string };
            proxyReq.setHeader('x-forwarded-for', client.ip ?? req.socket.remoteAddress ?? '');
            proxyReq.setHeader(
              'x-forwarded-proto',
              publicUrl?.protocol.slice(0, -1) ?? client.protocol ?? 'http',
            );
            proxyReq.setHeader('x-forwarded-host', publicUrl?.host ?? req.headers.host ?? '');
            // A deadline for the answer to begin, not an idle timer: a service trickling bytes still times out.
            const deadline = setTimeout(() => {
              req.upstreamTimedOut = true;
              proxyReq.destroy();
            }, timeoutMs);
            proxyReq.once('response', () => clearTimeout(deadline));
            proxyReq.once('close', () => clearTimeout(deadline));
          },
          error: (err, req: TimedRequest, res) => {
            const code = (err as NodeJS.ErrnoException).code;
            options.logger.warn(
              { service, code, url: req.url, timedOut: req.upstreamTimedOut },
              'upstream failed',
            );
            if (!(res instanceof http.ServerResponse)) return;
            if (req.upstreamTimedOut)
              return sendJsonError(
                res,
                504,
                'GATEWAY_TIMEOUT',
                'The service took too long to answer. Please try again.',
              );
            if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH')
              return sendJsonError(
                res,
                503,
                'SERVICE_UNAVAILABLE',
                'This part of Campus Connect is temporarily unavailable. Please try again shortly.',
              );
            sendJsonError(res, 502, 'BAD_GATEWAY', 'The service failed to answer. Please try again.');
          },
        },
      }) as unknown as RequestHandler;
      proxies.set(key, proxy);
    }
    return proxy;
  };

  const handler: RequestHandler = (req, res, next) => {
    const route = resolveRoute(req.path);
    if (!route) return sendJsonError(res, 404, 'NOT_FOUND', `No API at ${req.path}.`);
    const target = options.upstreams.get(route.service);
    if (!target)
      return sendJsonError(
        res,
        503,
        'SERVICE_UNAVAILABLE',
        'This part of Campus Connect is not available yet.',
      );
    // req.url is the full public path (the API router is not mounted at a prefix): forwarded unchanged.
    return proxyFor(route.service, target, route.timeoutMs ?? options.defaultTimeoutMs)(req, res, next);
  };

  return { handler, close: () => agent.destroy() };
}
