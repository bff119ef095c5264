import { z } from 'zod';
import { REPORT_HIDE_THRESHOLD_DEFAULT, REPORTS_PER_HOUR_DEFAULT } from '@campus/contracts/moderation-rules';
import { baseEnv } from '@campus/service-kit/config';

/** What the moderation service reads from its environment (docs/configuration.md lists it). */
export const ModerationConfig = z.object({
  ...baseEnv,
  REPORT_HIDE_THRESHOLD: z.coerce
    .number()
    .min(1)
    .max(100)
    .default(REPORT_HIDE_THRESHOLD_DEFAULT)
    .describe(
      'How many different users (weighted: a reporter whose reports were mostly dismissed counts half) must report an item before it is hidden until a teacher looks.',
    ),
  REPORTS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(REPORTS_PER_HOUR_DEFAULT)
    .describe(
      'How many reports one user may make in an hour; the next is 429 with Retry-After (so a few accounts cannot hide everything).',
    ),
});
export type ModerationConfig = z.infer<typeof ModerationConfig>;
