import { Router, type CookieOptions, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { LoginRequest, type RegisterResponse } from '@campus/contracts/identity';
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

const REFRESH_PATH = '/api/auth';

/** The account a login attempt is for, normalised as login normalises it, so spacing or case buys no new budget. */
function loginEmailKey(body: unknown): string {
  const email = LoginRequest.shape.email.safeParse((body as { email?: unknown } | undefined)?.email);
  return email.success ? email.data : '(invalid)';
}

export function createAuthRoutes(deps: {
  accounts: Accounts;
  sessions: Sessions;
  config: IdentityConfig;
}): Router {
  const { accounts, sessions, config } = deps;
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
  const limited = (message: string) => () => {
    throw new AppError(429, 'RATE_LIMITED', message);
  };

  // Failed logins are counted per client and account (so one attacker cannot lock out everyone behind
  // a NAT), and per client over all accounts (so spraying one password across many emails is bounded).
  const failedLogins = (limit: number, key: (req: Request) => string) =>
    rateLimit({
      windowMs: 15 * 60 * 1000,
      limit,
      skipSuccessfulRequests: true,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: key,
      handler: limited('Too many login attempts. Please wait a few minutes and try again.'),
    });
  const clientKey = (req: Request) => ipKeyGenerator(req.ip ?? '');
  const loginLimiters = [
    failedLogins(config.LOGIN_ATTEMPTS_PER_15_MIN, (req) => `${clientKey(req)}|${loginEmailKey(req.body)}`),
    failedLogins(config.LOGIN_ATTEMPTS_PER_CLIENT_15_MIN, clientKey),
  ];
  const registerLimiter = rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: config.REGISTRATIONS_PER_HOUR,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: limited('Too many registrations from this address. Please try again later.'),
  });

  router.post('/api/auth/register', registerLimiter, async (req, res) => {
    const user = await accounts.register(req.body);
    const body: RegisterResponse = { success: true, message: 'Registration successful', user };
    res.status(201).json(body);
  });

  router.post('/api/auth/login', ...loginLimiters, async (req, res) => {
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
