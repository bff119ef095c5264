import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { CareersConfig } from './config';
import { inbox, outbox } from './data/schema';
import { createItems } from './domain/items';
import { careersEventHandlers } from './events/careers-event-handlers';
import { createCareersRoutes } from './http/careers-routes';

/**
 * Careers: (say what the domain keeps and who may do what). `consumes` binds its queue and must
 * match its handlers; `produces` is what `emit` accepts: add an event to
 * packages/contracts/src/events.ts first, then here, then run `npm run topology`.
 */
export const careersService = defineService({
  name: 'careers',
  title: 'Careers API',
  configSchema: CareersConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered'],
  produces: [],
  outbox,
  inbox,
  create({ db, transact, now }) {
    const items = createItems({ db, transact, now });
    return {
      routes: createCareersRoutes({ items }),
      eventHandlers: careersEventHandlers(items),
    };
  },
});
