import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cookieParser from 'cookie-parser';
import express, { type Express, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { authenticate, type AccessTokenVerifier } from './auth';
import { errorHandler, notFoundHandler } from './errors';
import { routeTemplateOf, type Metrics } from './metrics';
import { requestContext } from './request-context';
import { traceRequests } from './tracing';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/**
 * The request's id: the caller's (gateway, another service) when it is sane, else a new one. Written
 * back onto the request headers (so a proxy forwards it) and onto the response.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/**
 * How every HTTP process logs a request: one compact line (id, method, url, status, time), info for
 * answers including client errors (a 401 or 404 is routine), error for 5xx. Headers stay out of logs:
 * they are large and carry cookies.
 */
export const requestLogOptions = {
  customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
    err || res.statusCode >= 500 ? ('error' as const) : ('info' as const),
  serializers: {
    req: (req: { id: unknown; method: string; url: string }) => ({
      id: req.id,
      method: req.method,
      url: req.url,
    }),
    res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  },
};

export interface ReadinessCheck {
  name: string;
  check(): Promise<void> | void;
}

export interface HttpAppOptions {
  logger: Logger;
  verifyAccessToken: AccessTokenVerifier;
  routes: Router;
  readiness?: ReadinessCheck[];
  /** JSON body cap; the gateway caps too, this holds when a service is reached directly. */
  bodyLimit?: string;
  openapi?: () => object;
  /** Routes only the platform calls, mounted at /internal (ServiceModule.internalRoutes). */
  internalRoutes?: Router;
  /** Prometheus metrics: every request counted and timed by route template, served at GET /metrics. */
  metrics?: Metrics;
  /** The service's name: its request spans say which service answered (tracing.ts). */
  name?: string;
}

const UNTRACED_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * The HTTP shell every service shares: request id + logging, body parsing, session, the service's
 * routes, health endpoints, and the single error handler. Routes carry their full public paths
 * (/api/auth/...) so the gateway forwards paths unchanged.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Services are reached only through the gateway, which overwrites X-Forwarded-For with the client it saw.
  app.set('trust proxy', 'loopback, uniquelocal');
  app.set('query parser', 'simple');

  // A server span per request, continuing the gateway's traceparent (no-op unless tracing is started).
  app.use(
    traceRequests({
      service: options.name ?? 'service',
      routeOf: (req) => routeTemplateOf(req as express.Request),
      skip: (req) => UNTRACED_PATHS.has(req.url ?? ''),
    }),
  );
  if (options.metrics) app.use(options.metrics.httpRequests());
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const incoming = req.headers[REQUEST_ID_HEADER];
        const id =
          typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: {
        ignore: (req) => req.url === '/health' || req.url === '/ready' || req.url === '/metrics',
      },
      ...requestLogOptions,
    }),
  );
  app.use((req, _res, next) => requestContext.run({ requestId: String(req.id) }, next));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/ready', async (_req, res) => {
    const checks: Record<string, string> = {};
    let ready = true;
    for (const c of options.readiness ?? []) {
      try {
        await c.check();
        checks[c.name] = 'ok';
      } catch (err) {
        ready = false;
        checks[c.name] = err instanceof Error ? err.message : 'failed';
      }
    }
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not-ready', checks });
  });
  // Like /health: the gateway never forwards it (it forwards /api only), the platform scrapes it.
  if (options.metrics) app.get('/metrics', options.metrics.handler);
  if (options.openapi) {
    const openapi = options.openapi;
    app.get('/openapi.json', (_req, res) => {
      res.json(openapi());
    });
  }

  app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  app.use(cookieParser());
  app.use(authenticate(options.verifyAccessToken));
  if (options.internalRoutes) app.use('/internal', options.internalRoutes);
  app.use(options.routes);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
