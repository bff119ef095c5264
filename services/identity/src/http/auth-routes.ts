import { Router, type CookieOptions, type Response } from 'express';
import type { RegisterResponse } from '@campus/contracts/identity';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  currentUser,
  readCookie,
  requireUser,
} from '@campus/service-kit/auth';
import { AppError } from '@campus/service-kit/errors';
import type { IdentityConfig } from '../config';
import { toLoginResponse, type Accounts } from '../domain/accounts';
import type { SessionTokens, Sessions } from '../domain/sessions';
import { loginLimits, signUpLimits } from './auth-limits';

const REFRESH_PATH = '/api/auth';

export function createAuthRoutes(deps: {
  accounts: Accounts;
  sessions: Sessions;
  config: IdentityConfig;
  /** The service's clock: limit windows open and close on it. */
  now: () => Date;
}): Router {
  const { accounts, sessions, config, now } = deps;
  const router = Router();
  const cookieBase: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: config.COOKIE_SECURE };

  const setSessionCookies = (res: Response, tokens: SessionTokens) => {
    res.cookie(ACCESS_COOKIE, tokens.accessToken, {
      ...cookieBase,
      path: '/',
      maxAge: tokens.accessTtlSeconds * 1000,
    });
    res.cookie(REFRESH_COOKIE, tokens.refreshToken, {
      ...cookieBase,
      path: REFRESH_PATH,
      maxAge: tokens.refreshTtlSeconds * 1000,
    });
  };
  const clearSessionCookies = (res: Response) => {
    res.clearCookie(ACCESS_COOKIE, { ...cookieBase, path: '/' });
    res.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: REFRESH_PATH });
  };
  // Limits keyed so a campus behind one NAT address is not locked out (ADR 0005).
  const signUpLimited = signUpLimits(config, now);
  const loginLimited = loginLimits(config, now);

  router.post('/api/auth/register', ...signUpLimited, async (req, res) => {
    const user = await accounts.register(req.body);
    const body: RegisterResponse = { success: true, message: 'Registration successful', user };
    res.status(201).json(body);
  });

  router.post('/api/auth/login', ...loginLimited, async (req, res) => {
    const user = await accounts.authenticate(req.body);
    setSessionCookies(res, await sessions.start({ id: user.id, name: user.name, isTeacher: user.isTeacher }));
    res.json(toLoginResponse(user));
  });

  router.post('/api/auth/refresh', async (req, res) => {
    try {
      setSessionCookies(res, await sessions.refresh(readCookie(req, REFRESH_COOKIE)));
    } catch (err) {
      // A lost race keeps the cookies: the winning response has just set the new ones.
      if (!(err instanceof AppError && err.code === 'REFRESH_RACE')) clearSessionCookies(res);
      throw err;
    }
    res.json({ success: true });
  });

  router.post('/api/auth/logout', async (req, res) => {
    await sessions.end(readCookie(req, REFRESH_COOKIE));
    clearSessionCookies(res);
    res.json({ success: true });
  });

  router.get('/api/auth/me', requireUser, async (req, res) => {
    const user = await accounts.findById(currentUser(req).id);
    if (!user) throw AppError.unauthenticated();
    res.json(toLoginResponse(user));
  });

  return router;
}
