import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@campus/contracts/api-operation';
import type { LogEntry, QueueItem } from '@campus/contracts/moderation';
import type { QueueStatus } from '@campus/contracts/moderation-rules';
import { MODERATION_PAGE_SIZE } from '@campus/contracts/moderation-rules';
import { moderationApi } from '@campus/contracts/generated/moderation-api';
import type { ApiClient } from '@campus/web-kit/api-client';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: ['moderation', 'queue'] as const,
  /** One view of the queue (`?status=`): under `queue`, so an action reloads every view. */
  queueView: (status: QueueStatus) => ['moderation', 'queue', status] as const,
  log: ['moderation', 'log'] as const,
};

/** A queue entry's key in the list. */
export const queueKey = (entry: QueueItem) => entry._id;
/** An item's key in what the page remembers of it (a revealed author), whatever queue entry shows it. */
export const itemKey = (entry: QueueItem) => `${entry.item.targetType}:${entry.item.targetId}`;

// Where each page starts, by API client and list: kept beyond the screen, since the query cache keeps
// the pages loaded when the screen is left and Load More goes on from them on return.
const cursors = new WeakMap<ApiClient, Map<string, string>>();

/**
 * The pages of a cursor-paged list (`X-Next-Cursor`) for useLoadMoreList, which numbers its pages:
 * page n + 1 starts where page n's answer said. Pages load in order (the first, then each next one; a
 * reload after an action likewise), so the cursor of the page asked for is always known.
 */
function cursorPages<T>(
  api: ApiClient,
  list: string,
  load: (
    cursor: string | undefined,
    signal: AbortSignal,
  ) => Promise<{ data: T[]; nextCursor: string | null }>,
) {
  let starts = cursors.get(api);
  if (!starts) cursors.set(api, (starts = new Map()));
  const known = starts;
  return async (page: number, signal: AbortSignal): Promise<ListPage<T>> => {
    const cursor = page === 1 ? undefined : known.get(`${list} ${page}`);
    if (page > 1 && !cursor) throw new Error('Where the next page starts is not known: reload the page');
    const { data, nextCursor } = await load(cursor, signal);
    if (nextCursor) known.set(`${list} ${page + 1}`, nextCursor);
    return { items: data, hasMore: nextCursor !== null };
  };
}

/**
 * The teachers' queue (GET queue) in one view: `open` most reported first, `hidden` and `all` latest
 * activity first. Each view has its own cursors (a cursor is a position in one order only).
 */
export const queuePages = (api: ApiClient, status: QueueStatus = 'open') =>
  cursorPages<QueueItem>(api, `queue:${status}`, (cursor, signal) =>
    api.exchange(moderationApi.listModerationQueue, {
      // The default view leaves status out of the URL (as before the views existed).
      query: { status: status === 'open' ? undefined : status, cursor, limit: MODERATION_PAGE_SIZE },
      signal,
    }),
  );

/** The moderation log (GET log): newest first. */
export const logPages = (api: ApiClient) =>
  cursorPages<LogEntry>(api, 'log', (cursor, signal) =>
    api.exchange(moderationApi.listModerationLog, { query: { cursor, limit: MODERATION_PAGE_SIZE }, signal }),
  );

/**
 * A teacher's action on an item (POST actions): the queue and the log load again, since the service
 * decides what the item becomes (a dismissed item leaves the queue, a hidden one stays, hidden).
 */
export function useModerationAction() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof moderationApi.moderateContent>) =>
      api.call(moderationApi.moderateContent, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
    // Refused because the item is not what this screen showed (another teacher acted, the author
    // deleted it): the queue loads again, so the card shows what is true now.
    onError: (error) => {
      if (isApiError(error) && [404, 409, 422].includes(error.status))
        void queryClient.invalidateQueries({ queryKey: moderationKeys.queue });
    },
  });
}
