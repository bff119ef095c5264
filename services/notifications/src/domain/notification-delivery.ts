import { NOTIFICATION_KINDS, type NotificationKind } from '@campus/contracts/notifications-rules';
import type { DbExecutor } from '@campus/service-kit/db';
import type { Emit } from '@campus/service-kit/unit-of-work';
import { createNotificationStore } from '../data/notification-store';
import { createRecipientStore } from '../data/recipient-store';
import { REGROUP_MS } from '../email/mail-delivery';
import type { NotificationDraft, RecipientLookup } from './notification-kinds';
import { toNotification } from './notification-wire';
import { choiceFor } from './preferences';

/** What delivering a notification emits: the owner's streams (every replica) learn of it. */
export type DeliveryEvents = 'notifications.changed';

/**
 * Turns drafts into what each person chose, inside the consumer's transaction (so it happens once
 * per event: the kit's inbox records the event in the same transaction).
 */
export function createDelivery(deps: { emailAvailable: boolean; now: () => Date }) {
  const notifications = createNotificationStore();
  const recipients = createRecipientStore();

  return {
    /** The kinds' questions, answered from this service's tables in the caller's transaction. */
    lookup(tx: DbExecutor): RecipientLookup {
      return {
        teachersReviewing: (subject) => recipients.teachersReviewing(tx, subject),
        subscribersOf: (kind: NotificationKind) =>
          recipients.subscribersOf(tx, kind, NOTIFICATION_KINDS[kind].defaults),
        nameOf: async (userId) => (await recipients.member(tx, userId))?.name ?? null,
      };
    },

    /**
     * One draft to one person: a teachers-only kind only to a teacher (per the members directory);
     * their choice for the kind (or its defaults) decides the rest. In the app: added, or folded
     * into their unread one of the same group, and 'notifications.changed' emitted with it. By
     * email (when the platform sends email and we know their address): a mail queued for it; when
     * the app is off for the kind, the notification is kept for the mail's content only.
     */
    async deliver(tx: DbExecutor, emit: Emit<DeliveryEvents>, draft: NotificationDraft): Promise<void> {
      if (NOTIFICATION_KINDS[draft.kind].audience === 'teachers') {
        const member = await recipients.member(tx, draft.userId);
        if (!member?.isTeacher) return;
      }
      const choice = choiceFor(draft.kind, await recipients.preference(tx, draft.userId, draft.kind));
      const byEmail =
        deps.emailAvailable && choice.email !== 'off' && (await recipients.hasAddress(tx, draft.userId));
      if (!choice.inApp && !byEmail) return;

      const fresh = {
        userId: draft.userId,
        kind: draft.kind,
        groupKey: draft.groupKey,
        text: draft.text,
        link: draft.link,
        actorName: draft.actorName,
        at: deps.now(),
      };
      let notificationId: string;
      if (choice.inApp) {
        let record = await notifications.upsert(tx, fresh);
        if (record.count > 1 && draft.groupedText) {
          record = { ...record, text: draft.groupedText(record.count) };
          await notifications.setText(tx, record.id, record.text);
        }
        await emit('notifications.changed', {
          userId: draft.userId,
          unread: await notifications.unreadCount(tx, draft.userId),
          notification: { ...toNotification(record), seq: record.seq },
        });
        notificationId = record.id;
      } else {
        // Email only: a burst groups here too (one mail, not one per cause), as it does in the app.
        const folded =
          fresh.groupKey === null
            ? undefined
            : await notifications.foldIntoMailOnly(
                tx,
                { ...fresh, groupKey: fresh.groupKey },
                new Date(fresh.at.getTime() - REGROUP_MS),
              );
        if (folded && folded.count > 1 && draft.groupedText)
          await notifications.setText(tx, folded.id, draft.groupedText(folded.count));
        notificationId = folded?.id ?? (await notifications.insertForMailOnly(tx, fresh));
      }
      if (byEmail)
        await notifications.queueMail(tx, {
          userId: draft.userId,
          notificationId,
          kind: draft.kind,
          delivery: choice.email,
          createdAt: fresh.at,
        });
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
