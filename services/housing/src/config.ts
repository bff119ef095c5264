import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

/** What the housing service reads from its environment (docs/configuration.md lists it). */
export const HousingConfig = z.object({ ...baseEnv });
export type HousingConfig = z.infer<typeof HousingConfig>;
