import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Notification } from '@campus/contracts/notifications';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import { NOTIFICATIONS_MESSAGES } from '@campus/contracts/notifications-rules';
import { AppLink } from '@campus/ui/app-link';
import { Button, ButtonLink } from '@campus/ui/button';
import { PageHeader } from '@campus/ui/page-header';
import { useToast } from '@campus/ui/toast';
import { VisuallyHidden } from '@campus/ui/visually-hidden';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { useLiveEvent } from '@campus/web-kit/live-updates';
import { LoadMoreResults } from '@campus/web-kit/load-more-results';
import { notificationKeys, receiveNotification } from '@campus/web-kit/notification-cache';
import { relativeTime } from '@campus/web-kit/relative-time';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { markRead, notificationPages } from './notifications-api';
import { SignInPrompt } from '@campus/web-kit/sign-in-prompt';
import styles from './notifications-page.module.css';

const itemKey = (notification: Notification) => notification._id;

/** `/notifications`: every notification of the signed-in user, newest first, with Load More. */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  const { user } = useAuth();
  if (!user) return <SignInPrompt what="your notifications" />;
  return <Notifications userId={user._id} />;
}

function Notifications({ userId }: { userId: string }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [markingAll, setMarkingAll] = useState(false);
  const fetchPage = useMemo(() => notificationPages(api, userId), [api, userId]);
  const list = useLoadMoreList({ queryKey: notificationKeys.list(userId), fetchPage, getItemKey: itemKey });
  const unread = useQuery({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) => api.call(notificationsApi.countUnreadNotifications, { signal }),
  });
  // A new one goes on top; one that grouped another cause moves up from where it was.
  useLiveEvent('notification', (notification) => receiveNotification(queryClient, userId, notification));
  const count = unread.data?.count ?? 0;

  const open = useCallback(
    (notification: Notification) => {
      if (!notification.read) markRead(api, queryClient, userId, [notification._id]).catch(() => undefined);
    },
    [api, queryClient, userId],
  );

  function markAllRead() {
    setMarkingAll(true);
    markRead(api, queryClient, userId)
      .catch((error: Error) => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        toast.error(`Could not mark them read: ${error.message}`);
      })
      .finally(() => setMarkingAll(false));
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Notifications"
        subtitle={count > 0 ? `${count} unread` : 'Newest first'}
        actions={
          <>
            {count > 0 && (
              <Button
                variant="secondary"
                size="sm"
                loading={markingAll}
                loadingLabel="Marking..."
                onClick={markAllRead}
              >
                Mark all read
              </Button>
            )}
            <ButtonLink href="/notifications/settings" variant="ghost" size="sm">
              Settings
            </ButtonLink>
          </>
        }
      />
      <LoadMoreResults
        list={list}
        loadingLabel="Loading notifications..."
        skeletonCards={4}
        minColumnWidth="100%"
        errorMessage={(message) => `Could not load your notifications: ${message}`}
        empty={NOTIFICATIONS_MESSAGES.empty}
        endLabel="That is every notification you have."
        itemKey={itemKey}
        renderItem={(notification) => (
          <NotificationEntry key={notification._id} notification={notification} onOpen={open} />
        )}
      />
    </div>
  );
}

function NotificationEntry({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen(notification: Notification): void;
}) {
  return (
    <li className={notification.read ? styles.entry : `${styles.entry} ${styles.unread}`}>
      <AppLink href={notification.link} className={styles.link} onClick={() => onOpen(notification)}>
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.body}>
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
    </li>
  );
}
