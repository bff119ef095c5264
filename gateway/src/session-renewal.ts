import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  readAccessToken,
  readCookie,
  type AccessTokenVerifier,
} from '@campus/service-kit/auth';
import type { RevokedSessions } from './session-revocations';
import { SESSION_PATHS } from './token-check';

/** The only calls that may carry the refresh cookie on to a service: identity's rotation and logout. */
const REFRESH_COOKIE_PATHS = new Set(['/api/auth/refresh', '/api/auth/logout']);

/** What identity's rotation answered: the Set-Cookie lines for the client, and the new access token. */
type Renewal =
  { renewed: true; setCookies: string[]; accessToken: string } | { renewed: false; setCookies: string[] };

/**
 * A Cookie header without the named cookies (and, when given, with `add` appended). Pairs are kept
 * byte for byte; only whole `name=value` entries are dropped.
 */
export function rewriteCookieHeader(header: string | undefined, drop: ReadonlySet<string>, add?: string) {
  const kept = (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && !drop.has(pair.slice(0, pair.indexOf('=') >>> 0).trim()));
  if (add) kept.push(add);
  return kept.length ? kept.join('; ') : undefined;
}

const cookieValueIn = (setCookie: string, name: string): string | undefined => {
  const pair = setCookie.split(';', 1)[0] ?? '';
  const eq = pair.indexOf('=');
  if (eq < 0 || pair.slice(0, eq).trim() !== name) return undefined;
  const value = pair.slice(eq + 1).trim();
  return value ? decodeURIComponent(value) : undefined;
};

/** A response that carries a session's new cookies is never kept by a shared cache, whatever the service said. */
function keepPrivate(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!this.headersSent) this.setHeader('cache-control', 'private, no-store');
    const [, second, third] = args as unknown[];
    const headers = (typeof second === 'object' ? second : third) as Record<string, unknown> | undefined;
    if (headers && !Array.isArray(headers))
      for (const key of Object.keys(headers))
        if (key.toLowerCase() === 'cache-control') headers[key] = 'private, no-store';
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
}

/** An empty Cookie header is removed, never forwarded as undefined (which the proxy's request would refuse). */
function setCookieHeader(req: Request, header: string | undefined): void {
  if (header === undefined) delete req.headers.cookie;
  else req.headers.cookie = header;
}

function setSessionCookies(res: ServerResponse, lines: string[]): void {
  if (!lines.length) return;
  const current = res.getHeader('set-cookie');
  const existing = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  res.setHeader('set-cookie', [...existing, ...lines]);
}

/**
 * Renews a lapsed session for any API request (ADR 0007). A client written against the original spec
 * never calls /api/auth/refresh; 15 minutes after login its access cookie has lapsed (the browser
 * dropped it, or sends an expired one) while its refresh cookie, scoped to /api, still comes along.
 * The gateway then rotates the refresh token through identity (the same rotation, reuse detection
 * included, that /api/auth/refresh runs), gives the client the new cookies on this response, and
 * forwards the request with the new access token. When renewal fails, the request goes on as it came
 * (a guest, or 401 TOKEN_EXPIRED at the token check), with identity's cookie clearing if it sent one.
 *
 * One browser sends several requests with the same lapsed cookies at once, and more before the first
 * answer reaches it: they must not look like a replayed token. Renewals are single-flight per refresh
 * token, and a successful one answers every request with that token for `shareMs` afterwards (identity
 * keeps a race window of the same length for /api/auth/refresh).
 *
 * Last, the refresh cookie is taken out of every request but identity's refresh and logout: no
 * service sees it.
 */
export function renewLapsedSessions(options: {
  identityUrl: string | undefined;
  verify: AccessTokenVerifier;
  revoked: RevokedSessions;
  shareMs: number;
  timeoutMs: number;
  logger: Logger;
  now?: () => number;
  /**
   * Renewals under way at once, at most. Beyond it a request goes on as it came (the web client then
   * refreshes through /api/auth/refresh, behind the admission gate): a flood of made-up refresh
   * cookies cannot open unbounded calls to identity past that gate.
   */
  maxInFlight?: number;
}): { handler: RequestHandler; stop(): void } {
  const now = options.now ?? Date.now;
  const maxInFlight = options.maxInFlight ?? 64;
  let inFlight = 0;
  /** By refresh-token hash: a renewal under way, or one done at `doneAt` (shared for shareMs). */
  const renewals = new Map<string, { result: Promise<Renewal>; doneAt?: number }>();

  async function callIdentity(url: string, refreshToken: string, req: Request): Promise<Renewal> {
    const res = await fetch(`${url}/api/auth/refresh`, {
      method: 'POST',
      headers: {
        cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refreshToken)}`,
        'x-request-id': String(req.headers['x-request-id'] ?? ''),
        'x-forwarded-for': req.ip ?? '',
      },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await res.body?.cancel();
    const setCookies = res.headers.getSetCookie();
    const accessToken = setCookies.map((c) => cookieValueIn(c, ACCESS_COOKIE)).find(Boolean);
    if (res.ok && accessToken) return { renewed: true, setCookies, accessToken };
    return { renewed: false, setCookies };
  }

  function prune(at: number): void {
    for (const [key, entry] of renewals)
      if (entry.doneAt !== undefined && at - entry.doneAt >= options.shareMs) renewals.delete(key);
  }

  /** The renewal for this refresh token: shared, new, or undefined when too many are under way. */
  function renew(url: string, refreshToken: string, req: Request): Promise<Renewal> | undefined {
    const key = createHash('sha256').update(refreshToken).digest('base64url');
    prune(now());
    const known = renewals.get(key);
    if (known) return known.result;
    if (inFlight >= maxInFlight) return undefined;
    inFlight += 1;
    const entry: { result: Promise<Renewal>; doneAt?: number } = {
      result: callIdentity(url, refreshToken, req)
        .finally(() => {
          inFlight -= 1;
        })
        .then(
          (outcome) => {
            // Only a success is shared: a refusal is not cached, so nothing stale is ever answered.
            if (outcome.renewed) entry.doneAt = now();
            else renewals.delete(key);
            return outcome;
          },
          (err: unknown) => {
            renewals.delete(key);
            throw err;
          },
        ),
    };
    renewals.set(key, entry);
    return entry.result;
  }

  /**
   * True when the request carries a token the token check will let through; its user is kept on the
   * request, so the token check does not verify the same signature twice.
   */
  function holdsLiveSession(req: Request): boolean {
    const token = readAccessToken(req);
    if (!token) return false;
    try {
      const user = options.verify(token);
      if (user.sessionId && options.revoked.has(user.sessionId)) return false;
      req.user = user;
      return true;
    } catch {
      return false;
    }
  }

  const dropRefresh = new Set([REFRESH_COOKIE]);
  const dropSession = new Set([REFRESH_COOKIE, ACCESS_COOKIE]);

  const handler: RequestHandler = async (req, res, next) => {
    const refreshToken = readCookie(req, REFRESH_COOKIE);
    const pending =
      refreshToken && options.identityUrl && !SESSION_PATHS.has(req.path) && !holdsLiveSession(req)
        ? renew(options.identityUrl, refreshToken, req)
        : undefined;
    if (pending) {
      try {
        const outcome = await pending;
        setSessionCookies(res, outcome.setCookies);
        if (outcome.setCookies.length) keepPrivate(res);
        if (outcome.renewed) {
          // The request goes on as if the browser had sent the new access cookie itself.
          setCookieHeader(
            req,
            rewriteCookieHeader(
              req.headers.cookie,
              dropSession,
              `${ACCESS_COOKIE}=${encodeURIComponent(outcome.accessToken)}`,
            ),
          );
          (req.cookies as Record<string, unknown>)[ACCESS_COOKIE] = outcome.accessToken;
          if (req.headers.authorization?.startsWith('Bearer ')) delete req.headers.authorization;
        }
      } catch (err) {
        options.logger.warn(
          { err: err instanceof Error ? err.message : String(err), reqId: req.headers['x-request-id'] },
          'session renewal: identity did not answer; the request goes on as it came',
        );
      }
    }
    // Whatever its value (cookie-parser hides a `j:` one from readCookie), no service but identity gets it.
    if (!REFRESH_COOKIE_PATHS.has(req.path) && req.headers.cookie?.includes(REFRESH_COOKIE)) {
      setCookieHeader(req, rewriteCookieHeader(req.headers.cookie, dropRefresh));
      delete (req.cookies as Record<string, unknown>)[REFRESH_COOKIE];
    }
    next();
  };

  return { handler, stop: () => renewals.clear() };
}
