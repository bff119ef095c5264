import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Notification } from '@campus/contracts/notifications';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import { NOTIFICATIONS_MESSAGES } from '@campus/contracts/notifications-rules';
import { AppLink } from '@campus/ui/app-link';
import { Button } from '@campus/ui/button';
import { ErrorState } from '@campus/ui/error-state';
import { Skeleton } from '@campus/ui/skeleton';
import { useToast } from '@campus/ui/toast';
import { VisuallyHidden } from '@campus/ui/visually-hidden';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { useLiveEvent } from '@campus/web-kit/live-updates';
import {
  notificationKeys,
  receiveNotification,
  setUnreadCount,
  showAsRead,
} from '@campus/web-kit/notification-cache';
import { relativeTime } from '@campus/web-kit/relative-time';
import styles from './notification-bell.module.css';
import { latestNotificationsQuery, useReadOnArrival } from './read-on-arrival';

/** "Notifications, 3 unread": the bell's name says what its badge shows. */
export const bellLabel = (count: number) => (count > 0 ? `Notifications, ${count} unread` : 'Notifications');

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M6 10a6 6 0 1 1 12 0c0 4.5 1.5 6 2.5 7h-17C4.5 16 6 14.5 6 10Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path
        d="M10 20a2.2 2.2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The nav bar's bell (signed-in users only): the unread count from the service, kept live by the
 * stream's `unread` events, and a panel with the latest notifications. Opening one marks it read and
 * goes to its place; "Mark all read", "See all" (/notifications) and "Settings" are at hand. Being
 * on a notification's place, however the user got there, marks it read too (read-on-arrival.ts).
 */
export default function NotificationBell() {
  const { user } = useAuth();
  const userId = user?._id ?? '';
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const unread = useQuery({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) => api.call(notificationsApi.countUnreadNotifications, { signal }),
    enabled: userId !== '',
  });
  const readIfHere = useReadOnArrival(userId, unread.data !== undefined);
  useLiveEvent('unread', ({ count }) => setUnreadCount(queryClient, userId, count));
  useLiveEvent('notification', (notification) => {
    receiveNotification(queryClient, userId, notification);
    readIfHere(notification);
  });
  const count = unread.data?.count ?? 0;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // Escape closes it (focus back on the bell); a click or focus outside closes it too.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) close(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!wrap.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, close]);

  return (
    <div ref={wrap} className={styles.wrap}>
      <button
        ref={button}
        type="button"
        className={styles.bell}
        aria-label={bellLabel(count)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <BellIcon />
        {count > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {count > 9 ? '9+' : count}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} userId={userId} unread={count} onClose={() => close(false)} />}
    </div>
  );
}

function NotificationPanel({
  id,
  userId,
  unread,
  onClose,
}: {
  id: string;
  userId: string;
  unread: number;
  onClose(): void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = `${id}-title`;
  const panel = useRef<HTMLDivElement>(null);
  const [markingAll, setMarkingAll] = useState(false);
  const latest = useQuery({
    ...latestNotificationsQuery(api, userId),
    // Shown from the cache at once, and brought up to date on every opening.
    staleTime: 0,
  });

  // Focus moves into the panel, which its title names for a screen reader.
  useEffect(() => panel.current?.focus(), []);

  function markRead(ids?: string[]) {
    showAsRead(queryClient, userId, ids);
    return api
      .call(notificationsApi.markNotificationsRead, { body: ids ? { ids } : { all: true } })
      .then(({ count }) => setUnreadCount(queryClient, userId, count));
  }

  function openNotification(notification: Notification) {
    // The link navigates; the request goes on meanwhile (the shell stays). If it fails, the
    // notification is unread again on the next load, which is the truth.
    if (!notification.read) markRead([notification._id]).catch(() => undefined);
    onClose();
  }

  function markAllRead() {
    setMarkingAll(true);
    markRead()
      .catch((error: Error) => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        toast.error(`Could not mark them read: ${error.message}`);
      })
      .finally(() => setMarkingAll(false));
  }

  let body: ReactNode;
  if (latest.status === 'pending')
    body = (
      <div className={styles.loading}>
        <Skeleton lines={4} label="Loading notifications..." />
      </div>
    );
  else if (latest.status === 'error' && !latest.data)
    body = (
      <ErrorState
        className={styles.error}
        message={`Could not load notifications: ${latest.error.message}`}
        onRetry={() => void latest.refetch()}
      />
    );
  else if (latest.data.length === 0) body = <p className={styles.empty}>{NOTIFICATIONS_MESSAGES.empty}</p>;
  else
    body = (
      <ul className={styles.list}>
        {latest.data.map((notification) => (
          <li key={notification._id}>
            <NotificationRow notification={notification} onOpen={openNotification} />
          </li>
        ))}
      </ul>
    );

  return (
    <div ref={panel} id={id} role="dialog" aria-labelledby={titleId} tabIndex={-1} className={styles.panel}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Notifications
        </h2>
        {unread > 0 && (
          <Button
            variant="ghost"
            size="sm"
            loading={markingAll}
            loadingLabel="Marking..."
            onClick={markAllRead}
          >
            Mark all read
          </Button>
        )}
      </div>
      {body}
      <div className={styles.foot}>
        <AppLink href="/notifications" className={styles.footLink} onClick={onClose}>
          See all
        </AppLink>
        <AppLink href="/notifications/settings" className={styles.footLink} onClick={onClose}>
          Settings
        </AppLink>
      </div>
    </div>
  );
}

function NotificationRow({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen(notification: Notification): void;
}) {
  return (
    <AppLink
      href={notification.link}
      className={notification.read ? styles.item : `${styles.item} ${styles.unread}`}
      onClick={() => onOpen(notification)}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.itemBody}>
        <span className={styles.text}>
          {!notification.read && <VisuallyHidden>Unread: </VisuallyHidden>}
          {notification.text}
        </span>
        <span className={styles.meta}>
          {notification.actor && <span className={styles.actor}>{notification.actor.name}</span>}
          <time dateTime={notification.createdAt}>{relativeTime(notification.createdAt)}</time>
        </span>
      </span>
    </AppLink>
  );
}
