import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

/** What the events service reads from its environment (docs/configuration.md lists it). */
export const EventsConfig = z.object({
  ...baseEnv,
  POSTER_UPLOADS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      'Posters one user may upload in any hour, used by an event or not; then 429 UPLOAD_QUOTA_EXCEEDED with Retry-After.',
    ),
  POSTER_STORAGE_MB_PER_DAY: z.coerce
    .number()
    .min(1)
    .default(20)
    .describe(
      'Megabytes of stored poster variants one user may add in any 24 hours; then 429 UPLOAD_QUOTA_EXCEEDED with Retry-After.',
    ),
  PUBLIC_ORIGIN: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .url({
          protocol: /^https?$/,
          error: 'PUBLIC_ORIGIN must be an http(s) origin (https://campus.example)',
        })
        .refine((value) => new URL(value).pathname === '/', 'PUBLIC_ORIGIN must be an origin, without a path')
        .transform((value) => new URL(value).origin)
        .default('http://localhost:8080'),
    )
    .describe(
      'The origin users open (https://campus.example): calendar entries (.ics) link to their event on it, and their UIDs end with its host.',
    ),
  ANNOUNCE_CHECK_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(300_000)
    .default(60_000)
    .describe(
      'How often each replica checks whether the job that announces items from before moderation to the moderation service is due (ms; the job runs at most once a minute).',
    ),
});
export type EventsConfig = z.infer<typeof EventsConfig>;
