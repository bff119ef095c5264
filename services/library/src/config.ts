import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

export const LibraryConfig = z.object({
  ...baseEnv,
  BOOK_UPLOADS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(
      'PDFs one user may upload to the library in any hour, used by a book or not; then 429 UPLOAD_QUOTA_EXCEEDED with Retry-After.',
    ),
  BOOK_UPLOAD_MB_PER_DAY: z.coerce
    .number()
    .min(1)
    .default(100)
    .describe(
      'Megabytes of PDFs (and their previews) one user may add to the library in any 24 hours; then 429 UPLOAD_QUOTA_EXCEEDED with Retry-After.',
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
export type LibraryConfig = z.infer<typeof LibraryConfig>;
