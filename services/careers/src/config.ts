import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

/** What the careers service reads from its environment (docs/configuration.md lists it). */
export const CareersConfig = z.object({
  ...baseEnv,
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
export type CareersConfig = z.infer<typeof CareersConfig>;
