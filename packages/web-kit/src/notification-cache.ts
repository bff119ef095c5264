import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, UnreadCount } from '@campus/contracts/notifications';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

/**
 * Where the page's query cache keeps a user's notifications, shared by the shell's bell (the unread
 * count, the latest few) and the notifications remote (the whole list), so a change made in one (a
 * notification marked read, a live one arriving) shows in the other without a request. Keyed by the
 * user: another user signing in on this tab never sees the last one's.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (userId: string) => ['notifications', userId, 'unread-count'] as const,
  latest: (userId: string) => ['notifications', userId, 'latest'] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
};

/** How many the bell's panel shows: the latest few; the rest are on /notifications. */
export const NOTIFICATIONS_PANEL_SIZE = 8;

export type NotificationPages = InfiniteData<ListPage<Notification>, unknown>;

/** The list with `notification` first: a grouped one that changed replaces its old entry (same _id). */
export function withNotificationFirst(list: Notification[], notification: Notification): Notification[] {
  return [notification, ...list.filter((item) => item._id !== notification._id)];
}

/** Puts a new or changed notification at the top of the bell's latest and of the loaded list. */
export function receiveNotification(
  queryClient: QueryClient,
  userId: string,
  notification: Notification,
): void {
  queryClient.setQueryData<Notification[]>(notificationKeys.latest(userId), (latest) =>
    latest ? withNotificationFirst(latest, notification).slice(0, NOTIFICATIONS_PANEL_SIZE) : latest,
  );
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(userId), (pages) =>
    pages
      ? {
          ...pages,
          pages: pages.pages.map((page, index) => ({
            ...page,
            items:
              index === 0
                ? withNotificationFirst(page.items, notification)
                : page.items.filter((item) => item._id !== notification._id),
          })),
        }
      : pages,
  );
}

/** Shows `ids` (every one when none are given) as read wherever they are cached. */
export function showAsRead(queryClient: QueryClient, userId: string, ids?: readonly string[]): void {
  const read = (item: Notification) => (!ids || ids.includes(item._id) ? { ...item, read: true } : item);
  queryClient.setQueryData<Notification[]>(notificationKeys.latest(userId), (latest) => latest?.map(read));
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(userId), (pages) =>
    pages
      ? { ...pages, pages: pages.pages.map((page) => ({ ...page, items: page.items.map(read) })) }
      : pages,
  );
}

export function setUnreadCount(queryClient: QueryClient, userId: string, count: number): void {
  queryClient.setQueryData<UnreadCount>(notificationKeys.unread(userId), { count });
}
