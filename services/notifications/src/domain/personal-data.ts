import { DELETED_USER_NAME } from '@campus/contracts/moderation-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import type { PersonalData } from '@campus/service-kit/personal-data';
import { personalDataStore as store } from '../data/personal-data-store';
import type { MyNotifications } from './my-notifications';

/** What stands where a deleted account's name stood in other people's notifications. */
export const DELETED_USER = DELETED_USER_NAME;

/**
 * What the notifications service holds about a person, for their export and for forgetting them
 * when they delete their account (issue 26 §3):
 * - export: every notification of theirs (not a page), their choices per kind, who the directory
 *   says they are and the address their mail goes to, the subjects a teacher reviews, and the mail
 *   queued for them (when, which kind, how it went). Nothing of anyone else's.
 * - forget: all of that goes, and their name goes from other people's notifications: where they
 *   acted ("Asha Rao commented on ..."), actor and words say "Deleted user". Whatever they chose
 *   for what they wrote, a notification is not what they wrote: the name goes either way.
 * The open streams of the account end on every replica (events/live-listeners.ts).
 */
export function notificationsPersonalData(deps: { db: Db; mine: MyNotifications }): PersonalData {
  const { db, mine } = deps;
  return {
    async export(user: AuthUser) {
      const [notifications, preferences, contact, reviewSubjects, mail] = await Promise.all([
        store.notificationsOf(db, user.id),
        mine.preferences(user),
        store.contactOf(db, user.id),
        store.reviewSubjectsOf(db, user.id),
        store.mailOf(db, user.id),
      ]);
      return {
        'notifications.json': notifications.map((n) => ({
          ...n,
          createdAt: n.createdAt.toISOString(),
          updatedAt: n.updatedAt.toISOString(),
        })),
        'preferences.json': preferences,
        'contact.json': { ...contact, ...(reviewSubjects.length > 0 ? { reviewSubjects } : {}) },
        'mail.json': mail.map((m) => ({
          ...m,
          queuedAt: m.queuedAt.toISOString(),
          doneAt: m.doneAt?.toISOString() ?? null,
        })),
      };
    },

    async forget(tx, { userId }) {
      // The name first: the directory is where it is known (identity's word, or their session's).
      const { name } = await store.contactOf(tx, userId);
      await store.removeRowsOf(tx, userId);
      if (name && name.trim() && name !== DELETED_USER) {
        await store.renameActor(tx, name.trim(), DELETED_USER);
        await store.removePublishedNaming(tx, name.trim());
      }
    },
  };
}
