import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type RateLimitInfo } from 'express-rate-limit';
import type { z } from 'zod';
import { DeleteAccountRequest, LoginRequest, RegisterRequest } from '@campus/contracts/identity';
import { AppError, validationError } from '@campus/service-kit/errors';
import type { IdentityConfig } from '../config';
import { ClockedMemoryStore } from './clocked-memory-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long an address stays known for an account after a correct login from it (ADR 0005). */
const KNOWN_SIGN_IN_MS = 30 * DAY;

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

/** One account from one address: the key of the per-address-account budget and of a known sign-in. */
const addressAccount = (req: Request): string | undefined => {
  const email = loginEmail(req);
  return email && `${clientKey(req)}|${email}`;
};

/** A login refused at the password check (a wrong password or an unknown email): the only failure counted. */
const passwordRefused = (status: number) => status === 401;

/** A ClockedMemoryStore used as a set of keys that expire `windowMs` after they were first added. */
function expiringSet(now: () => Date, windowMs: number) {
  const store = new ClockedMemoryStore(now);
  store.init({ windowMs } as Options);
  return {
    has: (key: string) => store.get(key) !== undefined,
    /** Adds the key; true if it was not there. */
    add: (key: string) => store.increment(key).totalHits === 1,
  };
}

/**
 * Validates the body with the route's own schema before any limit sees it: a malformed request is a 400
 * that costs the sender nothing to send, so it must not spend a budget its victims share (issue 22 §3).
 * The route parses the body again after the limits (parsing is idempotent and cheap next to a hash).
 */
function validBodyFirst(schema: z.ZodType): RequestHandler {
  return (req, _res, next) => {
    const parsed = schema.safeParse(req.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    next();
  };
}

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
  return [
    validBodyFirst(RegisterRequest),
    ...enforce(
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
    ),
  ];
}

/**
 * Login: only logins refused at the password check count (401), so students who type their password
 * right never spend a budget, and malformed requests (400, refused before any limit) spend none.
 * A high ceiling per address over all accounts (password spraying) comes first, so an address over it
 * is refused before the per-account limits keep anything for it; then per account from one address,
 * then per account from everywhere (an account under attack is locked, for that account only).
 *
 * The address ceiling counts accounts, not guesses: an account's failures from one address charge it
 * once a window (guessing one account is the per-account limits' job), and an account that signed in
 * correctly from this address within 30 days is not held by it at all, only by its own limits. So a
 * flood of wrong passwords from a campus address neither locks out a student who has signed in from it
 * before, nor, unless it spans the ceiling's count of distinct accounts, anyone else (ADR 0005).
 */
export function loginLimits(config: IdentityConfig, now: () => Date): RequestHandler[] {
  const accountMessage = (when: string) =>
    `Too many failed logins for this account. Please wait and try again ${when}.`;
  const chargedToAddress = expiringSet(now, 15 * MINUTE);
  const knownSignIns = expiringSet(now, KNOWN_SIGN_IN_MS);
  const rememberSignIn: RequestHandler = (req, res, next) => {
    res.once('finish', () => {
      const key = addressAccount(req);
      if (res.statusCode === 200 && key && !knownSignIns.has(key)) knownSignIns.add(key);
    });
    next();
  };
  return [
    validBodyFirst(LoginRequest),
    rememberSignIn,
    ...enforce(
      [
        {
          name: 'failed-logins-per-address',
          windowMs: 15 * MINUTE,
          limit: config.LOGIN_ATTEMPTS_PER_CLIENT_15_MIN,
          counts: 'failures',
          key: clientKey,
          publicBudget: true,
          skip: (req) => {
            const key = addressAccount(req);
            return key !== undefined && knownSignIns.has(key);
          },
          // Charged once per account a window: the first refused password for it from this address.
          succeeded: (req, status) => {
            const key = addressAccount(req);
            return !(passwordRefused(status) && key !== undefined && chargedToAddress.add(key));
          },
          message: (when) => `Too many failed logins from this network. Please wait and try again ${when}.`,
        },
        {
          name: 'failed-logins-per-address-account',
          windowMs: 15 * MINUTE,
          limit: config.LOGIN_ATTEMPTS_PER_15_MIN,
          counts: 'failures',
          key: addressAccount,
          succeeded: (_req, status) => !passwordRefused(status),
          message: accountMessage,
        },
        {
          name: 'failed-logins-per-account',
          windowMs: 15 * MINUTE,
          limit: config.LOGIN_ATTEMPTS_PER_ACCOUNT_15_MIN,
          counts: 'failures',
          key: loginEmail,
          succeeded: (_req, status) => !passwordRefused(status),
          message: accountMessage,
        },
      ],
      now,
    ),
  ];
}

/**
 * Account deletion asks for the password again: wrong passwords count against the signed-in account
 * with the same budget as its failed logins, so an open session cannot be used to guess the password.
 */
export function accountDeletionLimits(config: IdentityConfig, now: () => Date): RequestHandler[] {
  return [
    validBodyFirst(DeleteAccountRequest),
    ...enforce(
      [
        {
          name: 'wrong-passwords-to-delete-per-account',
          windowMs: 15 * MINUTE,
          limit: config.LOGIN_ATTEMPTS_PER_ACCOUNT_15_MIN,
          counts: 'failures',
          key: (req) => req.user?.id,
          succeeded: (_req, status) => status !== 403,
          message: (when) => `Too many wrong passwords. Please wait and try again ${when}.`,
        },
      ],
      now,
    ),
  ];
}
