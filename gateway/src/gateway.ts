import { randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { apiDocsRouter } from './api-docs';
import { upstreamsFrom, type GatewayConfig } from './config';
import { aggregateHealth } from './health';
import { createApiProxy } from './proxy';
import { SERVICE_NAMES } from './route-table';
import { capBodySize, rejectForeignOrigins, securityHeaders, stripIdentityHeaders } from './security';
import { staticWebRouter } from './static-web';
import { checkAccessToken } from './token-check';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The one door: security headers, request ids, identity-header stripping, origin and size checks,
 * token verification, then the proxy. No body parser is mounted before the proxy (bodies stream
 * through untouched).
 */
export function createGateway(config: GatewayConfig, logger: Logger): { app: Express; close(): void } {
  const upstreams = upstreamsFrom(config);
  const proxy = createApiProxy({ upstreams, defaultTimeoutMs: config.UPSTREAM_TIMEOUT_MS, logger });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, uniquelocal');

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        // Forwarded, so the service logs and the events it emits carry the same id.
        req.headers['x-request-id'] = id;
        res.setHeader('x-request-id', id);
        return id;
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(securityHeaders(config.CSP_EXTRA_ORIGINS, config.HTTPS_ONLY));
  app.use(stripIdentityHeaders);

  app.get(
    '/api/health',
    aggregateHealth({ services: SERVICE_NAMES, upstreams, timeoutMs: config.HEALTH_TIMEOUT_MS }),
  );
  app.use(apiDocsRouter({ upstreams, timeoutMs: config.HEALTH_TIMEOUT_MS }));

  app.use(
    '/api',
    rejectForeignOrigins(config.ALLOWED_ORIGINS),
    capBodySize((path) =>
      path.startsWith('/event/upload') ? config.UPLOAD_LIMIT_BYTES : config.BODY_LIMIT_BYTES,
    ),
    cookieParser(),
    checkAccessToken(config.JWT_PUBLIC_KEY),
    // Mounted at /api, Express hides the prefix from req.url; the proxy must forward the full path.
    (req, _res, next) => {
      req.url = req.originalUrl;
      next();
    },
    proxy.handler,
  );

  app.use(staticWebRouter(config.WEB_ROOT));
  app.use((_req, res) => {
    res.status(404).json({ success: false, message: 'Not found.', code: 'NOT_FOUND' });
  });
  return { app, close: proxy.close };
}
