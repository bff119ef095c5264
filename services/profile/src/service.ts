import path from 'node:path';
import type { ServiceDefinition } from '@campus/service-kit/service-runtime';
import { ProfileConfig } from './config';
import { outbox } from './data/schema';
import { createProfiles } from './domain/profiles';
import { profileConsumer } from './events/profile-consumer';
import { createProfileRoutes } from './http/profile-routes';

/** Profile: each user's common data and the dashboard's counts, kept from other domains' events. */
export const profileService: ServiceDefinition<typeof ProfileConfig> = {
  name: 'profile',
  title: 'Profile API',
  configSchema: ProfileConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  outbox,
  create({ db, transact, now }) {
    const profiles = createProfiles({ db, transact, now });
    return {
      routes: createProfileRoutes({ profiles }),
      consumers: [profileConsumer(db, profiles)],
    };
  },
};
