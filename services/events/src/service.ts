import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { createPostgresBlobStore } from '@campus/service-kit/uploads/postgres-blob-store';
import { EventsConfig } from './config';
import { blobs, idempotencyKeys, inbox, outbox } from './data/schema';
import { createCampusEvents } from './domain/campus-events';
import { createExpireEventsJob } from './domain/expire-events';
import { createPosterQuota } from './domain/poster-quota';
import { createEventRoutes } from './http/event-routes';

/**
 * Events: campus events with their posters. Any signed-in user uploads a poster and posts an event
 * with it; anyone browses and opens them (each opening counts a view). Events and posters are
 * deleted 30 days after posting by a job that runs once across replicas. Posters live in the
 * service's own database, so any replica serves any poster. It consumes nothing.
 */
export const eventsService = defineService({
  name: 'events',
  title: 'Events API',
  configSchema: EventsConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: [],
  produces: ['events.event.posted'],
  outbox,
  inbox,
  idempotencyKeys,
  create({ config, db, transact, now, logger }) {
    const quota = createPosterQuota({
      perHour: config.POSTER_UPLOADS_PER_HOUR,
      storedBytesPerDay: config.POSTER_STORAGE_MB_PER_DAY * 1024 * 1024,
    });
    const campusEvents = createCampusEvents({ db, transact, now, quota });
    return {
      routes: createEventRoutes({ campusEvents, posters: createPostgresBlobStore({ db, table: blobs }) }),
      jobs: [createExpireEventsJob({ db, logger, now })],
    };
  },
});
