import path from 'node:path';
import { MODERATION_DECISION_EVENTS } from '@campus/contracts/events';
import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import { moderationDecisionHandlers } from '@campus/service-kit/moderated-content';
import { defineService } from '@campus/service-kit/service-runtime';
import { createPostgresBlobStore } from '@campus/service-kit/uploads/postgres-blob-store';
import { EventsConfig } from './config';
import { blobs, idempotencyKeys, inbox, outbox } from './data/schema';
import { createAnnounceExistingJob } from './domain/announce-existing';
import { createCampusEvents } from './domain/campus-events';
import { createEventRemindersJob } from './domain/event-reminders';
import { createExpireEventsJob } from './domain/expire-events';
import { createEventsPersonalData } from './domain/personal-data';
import { createPosterQuota } from './domain/poster-quota';
import { createEventRoutes } from './http/event-routes';

/**
 * Events: campus events with their posters. Any signed-in user uploads a poster and posts an event
 * with it; anyone browses and opens them (each opening counts a view); its author edits or deletes
 * it. Events and posters are deleted 30 days after posting by a job that runs once across replicas.
 * Posters live in the service's own database, so any replica serves any poster. Every create, edit
 * and delete goes to moderation (events.content.changed); it consumes moderation's decisions
 * (hide, restore, delete) about events; events posted before moderation existed are announced to it
 * once by a job (domain/announce-existing.ts). What it holds about a person is exported and, when their
 * account is deleted (identity.user.deleted, handled by the kit), removed: domain/personal-data.ts.
 * Students answer going or interested (a waitlist past the capacity); those going are reminded a day
 * and an hour before the start (events.event.reminder, domain/event-reminders.ts); every dated event
 * is a calendar entry (.ics), and the upcoming ones a campus feed (http/event-calendar.ts).
 */
export const eventsService = defineService({
  name: 'events',
  title: 'Events API',
  configSchema: EventsConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: [...MODERATION_DECISION_EVENTS, 'identity.user.deleted'],
  produces: ['events.event.posted', 'events.content.changed', 'events.event.reminder'],
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
      routes: createEventRoutes({
        campusEvents,
        posters: createPostgresBlobStore({ db, table: blobs }),
        publicOrigin: config.PUBLIC_ORIGIN,
      }),
      jobs: [
        createExpireEventsJob({ db, logger, now }),
        createEventRemindersJob({ db, logger, now }),
        createAnnounceExistingJob({ db, logger, now, checkEveryMs: config.ANNOUNCE_CHECK_MS }),
      ],
      eventHandlers: defineEventHandlers(
        moderationDecisionHandlers<'events.content.changed'>(['event'], (tx, command, decision, emit) =>
          campusEvents.moderate(tx, command, decision, emit),
        ),
        { emits: ['events.content.changed'] },
      ),
      personalData: createEventsPersonalData({ db, logger }),
    };
  },
});
