import path from 'node:path';
import { MODERATION_DECISION_EVENTS } from '@campus/contracts/events';
import { defineService } from '@campus/service-kit/service-runtime';
import { HousingConfig } from './config';
import { createPostgresBlobStore } from '@campus/service-kit/uploads/postgres-blob-store';
import { blobs, idempotencyKeys, inbox, outbox } from './data/schema';
import { createAnnounceExistingJob } from './domain/announce-existing';
import { createFlatPhotos } from './domain/flat-photos';
import { createFlats } from './domain/flats';
import { createPrunePhotosJob } from './domain/prune-photos';
import { createHousingPersonalData } from './domain/personal-data';
import { housingEventHandlers } from './events/housing-event-handlers';
import { createHousingRoutes } from './http/housing-routes';

/**
 * Housing: students' flat / room-mate requests (spec "Room finder"). Anyone browses them (contact
 * details for signed-in users only), a signed-in user creates them, only the owner edits or
 * deletes one; up to six photos each (issue 28), stored in its own database like events' posters. It tells profile about each request and deletion (the Room Requests count),
 * moderation about each version and notifications about each interest and its answer (issue 28),
 * obeys moderation's decisions (hide, restore, delete), and keeps
 * members' names from identity's registrations so cards say who is asking. A deleted account's
 * requests and name go (identity.user.deleted, through the kit: domain/personal-data.ts).
 */
export const housingService = defineService({
  name: 'housing',
  title: 'Housing API',
  configSchema: HousingConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered', 'identity.user.deleted', ...MODERATION_DECISION_EVENTS],
  produces: [
    'housing.flat.requested',
    'housing.flat.deleted',
    'housing.content.changed',
    'housing.interest.created',
    'housing.interest.answered',
  ],
  outbox,
  inbox,
  idempotencyKeys,
  create({ config, db, transact, now, logger }) {
    const photos = createFlatPhotos({ db, now });
    const flats = createFlats({ db, transact, now, photos });
    return {
      routes: createHousingRoutes({
        flats,
        photos,
        photoBlobs: createPostgresBlobStore({ db, table: blobs }),
      }),
      eventHandlers: housingEventHandlers(flats),
      // The kit serves GET /api/me/export/housing and handles identity.user.deleted with it.
      personalData: createHousingPersonalData({ db }),
      // Requests from before moderation existed, announced to it once (migration 0003's version 0).
      jobs: [
        createAnnounceExistingJob({ db, logger, now, checkEveryMs: config.ANNOUNCE_CHECK_MS }),
        // Photos uploaded for a request that was never posted (issue 28), after a day.
        createPrunePhotosJob({ db, logger, now }),
      ],
    };
  },
});
