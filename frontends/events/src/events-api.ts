import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { operationKey, operationUrl, type AnswerOf, type BodyOf } from '@campus/contracts/api-operation';
import type { CampusEvent } from '@campus/contracts/events-domain';
import { EVENTS_PAGE_SIZE, type EventWhen } from '@campus/contracts/events-domain-rules';
import { eventsApi } from '@campus/contracts/generated/events-api';
import { identityApi } from '@campus/contracts/generated/identity-api';
import { checkAnswer, type ApiClient } from '@campus/web-kit/api-client';
import { ApiError, NETWORK_ERROR, unnamedErrorCode } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';

export const eventsQueryKeys = {
  all: ['events'] as const,
  /** Every list (a prefix: each `when` is its own list under it). */
  list: ['events', 'list'] as const,
  listOf: (when: EventListing) => ['events', 'list', when] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
};

/** Which list: the spec's (every live event, newest posted first: the carousel), upcoming or past. */
export type EventListing = EventWhen | 'newest';

/** Where a page starts: the server's `X-Next-Cursor` of the page before it (null: the first page). */
type PageParam = string | null;
/** One page of events and where the next one starts (null: this was the last). */
interface EventsPage {
  events: CampusEvent[];
  nextCursor: string | null;
}
type EventsCache = InfiniteData<EventsPage, PageParam>;

/**
 * One page of the events (eventsApi.listEvents). The first is `?page=1&limit=10`, the read the first
 * HTML preloads (service-registry.ts writes it with the same query); each next one starts after the
 * last event of the page before, at the cursor the server gave with it, so events posted meanwhile
 * never shift a page.
 */
export async function fetchEventsPage(
  api: ApiClient,
  cursor: PageParam,
  listing: EventListing,
  signal?: AbortSignal,
): Promise<EventsPage> {
  const when = listing === 'newest' ? {} : { when: listing };
  const { data, nextCursor } = await api.exchange(eventsApi.listEvents, {
    query: cursor
      ? { cursor, limit: EVENTS_PAGE_SIZE, ...when }
      : { page: 1, limit: EVENTS_PAGE_SIZE, ...when },
    signal,
  });
  return { events: data, nextCursor };
}

export interface EventsList {
  status: 'loading' | 'error' | 'empty' | 'results';
  events: CampusEvent[];
  error: Error | null;
  /** The server gave a next page's cursor (it does after a full page: spec §4, fewer than 10 means no more). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

/**
 * A list of events 10 at a time, merged without duplicates by `_id` (spec §4): 'newest' the spec's
 * (every live event, newest posted first; its first page is the read the first HTML preloads),
 * 'upcoming' not ended yet, soonest first, 'past' ended, latest end first.
 */
export function useEventsList(listing: EventListing): EventsList {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: eventsQueryKeys.listOf(listing),
    queryFn: ({ pageParam, signal }) => fetchEventsPage(api, pageParam, listing, signal),
    initialPageParam: null as PageParam,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
  const events = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages.flatMap((page) => page.events) ?? []).filter((event) => {
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
 * Counts a view (eventsApi.countEventView); after it succeeds the card shows one more (spec §4). A
 * failure only goes to the console (spec §8): the overlay opens either way.
 */
export function useViewEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.call(eventsApi.countEventView, { params: { id: eventId } }),
    onSuccess: (_answer, eventId) => {
      queryClient.setQueriesData<EventsCache>({ queryKey: eventsQueryKeys.list }, (cache) =>
        cache
          ? {
              ...cache,
              pages: cache.pages.map((page) => ({
                ...page,
                events: page.events.map((event) =>
                  event._id === eventId ? { ...event, view: event.view + 1 } : event,
                ),
              })),
            }
          : cache,
      );
    },
    onError: (error) => console.error('Error updating the view count:', error),
  });
}

/**
 * One event by id (eventsApi.getEvent), for `/events?event=<id>` when the loaded pages do not hold
 * it (older than them, or the author's own hidden event, which only they get, with the reason).
 * `null` id: nothing asked. A 404 (deleted, expired, hidden from this reader) is not retried.
 */
export function useEventDetail(id: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: eventsQueryKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.call(eventsApi.getEvent, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** Puts the edited event in place wherever the screen holds it (the loaded pages and its detail). */
function replaceEvent(queryClient: QueryClient, event: CampusEvent) {
  queryClient.setQueriesData<EventsCache>({ queryKey: eventsQueryKeys.list }, (cache) =>
    cache
      ? {
          ...cache,
          pages: cache.pages.map((page) => ({
            ...page,
            events: page.events.map((e) => (e._id === event._id ? event : e)),
          })),
        }
      : cache,
  );
  queryClient.setQueryData(eventsQueryKeys.detail(event._id), event);
}

/** Takes a deleted event out of the loaded pages and forgets its detail. */
function dropEvent(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<EventsCache>({ queryKey: eventsQueryKeys.list }, (cache) =>
    cache
      ? {
          ...cache,
          pages: cache.pages.map((page) => ({ ...page, events: page.events.filter((e) => e._id !== id) })),
        }
      : cache,
  );
  queryClient.removeQueries({ queryKey: eventsQueryKeys.detail(id) });
}

/** The author's edit (eventsApi.updateEvent); the answer replaces the event on the screen. */
export function useUpdateEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BodyOf<typeof eventsApi.updateEvent> }) =>
      api.call(eventsApi.updateEvent, { params: { id }, body: changes }),
    onSuccess: (answer) => replaceEvent(queryClient, answer.data),
  });
}

/** The author's delete (eventsApi.deleteEvent): the event leaves the screen at once. */
export function useDeleteEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(eventsApi.deleteEvent, { params: { id } }),
    onSuccess: (_answer, id) => dropEvent(queryClient, id),
  });
}

/** Posts an event (eventsApi.createEvent) with a poster the user uploaded; the service takes the poster's owner from the session. */
export const createEvent = (
  api: ApiClient,
  event: BodyOf<typeof eventsApi.createEvent>,
  idempotencyKey?: string,
) => api.call(eventsApi.createEvent, { body: event, idempotencyKey });

const errorFromXhr = (xhr: XMLHttpRequest): ApiError => {
  try {
    const body = JSON.parse(xhr.responseText) as { code?: string; message?: string; issues?: [] };
    if (body.code && body.message) return new ApiError(xhr.status, body.code, body.message, body.issues);
  } catch {
    // not the platform's error body
  }
  return new ApiError(xhr.status, unnamedErrorCode(xhr.status), xhr.statusText || 'Upload failed');
};

/** The multipart field the service reads the poster from, as its route declares it. */
function posterField(): string {
  const field = eventsApi.uploadPoster.upload;
  if (!field) throw new Error(`${operationKey(eventsApi.uploadPoster)} declares no upload field`);
  return field;
}

function sendPoster(file: File, onProgress: (percent: number) => void): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(eventsApi.uploadPoster.method, operationUrl(eventsApi.uploadPoster));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, 'Network request failed'));
    const body = new FormData();
    body.append(posterField(), file);
    xhr.send(body);
  });
}

/**
 * Uploads a poster (eventsApi.uploadPoster) with its progress: fetch cannot report an upload's
 * progress, so this one call goes by XMLHttpRequest. An expired session is renewed once through the
 * API client (identityApi.refreshSession), as its own calls are, and the answer is checked against
 * the operation's contract like every answer the client receives.
 */
export async function uploadPoster(
  api: ApiClient,
  file: File,
  onProgress: (percent: number) => void,
): Promise<AnswerOf<typeof eventsApi.uploadPoster>> {
  let xhr = await sendPoster(file, onProgress);
  if (xhr.status === 401) {
    await api.call(identityApi.refreshSession).catch(() => undefined);
    onProgress(0);
    xhr = await sendPoster(file, onProgress);
  }
  if (xhr.status < 200 || xhr.status >= 300) throw errorFromXhr(xhr);
  const answer = JSON.parse(xhr.responseText) as AnswerOf<typeof eventsApi.uploadPoster>;
  checkAnswer(operationKey(eventsApi.uploadPoster), answer);
  return answer;
}

/** Where the signed-in student stands on an event and its counts (eventsApi.getEventRsvp); null id or guest: nothing asked. */
export function useEventRsvp(id: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['events', 'rsvp', id ?? ''] as const,
    queryFn: ({ signal }) => api.call(eventsApi.getEventRsvp, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * Answers an event (eventsApi.rsvpEvent): the answer becomes the button's state, and its counts
 * replace the event's wherever the screen holds it (the cards).
 */
export function useRsvpEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'going' | 'interested' | 'none' }) =>
      api.call(eventsApi.rsvpEvent, { params: { id }, body: { status } }),
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData(['events', 'rsvp', id], answer);
      const rsvp = { going: answer.going, interested: answer.interested, waitlisted: answer.waitlisted };
      queryClient.setQueriesData<EventsCache>({ queryKey: eventsQueryKeys.list }, (cache) =>
        cache
          ? {
              ...cache,
              pages: cache.pages.map((page) => ({
                ...page,
                events: page.events.map((event) => (event._id === id ? { ...event, rsvp } : event)),
              })),
            }
          : cache,
      );
    },
  });
}
