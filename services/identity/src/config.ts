import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const IdentityConfig = z.object({
  ...baseEnv,
  JWT_PRIVATE_KEY: z.string().min(1, 'the PEM private key that signs access tokens is required'),
  TEACHER_CODE: z.string().trim().min(6, 'must be at least 6 characters'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(3600)
    .default(30 * 24 * 3600),
  COOKIE_SECURE: flag.default(true),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1024 && (n & (n - 1)) === 0, 'must be a power of two >= 1024')
    .default(2 ** 15),
  LOGIN_ATTEMPTS_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  LOGIN_ATTEMPTS_PER_CLIENT_15_MIN: z.coerce.number().int().min(1).default(100),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
});
export type IdentityConfig = z.infer<typeof IdentityConfig>;
