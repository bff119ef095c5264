import path from 'node:path';
import type { z } from 'zod';
import type { EventBus } from './bus/event-bus';
import { createInProcessBus } from './bus/in-process-bus';
import { createRabbitMqBus } from './bus/rabbitmq-bus';
import { ConfigError, loadConfig } from './config';
import { openDatabase, openEmbeddedPostgres, type DatabaseHandle } from './db';
import { createLogger } from './logger';
import { startService, type BaseServiceConfig, type ServiceDefinition } from './service-runtime';
import { startTracing } from './tracing';

/**
 * A service as its own process (production, `npm run start:services`): configuration from the
 * environment, PostgreSQL at DATABASE_URL and RabbitMQ at AMQP_URL. Without them it still starts, on
 * an embedded database in DATA_DIR and a bus private to the process, which is only useful alone.
 * SIGTERM/SIGINT drain HTTP, flush the outbox, close the bus and the database, then exit.
 */
export async function runServiceProcess<
  S extends z.ZodType<
    BaseServiceConfig & { DATABASE_URL?: string; AMQP_URL?: string; OTEL_EXPORTER_OTLP_ENDPOINT?: string }
  >,
>(definition: ServiceDefinition<S>): Promise<void> {
  let config: z.infer<S>;
  try {
    config = loadConfig(definition.name, definition.configSchema);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  // Before anything opens: the resource is this service, and a process without an endpoint makes no spans.
  const tracing = startTracing({
    serviceName: definition.name,
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const logger = createLogger(definition.name, process.env.LOG_LEVEL);
  const database: DatabaseHandle = config.DATABASE_URL
    ? openDatabase({
        url: config.DATABASE_URL,
        applicationName: definition.name,
        onIdleError: (err) => logger.warn({ err }, 'idle database connection lost'),
      })
    : openDatabase({
        pglite: await openEmbeddedPostgres(
          path.resolve(process.env.DATA_DIR ?? '.data', `${definition.name}-postgres`),
        ),
        closeWithHandle: true,
      });
  const bus: EventBus = config.AMQP_URL
    ? createRabbitMqBus({
        url: config.AMQP_URL,
        logger: logger.child({ component: 'bus' }),
        connectionName: definition.name,
      })
    : createInProcessBus({ logger: logger.child({ component: 'bus' }) });
  if (!config.AMQP_URL) logger.warn('AMQP_URL is not set: events stay inside this process');

  try {
    const service = await startService(definition, {
      config,
      database,
      bus,
      logger,
      host: process.env.HOST ?? '0.0.0.0',
    });
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping');
      await service.stop();
      await bus.close();
      await database.close();
      // The last batch of spans (the drain's) goes out before the process does.
      await tracing?.shutdown().catch(() => undefined);
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  } catch (err) {
    logger.fatal({ err }, 'could not start');
    process.exit(1);
  }
}
