import { ApiError } from '../src/api-error';
import { createQueryClient } from '../src/query-client';

describe('the query client', () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry as (
    count: number,
    error: unknown,
  ) => boolean;

  it('does not retry answers that will not change: 4xx (bad input, signed out, not found)', () => {
    expect(retry(0, new ApiError(400, 'VALIDATION_FAILED', 'bad'))).toBe(false);
    expect(retry(0, new ApiError(401, 'UNAUTHENTICATED', 'sign in'))).toBe(false);
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
  });

  it('retries a network failure or a 5xx twice', () => {
    const unavailable = new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    expect(retry(0, unavailable)).toBe(true);
    expect(retry(1, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
    expect(retry(2, unavailable)).toBe(false);
  });

  it('never retries a mutation (a POST might have been applied)', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });
});
