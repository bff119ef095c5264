import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

export const ProfileConfig = z.object({ ...baseEnv });
export type ProfileConfig = z.infer<typeof ProfileConfig>;
