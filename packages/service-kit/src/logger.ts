import pino, { type Logger } from 'pino';
import { traceLogFields } from './tracing';

export type { Logger };

/**
 * Errors are logged with their message, code and cause, but a failed query's bound parameters are
 * dropped: they hold user data (a password hash in a failed insert, for one).
 */
export function serializeError(err: unknown): Record<string, unknown> {
  const base = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  const e = err as { query?: unknown; params?: unknown; cause?: { code?: unknown; message?: unknown } };
  if (e && typeof e === 'object' && 'params' in e) {
    const { params: _params, message: _message, stack, ...rest } = base;
    return {
      ...rest,
      // The stack's first lines repeat the message (and so the parameters): keep only the frames.
      stack: String(stack ?? '')
        .split('\n')
        .filter((l) => l.trimStart().startsWith('at '))
        .join('\n'),
      message: typeof e.query === 'string' ? `query failed: ${e.query}` : 'query failed',
      cause: e.cause ? { code: e.cause.code, message: e.cause.message } : undefined,
    };
  }
  return base;
}

/** JSON logs to stdout (one line an event); `service` on every line so a shared log stays readable. */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  /** Where lines go; stdout by default (tests read them). */
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    // The active span's trace_id and span_id when tracing (tracing.ts): a log line finds its trace.
    mixin: traceLogFields,
    serializers: { err: serializeError },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
