import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { accessLog } from './access-log';
import { apiDocsRouter, isApiDocsPath } from './api-docs';
import { configWarnings, upstreamsFrom, webUpstreamsFrom, type GatewayConfig } from './config';
import { aggregateHealth } from './health';
import { createApiProxy } from './proxy';
import { SERVICE_NAMES } from './generated/platform-routes';
import { resolveRoute } from './route-table';
import { sendJsonError } from './json-error';
import { capBodySize, rejectForeignOrigins, securityHeaders, stripIdentityHeaders } from './security';
import { staticWebRouter } from './static-web';
import { createWebProxy } from './web-proxy';
import { checkAccessToken } from './token-check';
import { DATA_EXPORT_PATH, dataExport } from './data-export';
import { createAccessTokenVerifier } from '@campus/service-kit/auth';
import { createMetrics, UNMATCHED_ROUTE, type Metrics } from '@campus/service-kit/metrics';
import { traceRequests } from '@campus/service-kit/tracing';
import { renewLapsedSessions } from './session-renewal';
import { pollRevokedSessions } from './session-revocations';

/**
 * API answers that are JSON and at least 1 KB (a search page is ~9 KB) go out gzip/brotli to clients
 * that accept it, with `Vary: Accept-Encoding`; smaller ones are not worth the CPU. Only the answer is
 * wrapped (the request body still streams to the service), and only JSON: anything else the services
 * send (files, a stream) passes through as it came, never held in a compressor's buffer. An event
 * stream (text/event-stream) above all: a compressor holds its frames until a block fills, so a
 * notification would wait for the next ones; the stream's routes never reach the compressor at all.
 */
const compressible = compression({
  threshold: 1024,
  filter: (req, res) =>
    /^application\/(?:[\w.+-]+\+)?json\b/i.test(String(res.getHeader('content-type') ?? '')) &&
    compression.filter(req, res),
});
const compressJsonAnswers: express.RequestHandler = (req, res, next) =>
  resolveRoute(req.path)?.stream ? next() : compressible(req, res, next);

/**
 * A path whose first segment, decoded and in any case, is `api` followed by nothing or by a
 * character no page name has (/API/x, /api%2Fx, /%61pi/x, /api;x). Not /apiary or /api-guide.
 */
function looksLikeApiPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judged as written.
  }
  return /^\/+api(?![a-z0-9_-])/i.test(decoded);
}

/** The route label of a gateway request (bounded): the API prefix that answers it, or what kind of page it is. */
export const WEB_ROUTE = '(web)';
export function gatewayRouteOf(path: string): string {
  if (path === '/api/health' || path === DATA_EXPORT_PATH) return path;
  if (isApiDocsPath(path)) return '/api/docs';
  if (path === '/api' || path.startsWith('/api/')) return resolveRoute(path)?.prefix ?? UNMATCHED_ROUTE;
  return looksLikeApiPath(path) ? UNMATCHED_ROUTE : WEB_ROUTE;
}

/**
 * The one door: security headers, request ids, identity-header stripping, origin and size checks,
 * token verification, then the proxy. No body parser is mounted before the proxy (bodies stream
 * through untouched).
 */
export function createGateway(
  config: GatewayConfig,
  logger: Logger,
  /** The clock session renewal shares its results by (tests move it). */
  options: { now?: () => number } = {},
): { app: Express; metrics: Metrics; close(): void } {
  const upstreams = upstreamsFrom(config);
  // Sessions (ADR 0007): ended ones refused within a poll, lapsed ones renewed for any API request.
  const verifyAccessToken = createAccessTokenVerifier(config.JWT_PUBLIC_KEY);
  const revokedSessions = pollRevokedSessions({
    identityUrl: upstreams.get('identity'),
    pollMs: config.SESSION_REVOCATION_POLL_MS,
    timeoutMs: config.HEALTH_TIMEOUT_MS,
    logger,
  });
  const sessionRenewal = renewLapsedSessions({
    identityUrl: upstreams.get('identity'),
    verify: verifyAccessToken,
    revoked: revokedSessions,
    shareMs: config.SESSION_RENEWAL_SHARE_MS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logger,
    now: options.now,
  });
  // One gate per service and per frontend, all sized alike (ADR 0087).
  const admission = {
    maxInFlight: config.UPSTREAM_MAX_IN_FLIGHT,
    maxQueued: config.UPSTREAM_MAX_QUEUED,
    queueTimeoutMs: config.UPSTREAM_QUEUE_TIMEOUT_MS,
  };
  const proxy = createApiProxy({
    upstreams,
    defaultTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    publicOrigin: config.PUBLIC_ORIGIN,
    admission,
    maxStreams: config.UPSTREAM_MAX_STREAMS,
    logger,
  });
  const exportData = dataExport({ upstreams, timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger });
  for (const warning of configWarnings(config)) logger.warn(warning);
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies the operator names (TRUST_PROXY) may speak for the client's address and scheme;
  // by default nobody. req.ip is then the client, and the services get it as X-Forwarded-For.
  app.set('trust proxy', config.TRUST_PROXY);

  // Requests by the prefix that answers them (the services count by their own route templates).
  // Served on METRICS_PORT only (start-gateway.ts), never on this public port.
  const metrics = createMetrics({ events: false });
  app.use(metrics.httpRequests((req) => gatewayRouteOf(req.originalUrl.split('?', 1)[0] ?? '/')));
  // The trace starts (or continues a caller's) here: its traceparent replaces the request's before
  // the proxy copies the headers, so each service's span is a child of the gateway's (tracing.ts).
  app.use(
    traceRequests({
      service: 'gateway',
      routeOf: (req) => gatewayRouteOf((req as express.Request).originalUrl.split('?', 1)[0] ?? '/'),
      propagate: true,
    }),
  );
  // The request id is forwarded, so the service logs and the events it emits carry the same id.
  app.use(accessLog(logger));
  app.use(securityHeaders(config.CSP_EXTRA_ORIGINS, config.HTTPS_ONLY));
  app.use(stripIdentityHeaders);

  app.get(
    '/api/health',
    aggregateHealth({ services: SERVICE_NAMES, upstreams, timeoutMs: config.HEALTH_TIMEOUT_MS }),
  );
  app.use(
    apiDocsRouter({ upstreams, timeoutMs: config.HEALTH_TIMEOUT_MS, publicOrigin: config.PUBLIC_ORIGIN }),
  );

  // Not mounted at a path: Express would hide the /api prefix, and every check and the proxy need the
  // full public path.
  const api = express.Router();
  api.use(
    rejectForeignOrigins({ publicOrigin: config.PUBLIC_ORIGIN, allowed: config.ALLOWED_ORIGINS }),
    capBodySize((path) =>
      resolveRoute(path)?.largeBodies ? config.UPLOAD_LIMIT_BYTES : config.BODY_LIMIT_BYTES,
    ),
    cookieParser(),
    sessionRenewal.handler,
    checkAccessToken(verifyAccessToken, revokedSessions),
    // The gateway's own route: one archive of what every service holds about the caller (issue 26 §3).
    (req, res, next) =>
      req.method === 'GET' && req.path === DATA_EXPORT_PATH ? exportData(req, res, next) : next(),
    compressJsonAnswers,
    proxy.handler,
  );
  app.use((req, res, next) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return api(req, res, next);
    // Meant for the API, not written as its paths are (/API/book, /api%2Fbook): JSON, never the shell.
    if (looksLikeApiPath(req.path)) return sendJsonError(res, 404, 'NOT_FOUND', `No API at ${req.path}.`);
    next();
  });

  // The frontends: forwarded to their own containers (production), or read from one build folder.
  const webUpstreams = webUpstreamsFrom(config);
  const webProxy = webUpstreams
    ? createWebProxy(webUpstreams, logger, { ...admission, timeoutMs: config.UPSTREAM_TIMEOUT_MS })
    : undefined;
  app.use(webProxy ? webProxy.router : staticWebRouter(config.WEB_ROOT));
  app.use((_req, res) => {
    res.status(404).json({ success: false, message: 'Not found.', code: 'NOT_FOUND' });
  });
  // Anything thrown on the way (a build replaced under a running gateway, a malformed request) is JSON
  // in the platform's shape, never Express's HTML page with a stack.
  app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = (err as { status?: unknown })?.status;
    const clientError = typeof status === 'number' && status >= 400 && status < 500;
    if (!clientError) logger.error({ err, reqId: req.headers['x-request-id'] }, 'gateway error');
    sendJsonError(
      res,
      clientError ? status : 500,
      clientError ? (status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST') : 'INTERNAL',
      clientError ? 'The request could not be served.' : 'Something went wrong. Please try again.',
    );
  });
  return {
    app,
    metrics,
    close: () => {
      revokedSessions.stop();
      sessionRenewal.stop();
      proxy.close();
      webProxy?.close();
    },
  };
}
