import { z } from 'zod';
import {
  PLEDGE_MAX,
  PLEDGE_MIN,
  PLEDGE_USER_GOAL_PERCENT,
  PLEDGES_PER_USER_PER_HOUR,
} from '@campus/contracts/community-rules';
import { baseEnv } from '@campus/service-kit/config';

/** What the community service reads from its environment (docs/configuration.md lists it). */
export const CommunityConfig = z.object({
  ...baseEnv,
  // What one person may add to a campaign's public total (docs/community.md, issue 22 §4).
  PLEDGE_USER_TOTAL_MAX: z.coerce
    .number()
    .int()
    .min(PLEDGE_MIN)
    .default(PLEDGE_MAX)
    .describe('The most one user may pledge to one campaign, all pledges together, in rupees.'),
  PLEDGE_USER_GOAL_PERCENT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(PLEDGE_USER_GOAL_PERCENT)
    .describe("The most one user may pledge to one campaign, as a percent of the campaign's goal."),
  PLEDGES_PER_USER_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(PLEDGES_PER_USER_PER_HOUR)
    .describe('Pledges one user may record per hour, over all campaigns.'),
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
export type CommunityConfig = z.infer<typeof CommunityConfig>;
