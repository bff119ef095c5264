import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { Notification, UnreadCount } from '@campus/contracts/notifications';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import type { ApiClient } from '@campus/web-kit/api-client';
import { useApiClient } from '@campus/web-kit/auth-context';
import {
  NOTIFICATIONS_PANEL_SIZE,
  notificationKeys,
  setUnreadCount,
  showAsRead,
  type NotificationPages,
} from '@campus/web-kit/notification-cache';

// Everything here loads with the bell's chunk (signed-in users only), not with every screen.

/**
 * The place a notification's link points at: the screen's path and query, without the #part (a
 * comment in the thread is the thread): `/post/p1#comment-c7` is at `/post/p1`.
 */
export const placeOf = (link: string): string => link.split('#', 1)[0] ?? link;

const pointsAt = (place: string) => (item: Notification) => !item.read && placeOf(item.link) === place;

/**
 * What the cache knows of the user's unread notifications pointing at `place`, without a request:
 * `none` when the unread count is 0, or when the bell's latest hold at least as many unread as the
 * count and none points there; `some` when a cached unread one points there; `unknown` when the
 * count is not known yet or some unread ones are not cached (older than the latest few, or the
 * latest never loaded).
 */
export function unreadAtPlace(
  queryClient: QueryClient,
  userId: string,
  place: string,
): 'none' | 'some' | 'unknown' {
  const count = queryClient.getQueryData<UnreadCount>(notificationKeys.unread(userId))?.count;
  if (count === 0) return 'none';
  const unread = queryClient
    .getQueryData<Notification[]>(notificationKeys.latest(userId))
    ?.filter((item) => !item.read);
  if (unread?.some(pointsAt(place))) return 'some';
  return count !== undefined && unread && unread.length >= count ? 'none' : 'unknown';
}

/** Shows the cached notifications pointing at `place` (the bell's, the /notifications list's) as read. */
function showPlaceAsRead(queryClient: QueryClient, userId: string, place: string): void {
  const latest = queryClient.getQueryData<Notification[]>(notificationKeys.latest(userId)) ?? [];
  const pages = queryClient.getQueryData<NotificationPages>(notificationKeys.list(userId))?.pages ?? [];
  const ids = [...latest, ...pages.flatMap((page) => page.items)].filter(pointsAt(place)).map((n) => n._id);
  if (ids.length > 0) showAsRead(queryClient, userId, ids);
}

/** The bell's latest few: the panel shows them, and they tell which places have unread ones. */
export const latestNotificationsQuery = (api: ApiClient, userId: string) => ({
  queryKey: notificationKeys.latest(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(notificationsApi.listNotifications, { query: { limit: NOTIFICATIONS_PANEL_SIZE }, signal }),
});

/** How long a place must hold before it is looked at: a redirect or a quick hop costs nothing. */
export const SETTLE_MS = 300;

interface Pending {
  place: string;
  /** An unread notification is known to point here (one arrived live): no need to look. */
  known: boolean;
  cancel(): void;
}

/** Runs `run` now if the page is in front of the user, else once it comes back in front. */
function whenVisible(run: () => void): () => void {
  if (document.visibilityState !== 'hidden') {
    run();
    return () => undefined;
  }
  const onChange = () => {
    if (document.visibilityState === 'hidden') return;
    document.removeEventListener('visibilitychange', onChange);
    run();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * Opening the place a notification links to marks it read, however the user got there: the place
 * is the router's path and query (the #part ignored: `/post/p1#comment-c7` is at `/post/p1`). Once
 * a place has held for SETTLE_MS (and the page is in front of the user), the user's unread
 * notifications pointing at it are marked read with one `PATCH /api/notifications/read { place }`,
 * sent only when the cache says there may be one: never with an unread count of 0, never when the
 * bell's cached latest hold every unread one and none points here. When some unread ones are not
 * cached yet, the latest are loaded once (the panel shows them at once afterwards) and decide.
 * Once per navigation; a hash change is no navigation. Returns the handler for a live
 * `notification`: one arriving for the place the user is on is marked read the same way.
 */
export function useReadOnArrival(userId: string, countLoaded: boolean): (live: Notification) => void {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const place = `${pathname}${search}`;
  const current = useRef(place);
  const checked = useRef('');
  const pending = useRef<Pending | null>(null);

  // Keeps the latest (once loaded) in the cache while the bell is there, live events updating them.
  useQuery({ ...latestNotificationsQuery(api, userId), enabled: false });

  const markIfUnread = useCallback(
    async (target: string, known: boolean) => {
      let state = known ? 'some' : unreadAtPlace(queryClient, userId, target);
      if (state === 'unknown' && queryClient.getQueryData(notificationKeys.latest(userId)) === undefined) {
        await queryClient.ensureQueryData(latestNotificationsQuery(api, userId)).catch(() => undefined);
        if (current.current !== target) return;
        state = unreadAtPlace(queryClient, userId, target);
      }
      if (state === 'none') return;
      const { count } = await api.call(notificationsApi.markNotificationsRead, { body: { place: target } });
      showPlaceAsRead(queryClient, userId, target);
      setUnreadCount(queryClient, userId, count);
    },
    [api, queryClient, userId],
  );

  const schedule = useCallback(
    (target: string, known: boolean) => {
      const stillKnown = known || (pending.current?.place === target && pending.current.known);
      pending.current?.cancel();
      let stopWaiting: () => void = () => undefined;
      const timer = setTimeout(() => {
        stopWaiting = whenVisible(() => {
          if (pending.current === entry) pending.current = null;
          markIfUnread(target, stillKnown).catch(() => {
            // Unread again on the next count, which is the truth; nothing to tell the user.
            void queryClient.invalidateQueries({ queryKey: notificationKeys.unread(userId) });
          });
        });
      }, SETTLE_MS);
      const entry: Pending = {
        place: target,
        known: stillKnown,
        cancel: () => {
          clearTimeout(timer);
          stopWaiting();
        },
      };
      pending.current = entry;
    },
    [markIfUnread, queryClient, userId],
  );

  useEffect(() => {
    current.current = place;
    if (!countLoaded || checked.current === `${userId} ${place}`) return;
    checked.current = `${userId} ${place}`;
    schedule(place, false);
  }, [place, userId, countLoaded, schedule]);

  useEffect(() => () => pending.current?.cancel(), []);

  return useCallback(
    (live: Notification) => {
      if (!live.read && placeOf(live.link) === current.current) schedule(current.current, true);
    },
    [schedule],
  );
}
