import { LiveComment, Notification, StreamQuery, UnreadCount } from '@campus/contracts/notifications';
import { STREAM_EVENTS } from '@campus/contracts/notifications-rules';
import { defineStreamRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { StreamHub } from '../live/stream-hub';

/** A resume point is a change's number (`seq`); anything else resumes nothing (never an error: the browser would stop reconnecting). */
const seqOf = (lastEventId: string | undefined): number | undefined =>
  lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;

/**
 * GET /api/notifications/stream: the signed-in user's live notifications as server-sent events.
 * On connect, what changed after `Last-Event-ID` (or `?lastEventId=`) as `notification` events,
 * then always `unread`; then, live, `notification` and `unread` as the user's notifications change
 * (their own only), and `comment` for each new comment on the post named by `?post=`.
 */
export function createStreamRoute(hub: StreamHub, options: { heartbeatMs: number }): AnyRoute {
  return defineStreamRoute({
    path: '/api/notifications/stream',
    operationId: 'streamNotifications',
    summary: 'My notifications and unread count as they change, live (server-sent events)',
    description:
      "Only the signed-in user's own. On connect: every notification changed after Last-Event-ID (or ?lastEventId=), then the unread count; then each change as it happens, and the new comments of ?post= (ids only).",
    access: 'user',
    heartbeatMs: options.heartbeatMs,
    request: { query: StreamQuery },
    events: {
      [STREAM_EVENTS.notification]: Notification,
      [STREAM_EVENTS.unread]: UnreadCount,
      [STREAM_EVENTS.comment]: LiveComment,
    },
    open: ({ user, query, stream }) =>
      hub.connect(stream, { userId: user.id, postId: query.post, after: seqOf(stream.lastEventId) }),
  });
}
