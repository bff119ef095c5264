import type { CookieOptions, Response } from 'express';
import {
  DeleteAccountRequest,
  DeleteAccountResponse,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  SuccessResponse,
} from '@campus/contracts/identity';
import { ACCESS_COOKIE, REFRESH_COOKIE, readCookie } from '@campus/service-kit/auth';
import { ACCOUNT_DELETED_MESSAGE } from '@campus/contracts/identity-rules';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { personalDataExportRoute } from '@campus/service-kit/personal-data';
import { AppError } from '@campus/service-kit/errors';
import type { IdentityConfig } from '../config';
import type { AccountDeletion } from '../domain/account-deletion';
import { toLoginResponse, type Accounts } from '../domain/accounts';
import type { SessionTokens, Sessions } from '../domain/sessions';
import { accountDeletionLimits, loginLimits, signUpLimits } from './auth-limits';

/**
 * The refresh cookie reaches every /api request, so the gateway can renew a lapsed session for a
 * client that never calls /api/auth/refresh (the spec's); the gateway strips it before any service
 * but identity's refresh and logout sees a request (ADR 0007).
 */
const REFRESH_PATH = '/api';
/** Where the refresh cookie lived before: a browser may still hold one there; it is cleared on rotation. */
const OLD_REFRESH_PATH = '/api/auth';

export function createAuthRoutes(deps: {
  accounts: Accounts;
  sessions: Sessions;
  deletion: AccountDeletion;
  config: IdentityConfig;
  /** The service's clock: limit windows open and close on it. */
  now: () => Date;
}): AnyRoute[] {
  const { accounts, sessions, deletion, config, now } = deps;
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
    // Else the browser would keep sending the old-path cookie, consumed now, to /api/auth ahead of this one.
    res.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: OLD_REFRESH_PATH });
  };
  const clearSessionCookies = (res: Response) => {
    res.clearCookie(ACCESS_COOKIE, { ...cookieBase, path: '/' });
    res.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: REFRESH_PATH });
    res.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: OLD_REFRESH_PATH });
  };

  return [
    defineRoute({
      method: 'post',
      path: '/api/auth/register',
      operationId: 'register',
      summary: 'Create an account (teachers give the faculty code)',
      access: 'public',
      // Limits keyed so a campus behind one NAT address is not locked out (ADR 0005).
      before: signUpLimits(config, now),
      request: { body: RegisterRequest },
      response: { status: 201, description: 'Registered', body: RegisterResponse },
      errors: { 409: 'An account with this email already exists (EMAIL_TAKEN).' },
      handler: async ({ body }) => ({
        success: true as const,
        message: 'Registration successful',
        user: await accounts.register(body),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/login',
      operationId: 'login',
      summary: 'Sign in; sets the session cookies',
      access: 'public',
      before: loginLimits(config, now),
      request: { body: LoginRequest },
      response: { description: 'The user record with isFirstTime', body: LoginResponse },
      handler: async ({ body, res }) => {
        const user = await accounts.authenticate(body);
        setSessionCookies(
          res,
          await sessions.start({ id: user.id, name: user.name, isTeacher: user.isTeacher }),
        );
        return toLoginResponse(user);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/refresh',
      operationId: 'refreshSession',
      summary: 'Rotate the refresh token (cookie) and issue a new access token',
      access: 'public',
      response: { description: 'New cookies set', body: SuccessResponse },
      handler: async ({ req, res }) => {
        try {
          setSessionCookies(res, await sessions.refresh(readCookie(req, REFRESH_COOKIE)));
        } catch (err) {
          // A lost race keeps the cookies: the winning response has just set the new ones.
          if (!(err instanceof AppError && err.code === 'REFRESH_RACE')) clearSessionCookies(res);
          throw err;
        }
        return { success: true as const };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/logout',
      operationId: 'logout',
      summary: 'End the session on every device it reached',
      access: 'public',
      response: { description: 'Signed out', body: SuccessResponse },
      handler: async ({ req, res, user }) => {
        // The refresh cookie's session, and the access token's (a client may hold only one of them).
        await sessions.end(readCookie(req, REFRESH_COOKIE), user);
        clearSessionCookies(res);
        return { success: true as const };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/auth/me',
      operationId: 'getSession',
      summary: 'The signed-in user',
      access: 'user',
      response: { description: 'The user record with isFirstTime', body: LoginResponse },
      handler: async ({ user }) => {
        const account = await accounts.findById(user.id);
        if (!account) throw AppError.unauthenticated();
        return toLoginResponse(account);
      },
    }),
    // Ends every session at once (the access token is refused at the gateway within a second), deletes
    // the account, clears the cookies and publishes identity.user.deleted: each service then removes or
    // anonymises what it holds (`contributions`: what the user wrote goes, or stays as "Deleted user").
    defineRoute({
      method: 'delete',
      path: '/api/me',
      operationId: 'deleteAccount',
      summary: 'Delete my account (password again); every service then forgets me',
      access: 'user',
      before: accountDeletionLimits(config, now),
      request: { body: DeleteAccountRequest },
      response: { description: 'Deleted and signed out', body: DeleteAccountResponse },
      errors: {
        403: 'The password is wrong (WRONG_PASSWORD); nothing was deleted.',
        429: 'Too many wrong passwords for this account (RATE_LIMITED).',
      },
      handler: async ({ body, user, res }) => {
        await deletion.deleteAccount(user, body);
        clearSessionCookies(res);
        return { success: true as const, message: ACCOUNT_DELETED_MESSAGE };
      },
    }),
    // Identity does not consume its own identity.user.deleted (it deletes the row itself), so it
    // declares the kit's export route directly instead of returning personalData.
    personalDataExportRoute(
      'identity',
      { export: (user) => deletion.exportAccount(user), forget: async () => {} },
      now,
    ),
  ];
}
