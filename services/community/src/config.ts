import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

/** What the community service reads from its environment (docs/configuration.md lists it). */
export const CommunityConfig = z.object({ ...baseEnv });
export type CommunityConfig = z.infer<typeof CommunityConfig>;
