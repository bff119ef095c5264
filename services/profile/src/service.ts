import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { ProfileConfig } from './config';
import { inbox, outbox } from './data/schema';
import { createProfilePersonalData } from './domain/personal-data';
import { createProfiles } from './domain/profiles';
import { profileEventHandlers } from './events/profile-consumer';
import { createProfileRoutes } from './http/profile-routes';

/** Profile: each user's common data and the dashboard's counts, kept from other domains' events. */
export const profileService = defineService({
  name: 'profile',
  title: 'Profile API',
  configSchema: ProfileConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: [
    'identity.user.registered',
    'identity.user.deleted',
    'library.book.submitted',
    'library.book.reviewed',
    'library.book.deleted',
    'careers.job.posted',
    'careers.job.deleted',
    'housing.flat.requested',
    'housing.flat.deleted',
  ],
  produces: ['profile.completed', 'profile.teacher.updated'],
  outbox,
  inbox,
  create({ db, transact, now }) {
    const profiles = createProfiles({ db, transact, now });
    return {
      routes: createProfileRoutes({ profiles }),
      eventHandlers: profileEventHandlers(profiles),
      // The kit serves GET /api/me/export/profile and runs its forget on identity.user.deleted.
      personalData: createProfilePersonalData({ db, counts: (userId) => profiles.counts(userId) }),
    };
  },
});
