import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@campus/web-kit/api-error';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network errors and 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The page's one query cache, shared by the shell and every remote. */
export const queryClient = createQueryClient();
