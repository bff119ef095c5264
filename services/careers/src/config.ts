import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

/** What the careers service reads from its environment (docs/configuration.md lists it). */
export const CareersConfig = z.object({ ...baseEnv });
export type CareersConfig = z.infer<typeof CareersConfig>;
