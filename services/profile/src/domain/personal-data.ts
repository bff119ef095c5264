import { FORMER_REVIEWER_NAME } from '@campus/contracts/library-rules';
import type { ProfileCounts } from '@campus/contracts/profile';
import type { Db } from '@campus/service-kit/db';
import type { PersonalData } from '@campus/service-kit/personal-data';
import { createPersonalDataStore } from '../data/personal-data-store';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The profile's part of a person's rights over their data (issue 26 §3; the kit serves the export
 * and runs `forget` on identity.user.deleted).
 *
 * Export: their profile row (every field), their counts, every contribution row the counts and My
 * uploads are made of (a book's verdict with it; deleted items' tombstones too, since they are
 * kept), and for a teacher the verdicts they gave as the uploaders' rows hold them (the book, not
 * the uploader).
 *
 * Forget, whatever the choice (the profile holds nothing anyone else reads as theirs): the profile
 * row and every contribution row go. Other people's books that the user reviewed keep the verdict,
 * given by "A teacher": found by the reviewer's id, and for verdicts stored before the id was kept,
 * by the teacher's name as the profile knows it (a namesake teacher's old verdict may lose its name
 * too: better than keeping a deleted person's). Nothing is emitted.
 */
export function createProfilePersonalData(deps: {
  db: Db;
  counts: (userId: string) => Promise<ProfileCounts>;
}): PersonalData {
  const store = createPersonalDataStore(deps.db);

  return {
    async export(user) {
      const [profile, counts, contributions, verdicts] = await Promise.all([
        store.profileOf(user.id),
        deps.counts(user.id),
        store.contributionsOf(user.id),
        store.verdictsBy(user.id),
      ]);
      return {
        'profile.json': profile
          ? {
              ...profile,
              completedAt: iso(profile.completedAt),
              createdAt: iso(profile.createdAt),
              updatedAt: iso(profile.updatedAt),
            }
          : null,
        'counts.json': counts,
        'contributions.json': contributions.map((c) => ({
          ...c,
          contributedAt: iso(c.contributedAt),
          deletedAt: iso(c.deletedAt),
          reviewedAt: iso(c.reviewedAt),
          recordedAt: iso(c.recordedAt),
        })),
        ...(user.isTeacher || verdicts.length > 0
          ? { 'verdicts-given.json': verdicts.map((v) => ({ ...v, reviewedAt: iso(v.reviewedAt) })) }
          : {}),
      };
    },

    async forget(tx, { userId }) {
      const profile = await store.profileOf(userId, tx);
      await store.disownVerdicts(
        tx,
        userId,
        FORMER_REVIEWER_NAME,
        profile?.isTeacher ? profile.name : undefined,
      );
      await store.removeContributions(tx, userId);
      await store.removeProfile(tx, userId);
    },
  };
}
