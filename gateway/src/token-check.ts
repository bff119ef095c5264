import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { readAccessToken, type AccessTokenVerifier } from '@campus/service-kit/auth';
import { sendJsonError } from './json-error';
import type { RevokedSessions } from './session-revocations';

/**
 * Where a session is started, renewed or ended: an expired or revoked token must not stand in the way.
 * Every other /api path, /api/auth/me included, has its token checked here.
 */
export const SESSION_PATHS = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/refresh',
  '/api/auth/logout',
]);

/**
 * Verifies a presented access token at the edge, so a forged, expired or revoked one is turned away
 * before it costs a service anything, and the client learns to refresh (TOKEN_EXPIRED). A token whose
 * session was ended (logout) is refused as TOKEN_REVOKED for the rest of its life: the gateway is where
 * revocation is enforced (ADR 0007). Guests pass; services verify again themselves (signature and
 * expiry) and decide what a guest may do.
 */
export function checkAccessToken(verify: AccessTokenVerifier, revoked: RevokedSessions): RequestHandler {
  return (req, res, next) => {
    if (SESSION_PATHS.has(req.path)) return next();
    const token = readAccessToken(req);
    if (!token) return next();
    try {
      // Session renewal has verified this very token when the request came with a refresh cookie.
      req.user ??= verify(token);
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError)
        return sendJsonError(res, 401, 'TOKEN_EXPIRED', 'Your session has expired. Please log in again.');
      return sendJsonError(res, 401, 'TOKEN_INVALID', 'Your session is not valid. Please log in again.');
    }
    if (req.user.sessionId && revoked.has(req.user.sessionId)) {
      req.user = undefined;
      return sendJsonError(res, 401, 'TOKEN_REVOKED', 'Your session has ended. Please log in again.');
    }
    next();
  };
}
