import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { HousingConfig } from './config';
import { inbox, outbox } from './data/schema';
import { createItems } from './domain/items';
import { housingEventHandlers } from './events/housing-event-handlers';
import { createHousingRoutes } from './http/housing-routes';

/**
 * Housing: (say what the domain keeps and who may do what). `consumes` binds its queue and must
 * match its handlers; `produces` is what `emit` accepts: add an event to
 * packages/contracts/src/events.ts first, then here, then run `npm run topology`.
 */
export const housingService = defineService({
  name: 'housing',
  title: 'Housing API',
  configSchema: HousingConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered'],
  produces: [],
  outbox,
  inbox,
  create({ db, transact, now }) {
    const items = createItems({ db, transact, now });
    return {
      routes: createHousingRoutes({ items }),
      eventHandlers: housingEventHandlers(items),
    };
  },
});
