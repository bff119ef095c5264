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

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
