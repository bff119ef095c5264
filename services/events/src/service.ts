import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { EventsConfig } from './config';
import { inbox, outbox } from './data/schema';
import { createItems } from './domain/items';
import { eventsEventHandlers } from './events/events-event-handlers';
import { createEventsRoutes } from './http/events-routes';

/**
 * Events: (say what the domain keeps and who may do what). `consumes` binds its queue and must
 * match its handlers; `produces` is what `emit` accepts: add an event to
 * packages/contracts/src/events.ts first, then here, then run `npm run topology`.
 */
export const eventsService = defineService({
  name: 'events',
  title: 'Events API',
  configSchema: EventsConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered'],
  produces: [],
  outbox,
  inbox,
  create({ db, transact, now }) {
    const items = createItems({ db, transact, now });
    return {
      routes: createEventsRoutes({ items }),
      eventHandlers: eventsEventHandlers(items),
    };
  },
});
