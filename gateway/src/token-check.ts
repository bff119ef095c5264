import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { createAccessTokenVerifier, readAccessToken } from '@campus/service-kit/auth';
import { sendJsonError } from './json-error';

/**
 * Verifies a presented access token at the edge, so a forged or expired one is turned away before it
 * costs a service anything, and the client learns to refresh (TOKEN_EXPIRED). Guests pass; services
 * verify again themselves and decide what a guest may do. /api/auth is exempt: that is where a stale
 * session is refreshed or ended.
 */
export function checkAccessToken(publicKey: string): RequestHandler {
  const verify = createAccessTokenVerifier(publicKey);
  return (req, res, next) => {
    if (req.path.startsWith('/api/auth/')) return next();
    const token = readAccessToken(req);
    if (!token) return next();
    try {
      req.user = verify(token);
      next();
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError)
        return sendJsonError(res, 401, 'TOKEN_EXPIRED', 'Your session has expired. Please log in again.');
      sendJsonError(res, 401, 'TOKEN_INVALID', 'Your session is not valid. Please log in again.');
    }
  };
}
