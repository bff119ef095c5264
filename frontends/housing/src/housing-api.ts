import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { BodyOf } from '@campus/contracts/api-operation';
import { housingApi } from '@campus/contracts/generated/housing-api';
import type { FlatListResponse, FlatRequest } from '@campus/contracts/housing';
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

/** A rent as typed: blank is no filter; anything else is sent as a number (the server says if it is not one). */
const amount = (typed: string) => (typed.trim() ? Number(typed.trim()) : undefined);

/** One page of the flat requests (housingApi.listFlats) with the filters applied. */
export async function fetchFlatPage(
  api: ApiClient,
  filters: FlatFilters,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<FlatRequest>> {
  const body = successOrThrow(
    await api.call(housingApi.listFlats, {
      query: {
        q: filters.q.trim(),
        minRent: amount(filters.minRent),
        maxRent: amount(filters.maxRent),
        genderPreference: filters.genderPreference || undefined,
        moveInFrom: filters.moveInFrom,
        // The default order is left out of the URL.
        sort: filters.sort === 'newest' ? undefined : filters.sort,
        page,
        limit: FLAT_PAGE_SIZE,
      },
      signal,
    }),
  );
  return { items: body.data, hasMore: page < body.pages };
}

/** One page of the signed-in user's own requests (housingApi.listMyFlats). */
export async function fetchMyFlatPage(
  api: ApiClient,
  userId: string,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<FlatRequest>> {
  const body = successOrThrow(
    await api.call(housingApi.listMyFlats, {
      params: { userId },
      query: { page, limit: FLAT_PAGE_SIZE },
      signal,
    }),
  );
  return { items: body.data, hasMore: page < body.pages };
}

/** A new flat request with the spec's payload (the service takes the owner from the session). */
export const createFlat = (
  api: ApiClient,
  flat: BodyOf<typeof housingApi.createFlat>,
  idempotencyKey?: string,
) => api.call(housingApi.createFlat, { body: flat, idempotencyKey });

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
 * Deletes a flat request (housingApi.deleteFlat). On success the request leaves every list at once (spec §4), then the lists
 * reload; on failure the spec's alert 'Error deleting flat request: {message}'.
 */
export function useDeleteFlat() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (flat: FlatRequest) => api.call(housingApi.deleteFlat, { params: { id: flat._id } }),
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
