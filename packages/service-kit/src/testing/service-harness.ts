import type { Logger } from 'pino';
import pino from 'pino';
import type { z } from 'zod';
import type { EventBus } from '../bus/event-bus';
import { createInProcessBus, type InProcessBus } from '../bus/in-process-bus';
import { loadConfig } from '../config';
import { truncateSchema, type DatabaseHandle } from '../db';
import {
  startService,
  type BaseServiceConfig,
  type RunningService,
  type ServiceDefinition,
} from '../service-runtime';
import { generateTestKeys } from './test-keys';
import { closeTestDatabase, openTestDatabase } from './test-database';
import { waitFor } from './wait-for';
import { inboxOf, waitForHandled } from './wait-for-handled';

export interface ServiceHarness {
  url: string;
  database: DatabaseHandle;
  bus: InProcessBus;
  keys: { privateKey: string; publicKey: string };
  /**
   * Resolves once the service has recorded each of these events in its inbox (its handler
   * committed), so the test asserts the state after the event, never the state before it.
   */
  waitForHandled(...eventIds: string[]): Promise<void>;
  /**
   * Resolves once the service's consumers have finished `times` deliveries of this event,
   * duplicates included (a redelivery the inbox turns into a no-op records nothing to poll).
   */
  waitForDeliveries(eventId: string, times: number): Promise<void>;
  /** Empties the service's tables: call in beforeEach so every test starts from nothing. */
  reset(): Promise<void>;
  /** Starts another instance of the same service on the same database (rate limits, replicas). */
  startAnother(env?: Record<string, string>): Promise<RunningService>;
  stop(): Promise<void>;
}

/**
 * One real service over real HTTP on a real database, with the in-process bus, for a test file.
 * `env` is the service's environment; JWT keys and PORT are filled in.
 */
export async function startServiceForTest<S extends z.ZodType<BaseServiceConfig>>(
  definition: ServiceDefinition<S>,
  env: Record<string, string> = {},
  options: { logger?: Logger; now?: () => Date } = {},
): Promise<ServiceHarness> {
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const keys = generateTestKeys();
  const database = await openTestDatabase();
  // On PostgreSQL a jest worker's files share one database: start from nothing, as PGlite does, so
  // what an earlier file left (a scheduled job's run stamped by a clock it moved ahead) never leaks.
  await truncateSchema(database.db, definition.name);
  const bus = createInProcessBus({ logger });
  const extra: RunningService[] = [];
  const inbox = inboxOf(definition.name);
  // The service subscribes through this view of the bus, which counts finished deliveries per event.
  const deliveries = new Map<string, number>();
  const countingBus: EventBus = {
    publish: (envelope) => bus.publish(envelope),
    subscribe: (consumer) =>
      bus.subscribe({
        ...consumer,
        handle: async (envelope) => {
          try {
            await consumer.handle(envelope);
          } finally {
            deliveries.set(envelope.id, (deliveries.get(envelope.id) ?? 0) + 1);
          }
        },
      }),
    listen: (listener) => bus.listen(listener),
    close: () => bus.close(),
    isHealthy: () => bus.isHealthy(),
  };

  const start = (overrides: Record<string, string>) =>
    startService(definition, {
      config: loadConfig(definition.name, definition.configSchema, {
        PORT: '0',
        JWT_PUBLIC_KEY: keys.publicKey,
        JWT_PRIVATE_KEY: keys.privateKey,
        ...env,
        ...overrides,
      }),
      database,
      bus: countingBus,
      logger,
      now: options.now,
      outboxPollMs: 50,
    });
  const main = await start({});
  // Its jobs' first checks run at start: done before the test's own reset, never stamped after it.
  await main.jobsIdle();

  return {
    url: main.url,
    database,
    bus,
    keys,
    waitForHandled: (...eventIds) => waitForHandled(database.db, inbox, eventIds),
    async waitForDeliveries(eventId, times) {
      await waitFor(`${times} deliveries of event ${eventId} handled`, () => deliveries.get(eventId) ?? 0, {
        until: (done) => done >= times,
      });
    },
    async reset() {
      // A check mid-run would write its stamp into the emptied tables.
      await Promise.all([main, ...extra].map((s) => s.jobsIdle()));
      await truncateSchema(database.db, definition.name);
    },
    async startAnother(overrides = {}) {
      const s = await start(overrides);
      extra.push(s);
      return s;
    },
    async stop() {
      for (const s of [...extra, main]) await s.stop();
      await bus.close();
      await closeTestDatabase(database);
    },
  };
}
