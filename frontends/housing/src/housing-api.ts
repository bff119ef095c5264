import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  CreateFlatRequest,
  FlatDeletedResponse,
  FlatListResponse,
  FlatRequest,
  FlatResponse,
} from '@campus/contracts/housing';
import { FLAT_PAGE_SIZE, type FlatSort, type GenderPreference } from '@campus/contracts/housing-rules';
import { useToast } from '@campus/ui/toast';
import type { ApiClient } from '@campus/web-kit/api-client';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

/** The room finder's filters as the inputs hold them (blank: no filter). */
export interface FlatFilters {
  q: string;
  minRent: string;
  maxRent: string;
  genderPreference: '' | GenderPreference;
  moveInFrom: string;
  sort: FlatSort;
}

export const NO_FLAT_FILTERS: FlatFilters = {
  q: '',
  minRent: '',
  maxRent: '',
  genderPreference: '',
  moveInFrom: '',
  sort: 'newest',
};

/** Every query under `housingQueryKeys.all` is a paged flat list: `InfiniteData<ListPage<FlatRequest>>`. */
export const housingQueryKeys = {
  all: ['housing'] as const,
  // The viewer is in the key: a guest's list has no contact details, a signed-in user's has.
  list: (filters: FlatFilters, viewer: string) => ['housing', 'list', viewer, filters] as const,
  mine: (userId: string) => ['housing', 'mine', userId] as const,
};

const successOrThrow = (body: FlatListResponse) => {
  if (!body.success) throw new Error((body as { message?: string }).message ?? 'Unknown error');
  return body;
};

/** One page of GET /api/flat with the filters applied. */
export async function fetchFlatPage(
  api: ApiClient,
  filters: FlatFilters,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<FlatRequest>> {
  const body = successOrThrow(
    await api.get<FlatListResponse>('/api/flat', {
      query: {
        q: filters.q.trim(),
        minRent: filters.minRent.trim(),
        maxRent: filters.maxRent.trim(),
        genderPreference: filters.genderPreference,
        moveInFrom: filters.moveInFrom,
        sort: filters.sort === 'newest' ? '' : filters.sort,
        page,
        limit: FLAT_PAGE_SIZE,
      },
      signal,
    }),
  );
  return { items: body.data, hasMore: page < body.pages };
}

/** One page of GET /api/flat/my/{userId}: the signed-in user's own requests. */
export async function fetchMyFlatPage(
  api: ApiClient,
  userId: string,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<FlatRequest>> {
  const body = successOrThrow(
    await api.get<FlatListResponse>(`/api/flat/my/${encodeURIComponent(userId)}`, {
      query: { page, limit: FLAT_PAGE_SIZE },
      signal,
    }),
  );
  return { items: body.data, hasMore: page < body.pages };
}

/** POST /api/flat with the spec's payload (the service takes the owner from the session). */
export const createFlat = (
  api: ApiClient,
  flat: CreateFlatRequest & { userId: string },
  idempotencyKey?: string,
) => api.post<FlatResponse>('/api/flat', flat, { idempotencyKey });

type FlatPages = InfiniteData<ListPage<FlatRequest>>;

const withoutFlat = (data: FlatPages | undefined, flatId: string): FlatPages | undefined =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((f) => f._id !== flatId) })),
  };

/** What a failed call says: the server's message, else the error's own text. */
export const failureMessage = (error: unknown) =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);

/**
 * DELETE /api/flat/{id}. On success the request leaves every list at once (spec §4), then the lists
 * reload; on failure the spec's alert 'Error deleting flat request: {message}'.
 */
export function useDeleteFlat() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (flat: FlatRequest) =>
      api.delete<FlatDeletedResponse>(`/api/flat/${encodeURIComponent(flat._id)}`),
    onSuccess: (_answer, flat) => {
      queryClient.setQueriesData<FlatPages>({ queryKey: housingQueryKeys.all }, (data) =>
        withoutFlat(data, flat._id),
      );
      toast.success(`Deleted “${flat.name}”.`);
      void queryClient.invalidateQueries({ queryKey: housingQueryKeys.all });
    },
    onError: (error) => {
      console.error('Flat delete failed', error);
      toast.error(`Error deleting flat request: ${failureMessage(error)}`);
    },
  });
}
