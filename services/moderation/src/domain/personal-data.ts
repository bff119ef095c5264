import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import type { PersonalData } from '@campus/service-kit/personal-data';
import { personalDataStore as store } from '../data/personal-data-store';
import { redactingQueryValues } from '../data/query-error';

/** Items their owning services remove on identity.user.deleted whatever the contributions choice. */
const REMOVED_WHATEVER_THE_CHOICE = ['flat', 'job', 'event'] as const;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * What moderation holds about a person, for their export and for forgetting them when they delete
 * their account (issue 26 §3):
 * - export: their reports (which item, why, their note, when, how it was decided, what it weighed),
 *   the items they wrote as moderation keeps them (the latest snapshot and every version: theirs,
 *   anonymous ones included, since they wrote them), and a teacher's own actions from the log.
 *   Never who reported their items, nor anyone else's authorship.
 * - forget: their reports stay for the queue (reason, weight, outcome) by nobody (and, when they
 *   chose 'delete', without their notes); their items stay by "Deleted user" ('anonymise', their
 *   name replaced in the words of every version) or become husks without words or versions
 *   ('delete'; and whatever the choice for flat requests, job posts and events, which their owners
 *   remove); a teacher's actions stay in the log by
 *   "Deleted user"; their name goes from other people's reasons and notes. A reveal of their
 *   authorship left no name in the log (it never does); the item it named no longer knows them.
 */
export function moderationPersonalData(deps: { db: Db; now: () => Date }): PersonalData {
  const { db, now } = deps;
  return {
    async export(user: AuthUser) {
      const [reports, items, actions] = await Promise.all([
        store.reportsBy(db, user.id),
        store.itemsBy(db, user.id),
        store.actionsBy(db, user.id),
      ]);
      const versions = await store.versionsOf(
        db,
        items.map((item) => item.id),
      );
      return {
        'reports.json': reports.map(({ status, createdAt, decidedAt, ...report }) => ({
          ...report,
          outcome: status,
          reportedAt: createdAt.toISOString(),
          decidedAt: iso(decidedAt),
        })),
        'items.json': items.map((item) => ({
          targetType: item.targetType,
          targetId: item.targetId,
          link: item.link,
          authorName: item.authorName,
          anonymous: item.anonymous,
          title: item.title,
          text: item.text,
          state: item.state,
          hiddenReason: item.state === 'hidden' ? item.hiddenReason : null,
          version: item.version,
          versions: versions
            .filter((v) => v.itemId === item.id)
            .map((v) => ({
              version: v.version,
              change: v.change,
              title: v.title,
              text: v.text,
              at: v.at.toISOString(),
            })),
        })),
        ...(user.isTeacher || actions.length > 0
          ? {
              'moderation-actions.json': actions.map(({ createdAt, ...action }) => ({
                ...action,
                at: createdAt.toISOString(),
              })),
            }
          : {}),
      };
    },

    forget: (tx, { userId, contributions }) =>
      // A failed query is thrown without its values (the user's id, an anonymous author's).
      redactingQueryValues(async () => {
        const at = now();
        for (const name of await store.namesOf(tx, userId)) await store.unname(tx, name);
        await store.unnameReporter(tx, userId, contributions === 'delete');
        await store.unnameModerator(tx, userId);
        if (contributions === 'delete') await store.deleteItemsBy(tx, userId, at);
        else {
          // Flat requests, job posts and events go whatever the choice (their services remove them):
          // so do their words here. What stays keeps no name of theirs in its words either.
          await store.deleteItemsBy(tx, userId, at, REMOVED_WHATEVER_THE_CHOICE);
          for (const name of await store.authorNamesOf(tx, userId))
            await store.unnameWordsOf(tx, userId, name);
          await store.anonymiseItemsBy(tx, userId, at);
        }
      }),
  };
}
