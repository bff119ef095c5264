import type { z } from 'zod';
import type { CursorPosition } from '@campus/contracts/cursor';
import type {
  MarkReadRequest,
  Notification,
  NotificationListQuery,
  NotificationPreferences,
} from '@campus/contracts/notifications';
import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_MESSAGES,
  type NotificationKind,
} from '@campus/contracts/notifications-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createNotificationStore } from '../data/notification-store';
import { createRecipientStore } from '../data/recipient-store';
import { toNotification } from './notification-wire';
import { choiceFor, mayReceive } from './preferences';
import { isUuid } from '@campus/service-kit/uuid';

/** Ids this service hands out are uuids; anything else names nothing here (never a database error). */
const isId = isUuid;

/**
 * A user's own notifications: the list, the unread count, marking read, and their preferences per
 * kind. Whose they are is always the session's user: no input names a user, and an id that is not
 * theirs is as good as one that does not exist (it changes nothing and the answer does not differ).
 */
export function createMyNotifications(deps: {
  db: Db;
  transact: Transact<'notifications.changed'>;
  now: () => Date;
  emailAvailable: boolean;
}) {
  const notifications = createNotificationStore();
  const recipients = createRecipientStore();

  async function preferencesOf(executor: DbExecutor, user: AuthUser): Promise<NotificationPreferences> {
    const stored = new Map((await recipients.preferencesOf(executor, user.id)).map((p) => [p.kind, p]));
    return {
      kinds: NOTIFICATION_KIND_NAMES.filter((kind) => mayReceive(kind, user.isTeacher)).map((kind) => ({
        kind,
        label: NOTIFICATION_KINDS[kind].label,
        ...choiceFor(kind, stored.get(kind)),
      })),
      emailAvailable: deps.emailAvailable,
    };
  }

  return {
    /** Newest first (by their newest cause), a page after the cursor. */
    async list(
      user: AuthUser,
      query: z.output<typeof NotificationListQuery>,
    ): Promise<{ notifications: Notification[]; nextCursor: CursorPosition | undefined }> {
      if (query.cursor && !isId(query.cursor.id))
        throw AppError.badRequest(
          'The cursor is not one this list gave out. Start again from the first page.',
          'BAD_CURSOR',
        );
      const records = await notifications.page(deps.db, user.id, query.cursor, query.limit);
      const last = records[records.length - 1];
      return {
        notifications: records.map(toNotification),
        nextCursor:
          last && records.length === query.limit
            ? { createdAt: last.updatedAt.toISOString(), id: last.id }
            : undefined,
      };
    },

    async unreadCount(user: AuthUser): Promise<number> {
      return notifications.unreadCount(deps.db, user.id);
    },

    /**
     * Marks some of the user's own (by id), those pointing at a place (the screen they are on: a
     * link whose path and query, without its #part, are the place), or all of them read and answers
     * the unread count; when something changed, 'notifications.changed' tells their other tabs the
     * new count.
     */
    async markRead(user: AuthUser, target: z.output<typeof MarkReadRequest>): Promise<number> {
      return deps.transact(async (tx, emit) => {
        const changed = await notifications.markRead(
          tx,
          user.id,
          target.all
            ? 'all'
            : target.place !== undefined
              ? { place: target.place }
              : { ids: [...new Set((target.ids ?? []).filter(isId))] },
        );
        const unread = await notifications.unreadCount(tx, user.id);
        if (changed > 0) await emit('notifications.changed', { userId: user.id, unread });
        return unread;
      });
    },

    /** Every kind the user may receive, with its label and their choice (or its defaults). */
    preferences: (user: AuthUser) => preferencesOf(deps.db, user),

    /**
     * Sets the kinds named (the others keep theirs); answers the whole set. A kind only teachers
     * receive is refused for anyone else (403), before anything is saved.
     */
    async setPreferences(
      user: AuthUser,
      choices: z.output<typeof NotificationPreferences>,
    ): Promise<NotificationPreferences> {
      const byKind = new Map<NotificationKind, { inApp: boolean; email: string }>();
      for (const choice of choices.kinds) {
        const kind = choice.kind as NotificationKind;
        if (!mayReceive(kind, user.isTeacher))
          throw AppError.forbidden(NOTIFICATIONS_MESSAGES.teachersOnly, 'TEACHERS_ONLY');
        byKind.set(kind, { inApp: choice.inApp, email: choice.email });
      }
      return deps.transact(async (tx) => {
        await recipients.addMemberIfUnknown(tx, {
          userId: user.id,
          name: user.name,
          isTeacher: user.isTeacher,
        });
        await recipients.savePreferences(
          tx,
          user.id,
          [...byKind].map(([kind, c]) => ({ kind, ...c })),
          deps.now(),
        );
        return preferencesOf(tx, user);
      });
    },
  };
}

export type MyNotifications = ReturnType<typeof createMyNotifications>;
