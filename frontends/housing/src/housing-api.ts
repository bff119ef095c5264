import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { BodyOf } from '@campus/contracts/api-operation';
import { housingApi } from '@campus/contracts/generated/housing-api';
import type { FlatInterest, FlatListResponse, FlatRequest, MyFlatInterest } from '@campus/contracts/housing';
import {
  FLAT_PAGE_SIZE,
  type FlatSort,
  type FoodPreference,
  type GenderPreference,
  type SleepSchedule,
  type SmokingRule,
} from '@campus/contracts/housing-rules';
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
  food: '' | FoodPreference;
  smoking: '' | SmokingRule;
  sleep: '' | SleepSchedule;
  sort: FlatSort;
}

export const NO_FLAT_FILTERS: FlatFilters = {
  q: '',
  minRent: '',
  maxRent: '',
  genderPreference: '',
  moveInFrom: '',
  food: '',
  smoking: '',
  sleep: '',
  sort: 'newest',
};

/** Every query under `housingQueryKeys.all` is a paged flat list: `InfiniteData<ListPage<FlatRequest>>`. */
export const housingQueryKeys = {
  all: ['housing'] as const,
  // The viewer is in the key: a guest's list has no contact details, a signed-in user's has.
  list: (filters: FlatFilters, viewer: string) => ['housing', 'list', viewer, filters] as const,
  mine: (userId: string) => ['housing', 'mine', userId] as const,
  /** The interests in one of the owner's requests (outside `all`: not a flat list). */
  interests: (flatId: string) => ['housing-interests', flatId] as const,
  /** A student's own interests, "Rooms I asked about" (outside `all`: not a flat list). */
  asked: (userId: string) => ['housing-asked', userId] as const,
  askedAll: ['housing-asked'] as const,
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
        food: filters.food || undefined,
        smoking: filters.smoking || undefined,
        sleep: filters.sleep || undefined,
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

/** One page of the signed-in student's own interests, newest first (housingApi.listMyFlatInterests). */
export async function fetchMyInterestPage(
  api: ApiClient,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<MyFlatInterest>> {
  const body = await api.call(housingApi.listMyFlatInterests, {
    query: { page, limit: FLAT_PAGE_SIZE },
    signal,
  });
  return { items: body.data, hasMore: page < body.pages, total: body.total };
}

/** A new flat request with the spec's payload (the service takes the owner from the session). */
export const createFlat = (
  api: ApiClient,
  flat: BodyOf<typeof housingApi.createFlat>,
  idempotencyKey?: string,
) => api.call(housingApi.createFlat, { body: flat, idempotencyKey });

/** The owner's edit (housingApi.updateFlat): only the fields they changed. */
export const updateFlat = (api: ApiClient, flatId: string, changes: BodyOf<typeof housingApi.updateFlat>) =>
  api.call(housingApi.updateFlat, { params: { id: flatId }, body: changes });

type FlatPages = InfiniteData<ListPage<FlatRequest>>;

const withFlat = (data: FlatPages | undefined, edited: FlatRequest): FlatPages | undefined =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((f) => (f._id === edited._id ? edited : f)),
    })),
  };

/** After an edit: the request as the server answered it replaces the old one in every list at once, then the lists reload. */
export function useShowEditedFlat() {
  const queryClient = useQueryClient();
  return useCallback(
    (edited: FlatRequest) => {
      queryClient.setQueriesData<FlatPages>({ queryKey: housingQueryKeys.all }, (data) =>
        withFlat(data, edited),
      );
      void queryClient.invalidateQueries({ queryKey: housingQueryKeys.all });
    },
    [queryClient],
  );
}

/**
 * The owner's Mark as filled / Open again (housingApi.setFlatFilled) and Renew (housingApi.renewFlat):
 * the request as the server answers it replaces the card at once; a failure is a toast.
 */
export function useManageFlat() {
  const api = useApiClient();
  const toast = useToast();
  const showEdited = useShowEditedFlat();
  return useMutation({
    mutationFn: (action: { flat: FlatRequest; do: 'fill' | 'reopen' | 'renew' }) =>
      action.do === 'renew'
        ? api.call(housingApi.renewFlat, { params: { id: action.flat._id } })
        : api.call(housingApi.setFlatFilled, {
            params: { id: action.flat._id },
            body: { filled: action.do === 'fill' },
          }),
    onSuccess: (answer) => {
      showEdited(answer.data);
      toast.success(answer.message);
    },
    onError: (error) => {
      console.error('Flat request change failed', error);
      toast.error(`Error updating flat request: ${failureMessage(error)}`);
    },
  });
}

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

/** A request with changes applied, in every list that holds it (the lists reload after). */
function useChangeFlatEverywhere() {
  const queryClient = useQueryClient();
  return useCallback(
    (flatId: string, change: (flat: FlatRequest) => FlatRequest) => {
      queryClient.setQueriesData<FlatPages>({ queryKey: housingQueryKeys.all }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((f) => (f._id === flatId ? change(f) : f)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: housingQueryKeys.all });
    },
    [queryClient],
  );
}

/**
 * A student's "I'm interested" (housingApi.showFlatInterest): the card says "Request sent" at once.
 * A refusal (already sent, filled meanwhile) is the caller's to show: the mutation's error.
 */
export function useShowInterest() {
  const api = useApiClient();
  const toast = useToast();
  const changeFlat = useChangeFlatEverywhere();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flat, message }: { flat: FlatRequest; message: string }) =>
      api.call(housingApi.showFlatInterest, { params: { id: flat._id }, body: { message } }),
    onSuccess: (answer, { flat }) => {
      changeFlat(flat._id, (f) => ({
        ...f,
        myInterest: { _id: answer.data._id, status: answer.data.status },
      }));
      // Rooms I Asked About lists it next time it is shown.
      void queryClient.invalidateQueries({ queryKey: housingQueryKeys.askedAll });
      toast.success(answer.message);
      // The button that opened the dialog is gone (the card says Request sent): focus stays on the card.
      requestAnimationFrame(() =>
        document.getElementById(`flat-${flat._id}`)?.focus({ preventScroll: true }),
      );
    },
  });
}

/** The interests in one of the owner's requests, oldest first (housingApi.listFlatInterests). */
export function useFlatInterests(flatId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: housingQueryKeys.interests(flatId),
    queryFn: async ({ signal }) =>
      (await api.call(housingApi.listFlatInterests, { params: { id: flatId }, signal })).data,
  });
}

/**
 * The owner's Accept / Decline (housingApi.decideFlatInterest): the list shows the answer at once,
 * the card's count follows; a failure is a toast.
 */
export function useDecideInterest(flatId: string) {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ interest, status }: { interest: FlatInterest; status: 'accepted' | 'declined' }) =>
      api.call(housingApi.decideFlatInterest, {
        params: { id: flatId, interestId: interest._id },
        body: { status },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<FlatInterest[]>(housingQueryKeys.interests(flatId), (list) =>
        list?.map((i) => (i._id === answer.data._id ? answer.data : i)),
      );
      void queryClient.invalidateQueries({ queryKey: housingQueryKeys.all });
      toast.success(answer.message);
    },
    onError: (error) => {
      console.error('Interest answer failed', error);
      toast.error(`Error answering the request: ${failureMessage(error)}`);
    },
  });
}
