import { z } from 'zod';
import { baseEnv, publicOriginEnv } from '@campus/service-kit/config';

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
  PUBLIC_ORIGIN: publicOriginEnv,
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
