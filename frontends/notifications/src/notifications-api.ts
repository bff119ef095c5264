import type { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationPreferences } from '@campus/contracts/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '@campus/contracts/notifications-rules';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import type { ApiClient } from '@campus/web-kit/api-client';
import { notificationKeys, setUnreadCount, showAsRead } from '@campus/web-kit/notification-cache';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

export const preferencesKey = (userId: string) => [...notificationKeys.all, userId, 'preferences'] as const;

// Where each page starts, by API client and user: kept beyond the page's screen, since the query
// cache keeps the pages loaded when the screen is left and Load More goes on from them on return.
const cursors = new WeakMap<ApiClient, Map<string, string>>();

/**
 * The pages of a user's notifications for useLoadMoreList, which numbers its pages: the service
 * pages by cursor (`X-Next-Cursor`), so page n + 1 starts where page n's answer said. Pages load in
 * order (the first, then each next one; a reload likewise), so the cursor of the page asked for is
 * known, and a reload takes the cursors its own pages give.
 */
export function notificationPages(api: ApiClient, userId: string) {
  let starts = cursors.get(api);
  if (!starts) cursors.set(api, (starts = new Map()));
  const known = starts;
  return async (page: number, signal: AbortSignal): Promise<ListPage<Notification>> => {
    const cursor = page === 1 ? undefined : known.get(`${userId} ${page}`);
    if (page > 1 && !cursor) throw new Error('Where the next page starts is not known: reload the page');
    const { data, nextCursor } = await api.exchange(notificationsApi.listNotifications, {
      query: { cursor, limit: NOTIFICATIONS_PAGE_SIZE },
      signal,
    });
    if (nextCursor) known.set(`${userId} ${page + 1}`, nextCursor);
    return { items: data, hasMore: nextCursor !== null };
  };
}

/** Marks some (or, with none given, all) of the user's notifications read, shown at once everywhere. */
export async function markRead(
  api: ApiClient,
  queryClient: QueryClient,
  userId: string,
  ids?: string[],
): Promise<void> {
  showAsRead(queryClient, userId, ids);
  const { count } = await api.call(notificationsApi.markNotificationsRead, {
    body: ids ? { ids } : { all: true },
  });
  setUnreadCount(queryClient, userId, count);
}

/** What PUT takes: each kind's choices (labels and emailAvailable are the service's to say). */
export const preferencesToSave = (preferences: NotificationPreferences) => ({
  kinds: preferences.kinds.map(({ kind, inApp, email }) => ({ kind, inApp, email })),
});
