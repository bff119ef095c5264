import { z } from 'zod';
import { EVENT_STREAM_DEFAULTS } from '@campus/service-kit/event-stream';

/** The live stream's settings, part of the service's configuration (config.ts). */
export const streamEnv = {
  STREAM_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(120_000)
    .default(EVENT_STREAM_DEFAULTS.heartbeatMs)
    .describe(
      'How often an open notification stream (GET /api/notifications/stream) sends a `: ping` comment, so proxies and browsers keep it open (ms).',
    ),
};
