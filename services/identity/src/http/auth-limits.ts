import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import { LoginRequest, RegisterRequest } from '@campus/contracts/identity';
import { AppError } from '@campus/service-kit/errors';
import type { IdentityConfig } from '../config';
import { ClockedMemoryStore } from './clocked-memory-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What a limit counts. `attempts`: every request. `failures`: requests refused (4xx/5xx), so a campus
 * signing in correctly never uses the budget. `successes`: requests that did what they asked (2xx).
 */
type Counted = 'attempts' | 'failures' | 'successes';

interface Limit {
  /** Names the policy in the RateLimit headers. */
  name: string;
  windowMs: number;
  limit: number;
  counts: Counted;
  /** The bucket a request falls in; undefined: this limit does not apply (e.g. no valid email to key on). */
  key: (req: Request) => string | undefined;
  /** The 429 message; `when` reads "in 12 minutes". */
  message: (when: string) => string;
  /**
   * Whether clients see this budget in `RateLimit` headers. Only for budgets that are the client's own
   * (its address): an account's or a domain's remaining count would tell anyone about other people.
   */
  publicBudget?: boolean;
  /** Requests this limit ignores whatever their key. */
  skip?: (req: Request) => boolean;
  /** What counts as a success for `failures`/`successes` (default: status below 400). */
  succeeded?: (req: Request, status: number) => boolean;
}

/** "in 12 minutes", "in 3 hours": clearer than a count of seconds for someone at a sign-up form. */
function retryWhen(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return 'in a minute';
  if (minutes <= 90) return `in ${minutes} minutes`;
  return `in ${Math.ceil(minutes / 60)} hours`;
}

/** The client's address as a limit key: IPv4 as is, IPv6 by /56 (one household or host gets one key). */
const clientKey = (req: Request) => ipKeyGenerator(req.ip ?? '');

/** The email of a sign-up, normalised exactly as registration stores it; undefined if it is not valid. */
const signUpEmail = (req: Request): string | undefined => {
  const email = RegisterRequest.shape.email.safeParse((req.body as { email?: unknown } | undefined)?.email);
  return email.success ? email.data : undefined;
};

/** The account a login is for, normalised as login looks it up (trimmed, lower-case). */
const loginEmail = (req: Request): string | undefined => {
  const email = LoginRequest.shape.email.safeParse((req.body as { email?: unknown } | undefined)?.email);
  return email.success ? email.data : undefined;
};

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** One express-rate-limit middleware per limit, each with its own store on the service's clock. */
function enforce(limits: Limit[], now: () => Date): RequestHandler[] {
  return limits.map((l) =>
    rateLimit({
      windowMs: l.windowMs,
      limit: l.limit,
      store: new ClockedMemoryStore(now),
      keyGenerator: (req) => `${l.name}:${l.key(req) ?? ''}`,
      skip: (req) => l.key(req) === undefined || (l.skip?.(req) ?? false),
      skipSuccessfulRequests: l.counts === 'failures',
      skipFailedRequests: l.counts === 'successes',
      requestWasSuccessful: (req, res) => l.succeeded?.(req, res.statusCode) ?? res.statusCode < 400,
      standardHeaders: l.publicBudget ? 'draft-8' : false,
      legacyHeaders: false,
      identifier: l.name,
      handler: (req, res) => {
        const at = now().getTime();
        const resetAt = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime?.getTime();
        const seconds = Math.max(1, Math.ceil(((resetAt ?? at + l.windowMs) - at) / 1000));
        res.setHeader('Retry-After', String(seconds));
        throw new AppError(429, 'RATE_LIMITED', l.message(retryWhen(seconds)));
      },
    }),
  );
}

/**
 * Sign-up: the address ceilings bound what one address (a script, or a campus NAT) can create; the
 * email and domain limits bound what many addresses can do with one email or one domain; the teacher
 * code limit keeps the faculty code from being guessed at the address ceiling's pace.
 */
export function signUpLimits(config: IdentityConfig, now: () => Date): RequestHandler[] {
  return enforce(
    [
      {
        name: 'sign-ups-per-address-hour',
        windowMs: HOUR,
        limit: config.REGISTRATIONS_PER_HOUR,
        counts: 'attempts',
        key: clientKey,
        publicBudget: true,
        message: (when) => `Too many sign-ups from this network right now. Please try again ${when}.`,
      },
      {
        name: 'sign-ups-per-address-day',
        windowMs: 24 * HOUR,
        limit: config.REGISTRATIONS_PER_DAY,
        counts: 'attempts',
        key: clientKey,
        publicBudget: true,
        message: (when) => `Too many sign-ups from this network today. Please try again ${when}.`,
      },
      {
        name: 'sign-ups-per-email-hour',
        windowMs: HOUR,
        limit: config.REGISTRATIONS_PER_EMAIL_PER_HOUR,
        counts: 'attempts',
        key: signUpEmail,
        message: (when) => `Too many sign-up attempts for this email. Please try again ${when}.`,
      },
      {
        name: 'sign-ups-per-domain-hour',
        windowMs: HOUR,
        limit: config.REGISTRATIONS_PER_EMAIL_DOMAIN_PER_HOUR,
        counts: 'successes',
        key: (req) => {
          const email = signUpEmail(req);
          return email && domainOf(email);
        },
        message: (when) =>
          `Too many new accounts with this email domain right now. Please try again ${when}.`,
      },
      {
        name: 'teacher-code-failures-per-address-hour',
        windowMs: HOUR,
        limit: config.TEACHER_CODE_FAILURES_PER_HOUR,
        counts: 'failures',
        key: clientKey,
        skip: (req) => (req.body as { isTeacher?: unknown } | undefined)?.isTeacher !== true,
        // A refused teacher sign-up is a 400 (wrong code, or a field the form also checks); a taken
        // email (409) says nothing about the code.
        succeeded: (_req, status) => status !== 400,
        message: (when) => `Too many teacher sign-ups with a wrong faculty code. Please try again ${when}.`,
      },
    ],
    now,
  );
}

/**
 * Login: failed attempts only, so students who type their password right never spend a budget.
 * A high ceiling per address over all accounts (password spraying) comes first, so an address over it
 * is refused before the per-account limits keep anything for it; then per account from one address,
 * then per account from everywhere (an account under attack is locked, for that account only).
 */
export function loginLimits(config: IdentityConfig, now: () => Date): RequestHandler[] {
  const accountMessage = (when: string) =>
    `Too many failed logins for this account. Please wait and try again ${when}.`;
  return enforce(
    [
      {
        name: 'failed-logins-per-address',
        windowMs: 15 * MINUTE,
        limit: config.LOGIN_ATTEMPTS_PER_CLIENT_15_MIN,
        counts: 'failures',
        key: clientKey,
        publicBudget: true,
        message: (when) => `Too many failed logins from this network. Please wait and try again ${when}.`,
      },
      {
        name: 'failed-logins-per-address-account',
        windowMs: 15 * MINUTE,
        limit: config.LOGIN_ATTEMPTS_PER_15_MIN,
        counts: 'failures',
        key: (req) => {
          const email = loginEmail(req);
          return email && `${clientKey(req)}|${email}`;
        },
        message: accountMessage,
      },
      {
        name: 'failed-logins-per-account',
        windowMs: 15 * MINUTE,
        limit: config.LOGIN_ATTEMPTS_PER_ACCOUNT_15_MIN,
        counts: 'failures',
        key: loginEmail,
        message: accountMessage,
      },
    ],
    now,
  );
}
