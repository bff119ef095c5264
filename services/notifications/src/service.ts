import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { NotificationsConfig } from './config';
import { createChangeFeed } from './data/change-feed';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createEventIntake } from './domain/event-intake';
import { createMyNotifications } from './domain/my-notifications';
import { FEEDING_EVENTS } from './domain/notification-kinds';
import { notificationsPersonalData } from './domain/personal-data';
import { createPruneNotificationsJob } from './domain/prune-notifications';
import { createEmail } from './email/email';
import { DIRECTORY_EVENTS, notificationsEventHandlers } from './events/notifications-event-handlers';
import { LIVE_EVENTS, liveEventListeners } from './events/live-listeners';
import { createNotificationsRoutes } from './http/notifications-routes';
import { createStreamRoute } from './http/stream-route';
import { createUnsubscribeRoutes } from './http/unsubscribe-routes';
import { createStreamHub } from './live/stream-hub';

/**
 * The notifications service: tells people when something that concerns them happened elsewhere.
 * It consumes the domains' events, turns each into notifications for the people it concerns (never
 * the actor; an anonymous author stays 'Anonymous User'), as each chose per kind (in the app, by
 * email), grouping bursts into one. A signed-in user reads, counts and marks only their own, and
 * sets their preferences. Every change emits 'notifications.changed' (the live stream's source).
 * Read notifications are pruned after NOTIFICATIONS_READ_RETENTION_DAYS. docs/notifications.md.
 */
export const notificationsService = defineService({
  name: 'notifications',
  title: 'Notifications API',
  configSchema: NotificationsConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  // identity.user.deleted: the kit's handler runs personalData.forget (domain/personal-data.ts).
  consumes: [...DIRECTORY_EVENTS, ...FEEDING_EVENTS, 'identity.user.deleted'],
  produces: ['notifications.changed'],
  // Every replica hears these for the live streams it holds (no queue of its own: src/live/stream-hub.ts).
  listens: LIVE_EVENTS,
  outbox,
  inbox,
  idempotencyKeys,
  create({ config, db, transact, now, logger }) {
    const emailAvailable = config.SMTP_URL !== undefined;
    const mine = createMyNotifications({ db, transact, now, emailAvailable });
    const live = createStreamHub({ source: createChangeFeed(db), logger });
    const email = createEmail({ config, db, logger, now });
    return {
      routes: [
        ...createNotificationsRoutes({ mine }),
        createStreamRoute(live, { heartbeatMs: config.STREAM_HEARTBEAT_MS }),
        ...createUnsubscribeRoutes(email),
      ],
      eventHandlers: notificationsEventHandlers(createEventIntake({ emailAvailable, now })),
      eventListeners: liveEventListeners(live),
      jobs: [createPruneNotificationsJob({ db, logger, now }), ...email.jobs],
      personalData: notificationsPersonalData({ db, mine }),
    };
  },
});
