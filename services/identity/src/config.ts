import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** A rate limit: how many requests its window allows. */
const limit = (fallback: number, description: string) =>
  z.coerce.number().int().min(1).default(fallback).describe(description);

export const IdentityConfig = z.object({
  ...baseEnv,
  JWT_PRIVATE_KEY: z
    .string()
    .min(1, 'the PEM private key that signs access tokens is required')
    .describe('PEM private key (ES256) that signs access tokens; only identity holds it.'),
  TEACHER_CODE: z
    .string()
    .trim()
    .min(6, 'must be at least 6 characters')
    .describe('The faculty code a teacher gives at sign-up (compared in constant time).'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(3600)
    .default(900)
    .describe('Lifetime of the access token (JWT cookie), in seconds.'),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(3600)
    .default(30 * 24 * 3600)
    .describe('Lifetime of the rotating refresh token, in seconds.'),
  COOKIE_SECURE: flag
    .default(true)
    .describe('Marks the session cookies Secure (https only); false only for plain-http development.'),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1024 && (n & (n - 1)) === 0, 'must be a power of two >= 1024')
    .default(2 ** 15)
    .describe('scrypt cost N for new password hashes (a power of two >= 1024).'),
  // Sign-up and login limits (docs/adr/0005-sign-up-and-login-limits.md). A campus shares one NAT
  // address, so per-address ceilings sit well above a term-start rush; per-account, per-email and
  // per-domain limits do the fine-grained work. "Address" is the client's IP (an IPv6 /56).
  LOGIN_ATTEMPTS_PER_15_MIN: limit(10, 'Failed logins for one account from one address, per 15 minutes.'),
  LOGIN_ATTEMPTS_PER_ACCOUNT_15_MIN: limit(
    30,
    'Failed logins for one account from all addresses together, per 15 minutes: an account under attack.',
  ),
  LOGIN_ATTEMPTS_PER_CLIENT_15_MIN: limit(
    500,
    'Accounts refused at the password check from one address, per 15 minutes (each counted once): password spraying.',
  ),
  REGISTRATIONS_PER_HOUR: limit(
    600,
    'Sign-up attempts from one address per hour (a campus rush of 300 an hour passes).',
  ),
  REGISTRATIONS_PER_DAY: limit(
    2000,
    'Sign-up attempts from one address per 24 hours: what a script on one address can create in a day.',
  ),
  REGISTRATIONS_PER_EMAIL_PER_HOUR: limit(
    10,
    'Sign-up attempts for one email (normalised: trimmed, lower-case) per hour, from any address.',
  ),
  REGISTRATIONS_PER_EMAIL_DOMAIN_PER_HOUR: limit(
    1000,
    'Accounts created per email domain per hour, from all addresses together.',
  ),
  TEACHER_CODE_FAILURES_PER_HOUR: limit(
    10,
    'Teacher sign-ups refused (wrong faculty code) from one address per hour: guessing the code.',
  ),
});
export type IdentityConfig = z.infer<typeof IdentityConfig>;
