import type { Response } from 'express';
import { z } from 'zod';
import { encodeCursor } from '@campus/contracts/cursor';
import {
  MarkReadRequest,
  NotificationList,
  NotificationListQuery,
  NotificationPreferences,
  NotificationPreferencesAnswer,
  UnreadCount,
} from '@campus/contracts/notifications';
import {
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
} from '@campus/contracts/notifications-rules';
import { cursorQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { MyNotifications } from '../domain/my-notifications';

/** A user's own notifications: no shared cache keeps them, no browser shows them stale. */
const privateAnswer = (res: Response) => res.set('Cache-Control', 'private, no-store');

/**
 * The notifications API: the signed-in user's own notifications and preferences, always the
 * session's user (no path or body names a user). Each route is declared once: parsing, access,
 * handler, its OpenAPI operation and its operationId (`notificationsApi.listNotifications`).
 */
export function createNotificationsRoutes({ mine }: { mine: MyNotifications }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/notifications',
      operationId: 'listNotifications',
      summary: `My notifications, newest first (${NOTIFICATIONS_PAGE_SIZE} a page; next page: ?cursor= from X-Next-Cursor)`,
      access: 'user',
      request: { query: NotificationListQuery },
      docs: {
        query: z.object(
          cursorQueryDoc({ defaultLimit: NOTIFICATIONS_PAGE_SIZE, maxLimit: NOTIFICATIONS_MAX_LIMIT }),
        ),
      },
      response: { description: 'A bare array of my notifications', body: NotificationList },
      handler: async ({ user, query, res }) => {
        const page = await mine.list(user, query);
        privateAnswer(res);
        if (page.nextCursor) res.set('X-Next-Cursor', encodeCursor(page.nextCursor));
        return page.notifications;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/notifications/unread-count',
      operationId: 'countUnreadNotifications',
      summary: 'How many of my notifications are unread',
      access: 'user',
      response: { description: 'The unread count', body: UnreadCount },
      handler: async ({ user, res }) => {
        privateAnswer(res);
        return { count: await mine.unreadCount(user) };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/api/notifications/read',
      operationId: 'markNotificationsRead',
      summary: `Mark some of my notifications read ({ ids }, at most 100), those pointing at a place ({ place: '/post/<id>' }: the link without its #part) or all of them ({ all: true }); answers the unread count`,
      access: 'user',
      request: { body: MarkReadRequest },
      response: { description: 'The unread count after', body: UnreadCount },
      handler: async ({ user, body, res }) => {
        privateAnswer(res);
        return { count: await mine.markRead(user, body) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/notifications/preferences',
      operationId: 'getNotificationPreferences',
      summary:
        'My choice for every kind I may receive (in the app; email off, instant or daily), or its defaults',
      access: 'user',
      response: {
        description: 'Every kind with its label and my choice',
        body: NotificationPreferencesAnswer,
      },
      handler: async ({ user, res }) => {
        privateAnswer(res);
        return mine.preferences(user);
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/notifications/preferences',
      operationId: 'setNotificationPreferences',
      summary: 'Set my choice for the kinds named (the others keep theirs); answers every kind',
      access: 'user',
      request: { body: NotificationPreferences },
      response: {
        description: 'Every kind with its label and my choice',
        body: NotificationPreferencesAnswer,
      },
      errors: { 403: NOTIFICATIONS_MESSAGES.teachersOnly },
      handler: async ({ user, body, res }) => {
        privateAnswer(res);
        return mine.setPreferences(user, body);
      },
    }),
  ];
}
