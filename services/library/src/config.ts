import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

export const LibraryConfig = z.object({ ...baseEnv });
export type LibraryConfig = z.infer<typeof LibraryConfig>;
