import path from 'node:path';
import { CONTENT_CHANGED_EVENTS, MODERATION_DECISION_EVENTS } from '@campus/contracts/events';
import { defineService } from '@campus/service-kit/service-runtime';
import { ModerationConfig } from './config';
import { inbox, outbox } from './data/schema';
import { createModeration } from './domain/moderation';
import { moderationPersonalData } from './domain/personal-data';
import { moderationEventHandlers } from './events/moderation-event-handlers';
import { createModerationRoutes } from './http/moderation-routes';

/**
 * The moderation service: every item users write, as its owning service announces it (the latest
 * snapshot, its versions, its author even when anonymous), the reports on it, the teachers' queue,
 * their actions and the log. Its decisions (hide, restore, delete) leave as events that the owning
 * services obey (docs/adr/0106-moderation-holds-anonymous-authors-and-decides-by-events.md).
 */
export const moderationService = defineService({
  name: 'moderation',
  title: 'Moderation API',
  configSchema: ModerationConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  // identity.user.deleted: the kit's handler runs personalData.forget (domain/personal-data.ts).
  consumes: [...CONTENT_CHANGED_EVENTS, 'identity.user.deleted'],
  produces: MODERATION_DECISION_EVENTS,
  outbox,
  inbox,
  create({ config, db, transact, now, logger }) {
    const moderation = createModeration({
      db,
      transact,
      now,
      logger,
      hideThreshold: config.REPORT_HIDE_THRESHOLD,
      reportsPerHour: config.REPORTS_PER_HOUR,
    });
    return {
      routes: createModerationRoutes({ moderation }),
      eventHandlers: moderationEventHandlers(moderation),
      personalData: moderationPersonalData({ db, now }),
    };
  },
});
