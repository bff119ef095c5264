import type { NextFunction, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import type { UserId } from '@campus/contracts/common';
import { AppError } from './errors';

/** The signed-in user as every service sees it, taken from the verified access token only. */
export interface AuthUser {
  id: UserId;
  name: string;
  isTeacher: boolean;
  /**
   * The session (login) the token belongs to, when the token names one (claim `sid`): what logout
   * revokes, and what the gateway checks against identity's revocations (ADR 0007).
   */
  sessionId?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
    /** Why a presented token was not accepted, so a protected route can say "expired" and the client refreshes. */
    authFailure?: 'TOKEN_EXPIRED' | 'TOKEN_INVALID';
  }
}

export const ACCESS_COOKIE = 'cc_access';
export const REFRESH_COOKIE = 'cc_refresh';
export const TOKEN_ISSUER = 'campus-identity';
export const TOKEN_AUDIENCE = 'campus';
export const TOKEN_ALGORITHM = 'ES256';

interface AccessClaims {
  sub: string;
  name: string;
  tch: boolean;
  sid?: string;
  exp?: number;
}

export type AccessTokenVerifier = (token: string) => AuthUser;

export function createAccessTokenVerifier(publicKeyPem: string): AccessTokenVerifier {
  return (token) => {
    const claims = jwt.verify(token, publicKeyPem, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    }) as Partial<AccessClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.name !== 'string')
      throw new jwt.JsonWebTokenError('malformed claims');
    // jsonwebtoken checks `exp` only when it is present: a token signed without one would never lapse.
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp))
      throw new jwt.JsonWebTokenError('the token has no expiry');
    return {
      id: claims.sub,
      name: claims.name,
      isTeacher: claims.tch === true,
      ...(typeof claims.sid === 'string' && claims.sid ? { sessionId: claims.sid } : {}),
    };
  };
}

export function signAccessToken(user: AuthUser, privateKeyPem: string, ttlSeconds: number): string {
  const claims: AccessClaims = {
    sub: user.id,
    name: user.name,
    tch: user.isTeacher,
    ...(user.sessionId ? { sid: user.sessionId } : {}),
  };
  return jwt.sign(claims, privateKeyPem, {
    algorithm: TOKEN_ALGORITHM,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

/**
 * A cookie's value only when it is a plain string: cookie-parser turns `j:`-prefixed values into JSON
 * objects, which must never reach code that expects a token.
 */
export function readCookie(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Reads the access token from the session cookie (browsers) or a Bearer header (tools, tests). */
export function readAccessToken(req: Request): string | undefined {
  const cookie = readCookie(req, ACCESS_COOKIE);
  if (cookie) return cookie;
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** Sets `req.user` when a valid token is presented; a guest passes through as a guest. */
export function authenticate(verify: AccessTokenVerifier): RequestHandler {
  return (req, _res, next) => {
    const token = readAccessToken(req);
    if (token) {
      try {
        req.user = verify(token);
      } catch (err) {
        req.authFailure = err instanceof jwt.TokenExpiredError ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID';
      }
    }
    next();
  };
}

function signedInUser(req: Request): AuthUser {
  if (req.user) return req.user;
  if (req.authFailure === 'TOKEN_EXPIRED')
    throw AppError.unauthenticated('Your session has expired. Please log in again.', 'TOKEN_EXPIRED');
  throw AppError.unauthenticated();
}

export const requireUser: RequestHandler = (req: Request, _res: Response, next: NextFunction) => {
  signedInUser(req);
  next();
};

export const requireTeacher: RequestHandler = (req, _res, next) => {
  if (!signedInUser(req).isTeacher) throw AppError.forbidden('Only teachers can do this.');
  next();
};

/** For paths like /x/{userId} that name private data: only that user may read them. */
export function requireSelf(param: string): RequestHandler {
  return (req, _res, next) => {
    if (signedInUser(req).id !== req.params[param])
      throw AppError.forbidden('You can only access your own data.');
    next();
  };
}

/** The signed-in user in a handler that sits behind requireUser. */
export function currentUser(req: Request): AuthUser {
  return signedInUser(req);
}
