import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import type { PersonalData } from '@campus/service-kit/personal-data';
import { flatPhotoPath } from '@campus/contracts/housing-rules';
import { createFlatStore } from '../data/flat-store';
import { photoStore } from '../data/photo-store';
import type { FlatEvent } from './flats';

/**
 * What housing holds about a person (issue 26 §3): their flat requests with the photos on them
 * and the contact details they gave (theirs: other members see them, so they must see what is shown), and their entry in
 * the members directory (the name cards show, teacher or not). On account deletion both go,
 * whatever the choice for what they wrote: a request is an offer someone would answer, and nobody
 * is left to answer it. Nothing is emitted: profile (the Room Requests count) and moderation
 * forget the person on the same identity.user.deleted, and an event about the requests would name them.
 */
export function createHousingPersonalData(deps: { db: Db }): PersonalData<FlatEvent> {
  const store = createFlatStore(deps.db);
  return {
    async export(user: AuthUser) {
      const [requests, member, interests] = await Promise.all([
        store.allOf(user.id),
        store.memberOf(user.id),
        store.interestsBy(user.id),
      ]);
      const photos = await photoStore.photosOf(
        deps.db,
        requests.map((r) => r.id),
      );
      return {
        'flat-requests.json': requests.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          location: r.location,
          genderPreference: r.genderPreference,
          rent: r.rent,
          moveInDate: r.moveInDate,
          contactInfo: r.contactInfo,
          createdAt: r.createdAt.toISOString(),
          editedAt: r.editedAt ? r.editedAt.toISOString() : null,
          food: r.food,
          smoking: r.smoking,
          sleep: r.sleep,
          filled: r.filled,
          expiresAt: r.expiresAt.toISOString(),
          contactVisibility: r.contactVisibility,
          photos: (photos.get(r.id) ?? []).map((p) => flatPhotoPath(p.key)),
          moderation:
            r.moderation === 'hidden' ? { state: 'hidden', reason: r.moderationReason ?? '' } : null,
        })),
        // The interests they showed in others' requests (their words; the requests' owners and contacts stay out).
        'flat-interests.json': interests.map((i) => ({
          id: i.id,
          flatId: i.flatId,
          message: i.message,
          status: i.status,
          createdAt: i.createdAt.toISOString(),
          decidedAt: i.decidedAt ? i.decidedAt.toISOString() : null,
        })),
        // The directory entry cards read the owner's name from (null when the service never heard of them).
        'member.json': member ? { userId: user.id, name: member.name, isTeacher: member.isTeacher } : null,
      };
    },

    async forget(tx, { userId }) {
      // Their photos and the blobs only they named, before the requests they were on.
      await photoStore.forgetUploader(tx, userId);
      await store.forgetUser(tx, userId);
    },
  };
}
