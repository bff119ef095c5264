import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

/** What the events service reads from its environment (docs/configuration.md lists it). */
export const EventsConfig = z.object({ ...baseEnv });
export type EventsConfig = z.infer<typeof EventsConfig>;
