import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { ExampleConfig } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createItems } from './domain/items';
import { exampleEventHandlers } from './events/example-event-handlers';
import { createExampleRoutes } from './http/example-routes';

/**
 * The example service: (say what the domain keeps and who may do what). `consumes` binds its queue
 * and must match its handlers; `produces` is what `emit` accepts: add an event to
 * packages/contracts/src/events.ts first, then here, then run `npm run generate`.
 */
export const exampleService = defineService({
  name: 'example',
  title: 'Example API',
  configSchema: ExampleConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered'],
  produces: [],
  outbox,
  inbox,
  idempotencyKeys,
  create({ db, transact, now }) {
    const items = createItems({ db, transact, now });
    return {
      routes: createExampleRoutes({ items }),
      eventHandlers: exampleEventHandlers(items),
    };
  },
});
