import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

/** What the example service reads from its environment (docs/configuration.md lists it). */
export const ExampleConfig = z.object({ ...baseEnv });
export type ExampleConfig = z.infer<typeof ExampleConfig>;
