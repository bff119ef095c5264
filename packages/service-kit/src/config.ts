import { z } from 'zod';

export class ConfigError extends Error {
  constructor(service: string, problems: string[]) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads a service's configuration from the environment through a zod schema, once, at boot.
 * A bad or missing value stops start-up with every problem listed, never a half-configured service.
 */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    service,
    result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
  );
}

/** Shared env fields every service understands. */
export const baseEnv = {
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .describe('TCP port the process listens on (0: any free port).'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Least severe log level written (JSON lines on stdout).'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe("The service's own PostgreSQL database; unset: embedded PGlite."),
  AMQP_URL: z
    .url({ protocol: /^amqps?$/ })
    .optional()
    .describe('RabbitMQ for events; unset: the in-process bus (one process only).'),
  JWT_PUBLIC_KEY: z
    .string()
    .min(1, 'the PEM public key that verifies access tokens is required')
    .describe('PEM public key (ES256) that verifies access tokens.'),
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpointEnv(),
};

/** An empty value (`PUBLIC_ORIGIN=` in an env file, compose's `${X:-}`) is unset, not a bad value. */
function blankAsUnset(value: unknown) {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/**
 * `OTEL_EXPORTER_OTLP_ENDPOINT`, read by every service and the gateway alike (tracing.ts, ADR 0122):
 * set, traces are exported by OTLP/HTTP to `<endpoint>/v1/traces`; unset, no spans are made.
 */
function otlpEndpointEnv() {
  return z
    .preprocess(
      blankAsUnset,
      z
        .url({
          protocol: /^https?$/,
          error: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (http://otel-collector:4318)',
        })
        .optional(),
    )
    .describe(
      'OpenTelemetry collector (http://otel-collector:4318): traces are sent there by OTLP/HTTP (the other OTEL_EXPORTER_OTLP_* variables apply). Unset: no traces are made.',
    );
}

/** Where a service's links point when nothing says otherwise: the embedded runner's gateway. */
export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';

/**
 * `PUBLIC_ORIGIN` for a service whose links leave the browser (emails, calendar files): the origin
 * users open, without a path, as `https://host[:port]`. One definition, so every service that reads
 * it describes it the same (docs/configuration.md has one row for it).
 */
export const publicOriginEnv = z
  .preprocess(
    blankAsUnset,
    z
      .url({
        protocol: /^https?$/,
        error: 'PUBLIC_ORIGIN must be an http(s) origin (https://campus.example)',
      })
      .refine((value) => new URL(value).pathname === '/', 'PUBLIC_ORIGIN must be an origin, without a path')
      .transform((value) => new URL(value).origin)
      .default(DEFAULT_PUBLIC_ORIGIN),
  )
  .describe(
    'The origin users open (https://campus.example): links that leave the browser (emails and their unsubscribe links, calendar entries) are absolute on it.',
  );
