import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { humanIssueMessage } from '@campus/contracts/field-messages';
import type { Logger } from 'pino';

/** A failure the client is told about: HTTP status, a stable machine code and a human message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ReadonlyArray<{ path: string; message: string }>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code = 'BAD_REQUEST') {
    return new AppError(400, code, message);
  }
  static unauthenticated(message = 'Please log in to continue.', code = 'UNAUTHENTICATED') {
    return new AppError(401, code, message);
  }
  static forbidden(message = 'You are not allowed to do this.', code = 'FORBIDDEN') {
    return new AppError(403, code, message);
  }
  static notFound(message = 'Not found.', code = 'NOT_FOUND') {
    return new AppError(404, code, message);
  }
  static conflict(message: string, code = 'CONFLICT') {
    return new AppError(409, code, message);
  }
  /** A refusal that passes with time (a quota, a busy worker): answered with Retry-After. */
  static retryLater(status: 429 | 503, code: string, message: string, retryAfterSeconds: number) {
    const error = new AppError(status, code, message);
    error.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }

  /** Seconds after which trying again may succeed: sent as the Retry-After header. */
  retryAfter?: number;
}

export interface ErrorBody {
  success: false;
  message: string;
  code: string;
  issues?: ReadonlyArray<{ path: string; message: string }>;
}

/**
 * Turns a zod failure into the one validation error shape; the first issue's message leads. Every
 * message is a sentence naming its field ("Title must be at most 200 characters.", contracts'
 * humanIssueMessage); the messages the schemas wrote on purpose pass unchanged.
 */
export function validationError(error: ZodError): AppError {
  const issues = error.issues.map((i) => ({
    path: i.path.join('.'),
    message: humanIssueMessage({
      path: i.path,
      message: i.message,
      code: i.code,
      origin: 'origin' in i ? String(i.origin) : undefined,
      maximum: 'maximum' in i ? (i.maximum as number | bigint) : undefined,
      minimum: 'minimum' in i ? (i.minimum as number | bigint) : undefined,
    }),
  }));
  return new AppError(400, 'VALIDATION_FAILED', issues[0]?.message ?? 'Invalid input.', issues);
}

/** PostgreSQL refusals caused by the value itself (NUL byte in text, bad encoding, malformed literal). */
const BAD_VALUE_CODES = new Set(['22021', '22P02', '22P05', '22001', '22003', '22007', '22008']);

function postgresCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  )
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return validationError(err);
  const pgCode = postgresCode(err);
  if (pgCode && BAD_VALUE_CODES.has(pgCode))
    return new AppError(400, 'INVALID_VALUE', 'The request contains a value that cannot be stored.');
  // The router could not decode a %-escape in a path parameter (`/api/book/%E0%A4%A/status`).
  if (err instanceof URIError)
    return new AppError(400, 'MALFORMED_PATH', 'The address contains a malformed %-escape.');
  // body-parser and friends tag their errors with `type` and `status`.
  const e = err as { type?: string; status?: number } | null;
  if (e?.type === 'entity.parse.failed')
    return new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
  if (e?.type === 'entity.too.large')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
  // A body declared compressed that does not inflate: zlib's Z_* codes (gzip, deflate) and Brotli's
  // ERR__ERROR_* / ERR_BROTLI_* (body-parser 2 inflates `br` too, and tags neither with a type).
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(?:Z_|ERR__ERROR_|ERR_BROTLI|ERR_ZSTD|ZSTD_)/.test(code))
    return new AppError(
      400,
      'BODY_NOT_DECOMPRESSIBLE',
      'The request body could not be decompressed: it does not match its Content-Encoding.',
    );
  // Any other client error a body parser (http-errors) raised: its status, never a 500.
  const exposed = (err as { expose?: unknown } | null)?.expose === true;
  if ((e?.type || exposed) && typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
    return new AppError(e.status, 'BAD_REQUEST', 'The request could not be read.');
  return undefined;
}

/** The one place errors become responses: known ones as JSON, anything else a logged, opaque 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = toAppError(err);
    const status = known?.status ?? 500;
    if (!known) (req.log ?? logger).error({ err }, 'unhandled error');
    if (res.headersSent) return;
    if (known?.retryAfter) res.setHeader('Retry-After', String(known.retryAfter));
    const body: ErrorBody = known
      ? {
          success: false,
          message: known.message,
          code: known.code,
          ...(known.issues ? { issues: known.issues } : {}),
        }
      : { success: false, message: 'Something went wrong. Please try again.', code: 'INTERNAL' };
    res.status(status).json(body);
  };
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(AppError.notFound(`No route for ${req.method} ${req.path}.`));
};
