import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs to stdout (one line an event); `service` on every line so a shared log stays readable. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
  });
}
