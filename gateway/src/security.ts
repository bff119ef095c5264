import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { isApiDocsPath } from './api-docs';
import { sendJsonError } from './json-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Headers a client must never be able to set: identity is only ever what the verified token says,
 * so anything that looks like a forwarded identity is dropped before a service could be fooled by it.
 */
const IDENTITY_HEADER = /^(x-user|x-auth|x-forwarded-user|x-remote-user|remote-user)/i;

export const stripIdentityHeaders: RequestHandler = (req, _res, next) => {
  for (const name of Object.keys(req.headers)) if (IDENTITY_HEADER.test(name)) delete req.headers[name];
  next();
};

/**
 * Cookies are SameSite=Lax, and on top of that a browser's state-changing request must come from an
 * allowed origin. Requests without an Origin (curl, server-to-server) carry no ambient browser cookies
 * worth forging, so they pass.
 *
 * The gateway's own origin is `publicOrigin` when the operator names it (behind a TLS proxy the
 * gateway sees http and maybe the proxy's Host, never what the browser shows); otherwise it is derived
 * from the request (scheme, honouring X-Forwarded-Proto only from a trusted proxy, and Host).
 */
export function rejectForeignOrigins(options: {
  publicOrigin?: string;
  allowed: readonly string[];
}): RequestHandler {
  const allowSet = new Set(options.allowed);
  const { publicOrigin } = options;
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (!STATE_CHANGING.has(req.method) || !origin) return next();
    const own = publicOrigin ?? `${req.protocol}://${req.headers.host}`;
    if (origin === own || allowSet.has(origin)) return next();
    sendJsonError(
      res,
      403,
      'FORBIDDEN_ORIGIN',
      'This request came from a site that is not allowed to make it.',
    );
  };
}

/**
 * Caps request bodies by their declared length before anything is forwarded. A body without a length
 * (chunked) is refused: browsers always declare one, and an undeclared stream could not be capped
 * without buffering it here. Services cap parsed bodies too.
 */
export function capBodySize(limitFor: (path: string) => number): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length'];
    if (length === undefined && req.headers['transfer-encoding'])
      return sendJsonError(res, 411, 'LENGTH_REQUIRED', 'The request body must declare its length.');
    if (Number(length ?? 0) > limitFor(req.path))
      return sendJsonError(res, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    next();
  };
}

/**
 * Pages and scripts (the API reference under /api/docs too) get helmet's full set (CSP included). API
 * answers are JSON that no browser renders, so they get the few headers that matter for them, set
 * without helmet's per-request chain (the API path is the hot one).
 */
export function securityHeaders(extraOrigins: readonly string[], httpsOnly: boolean): RequestHandler {
  const forPages = pageSecurityHeaders(extraOrigins, httpsOnly);
  return (req, res, next) => {
    if (!req.path.startsWith('/api/') || isApiDocsPath(req.path)) return forPages(req, res, next);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (httpsOnly) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

function pageSecurityHeaders(extraOrigins: readonly string[], httpsOnly: boolean): RequestHandler {
  return helmet({
    strictTransportSecurity: httpsOnly,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extraOrigins],
        // Remotes inject their CSS modules as <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...extraOrigins],
        // blob: for the preview of a file the user picks (the event poster) before it is uploaded;
        // only images: no script, frame or worker may come from a blob.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...extraOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: httpsOnly ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
