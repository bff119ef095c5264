import type { Notification } from '@campus/contracts/notifications';
import type { NotificationRecord } from '../data/notification-store';

/**
 * A notification as its owner reads it. `createdAt` is when it last changed (a grouped one moves up
 * with its newest cause); `actor` is a display name only ('Anonymous User' for an anonymous author),
 * never an id, and null when several people or nobody in particular caused it.
 */
export const toNotification = (record: NotificationRecord): Notification => ({
  _id: record.id,
  kind: record.kind,
  text: record.text,
  link: record.link,
  actor: record.actorName === null ? null : { name: record.actorName },
  createdAt: record.updatedAt.toISOString(),
  read: record.read,
  count: record.count,
});
