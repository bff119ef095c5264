export interface ValidationIssue {
  path: string;
  message: string;
}

/** Every failed call, whatever went wrong: the HTTP status and the platform's stable error code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ValidationIssue[] = [],
  ) {
    super(message);
  }
}

/** Status 0: the request never got an HTTP answer (offline, DNS, aborted connection). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/**
 * The code of an answer whose body named no error code (not the platform's ErrorBody: a proxy's page,
 * an empty 500): `HTTP_<status>`, its message the status text.
 */
export function unnamedErrorCode(status: number): string {
  return `HTTP_${status}`;
}

/**
 * The request got nothing a user can act on: no HTTP answer (status 0), or a server failure (5xx)
 * whose body named no error. A screen shows its own fallback message then.
 */
export function isUnansweredFailure(error: ApiError): boolean {
  return error.status === 0 || (error.status >= 500 && error.code === unnamedErrorCode(error.status));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Whether asking again can help: no answer (status 0), a timeout (408), too many requests (429) or
 * a server failure (5xx), and anything that is not an API error. A 400/404 is "not found" and a
 * 401/403 a refusal: the same request gets the same answer, so a screen offers a way back, not a retry.
 */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
