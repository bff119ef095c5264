import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CampusEvent, CreateEventRequest, PosterUploadResponse } from '@campus/contracts/events-domain';
import { EVENTS_PAGE_SIZE } from '@campus/contracts/events-domain-rules';
import { encodeCursor } from '@campus/contracts/cursor';
import type { ApiClient } from '@campus/web-kit/api-client';
import { ApiError, NETWORK_ERROR, unnamedErrorCode } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';

export const eventsQueryKeys = {
  all: ['events'] as const,
  list: ['events', 'list'] as const,
};

/** Where the next page starts: after the last event shown (a cursor), so new events never shift it. */
type PageParam = string | null;
type EventsCache = InfiniteData<CampusEvent[], PageParam>;

/** One page of GET /api/event/allevents: the first by `page=1`, the next after the last event seen. */
export function fetchEventsPage(api: ApiClient, cursor: PageParam, signal?: AbortSignal) {
  return api.get<CampusEvent[]>('/api/event/allevents', {
    query: cursor ? { cursor, limit: EVENTS_PAGE_SIZE } : { page: 1, limit: EVENTS_PAGE_SIZE },
    signal,
  });
}

export interface EventsList {
  status: 'loading' | 'error' | 'empty' | 'results';
  events: CampusEvent[];
  error: Error | null;
  /** A full page came back (spec §4: fewer than 10 means no more). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

/** The events, newest first, 10 at a time, merged without duplicates by `_id` (spec §4). */
export function useEventsList(): EventsList {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: eventsQueryKeys.list,
    queryFn: ({ pageParam, signal }) => fetchEventsPage(api, pageParam, signal),
    initialPageParam: null as PageParam,
    getNextPageParam: (lastPage) => {
      const last = lastPage.at(-1);
      return last && lastPage.length >= EVENTS_PAGE_SIZE
        ? encodeCursor({ createdAt: last.createdAt, id: last._id })
        : undefined;
    },
  });
  const events = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages.flat() ?? []).filter((event) => {
      if (seen.has(event._id)) return false;
      seen.add(event._id);
      return true;
    });
  }, [query.data]);
  const status: EventsList['status'] = query.isPending
    ? 'loading'
    : query.isError && events.length === 0
      ? 'error'
      : events.length === 0
        ? 'empty'
        : 'results';
  return {
    status,
    events,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    retry: () => void query.refetch(),
  };
}

/**
 * Counts a view (PATCH /api/event/events/{id}/view); after it succeeds the card shows one more
 * (spec §4). A failure only goes to the console (spec §8): the overlay opens either way.
 */
export function useViewEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) =>
      api.patch<{ success: true; view: number }>(`/api/event/events/${encodeURIComponent(eventId)}/view`),
    onSuccess: (_answer, eventId) => {
      queryClient.setQueryData<EventsCache>(eventsQueryKeys.list, (cache) =>
        cache
          ? {
              ...cache,
              pages: cache.pages.map((page) =>
                page.map((event) => (event._id === eventId ? { ...event, view: event.view + 1 } : event)),
              ),
            }
          : cache,
      );
    },
    onError: (error) => console.error('Error updating the view count:', error),
  });
}

export const createEvent = (api: ApiClient, event: CreateEventRequest, idempotencyKey?: string) =>
  api.post<{ success: true; data: CampusEvent }>('/api/event/createform', event, { idempotencyKey });

const errorFromXhr = (xhr: XMLHttpRequest): ApiError => {
  try {
    const body = JSON.parse(xhr.responseText) as { code?: string; message?: string; issues?: [] };
    if (body.code && body.message) return new ApiError(xhr.status, body.code, body.message, body.issues);
  } catch {
    // not the platform's error body
  }
  return new ApiError(xhr.status, unnamedErrorCode(xhr.status), xhr.statusText || 'Upload failed');
};

function sendPoster(file: File, onProgress: (percent: number) => void): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/event/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, 'Network request failed'));
    const body = new FormData();
    body.append('poster', file);
    xhr.send(body);
  });
}

/**
 * POST /api/event/upload with upload progress (fetch cannot report it, so XMLHttpRequest). An
 * expired session is refreshed once through the API client, as its own calls do.
 */
export async function uploadPoster(
  api: ApiClient,
  file: File,
  onProgress: (percent: number) => void,
): Promise<PosterUploadResponse> {
  let xhr = await sendPoster(file, onProgress);
  if (xhr.status === 401) {
    await api.send('POST', '/api/auth/refresh').catch(() => undefined);
    onProgress(0);
    xhr = await sendPoster(file, onProgress);
  }
  if (xhr.status < 200 || xhr.status >= 300) throw errorFromXhr(xhr);
  return JSON.parse(xhr.responseText) as PosterUploadResponse;
}
