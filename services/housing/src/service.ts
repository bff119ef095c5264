import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { HousingConfig } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createFlats } from './domain/flats';
import { housingEventHandlers } from './events/housing-event-handlers';
import { createHousingRoutes } from './http/housing-routes';

/**
 * Housing: students' flat / room-mate requests (spec "Room finder"). Anyone browses them (contact
 * details for signed-in users only), a signed-in user creates them, only the owner deletes one.
 * It tells profile about each request and deletion (the Room Requests count), and keeps members'
 * names from identity's registrations so cards say who is asking.
 */
export const housingService = defineService({
  name: 'housing',
  title: 'Housing API',
  configSchema: HousingConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered'],
  produces: ['housing.flat.requested', 'housing.flat.deleted'],
  outbox,
  inbox,
  idempotencyKeys,
  create({ db, transact, now }) {
    const flats = createFlats({ db, transact, now });
    return {
      routes: createHousingRoutes({ flats }),
      eventHandlers: housingEventHandlers(flats),
    };
  },
});
