import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { createAccessTokenVerifier } from './auth';
import type { EventBus, EventConsumer } from './bus/event-bus';
import type { DatabaseHandle, Db } from './db';
import { routerFor, type AnyRoute } from './define-route';
import { createHttpApp } from './http-app';
import { openApiFromRoutes } from './openapi';
import { createOutboxRelay, type OutboxTable } from './outbox';
import { requestContext } from './request-context';
import { listRoutes, type DeclaredRoute } from './route-list';
import type { ScheduledJob } from './scheduled-job';
import { createTransact, type Transact } from './unit-of-work';

/** What a service's factory receives: everything with I/O is handed in, so tests and runners choose. */
export interface ServiceDeps<C> {
  config: C;
  db: Db;
  transact: Transact;
  logger: Logger;
  now: () => Date;
}

/** What a service is made of, without having started anything (no I/O at import or creation). */
export interface ServiceModule {
  /** Its HTTP API, declared once: the router and the OpenAPI document are both made from this list. */
  routes: ReadonlyArray<AnyRoute>;
  consumers?: EventConsumer[];
  /** Scheduled work (createScheduledJob): started with the service, stopped before its relay. */
  jobs?: ScheduledJob[];
}

/** What every service's configuration has, whatever else it adds. */
export interface BaseServiceConfig {
  PORT: number;
  JWT_PUBLIC_KEY: string;
}

export interface ServiceDefinition<S extends z.ZodType<BaseServiceConfig> = z.ZodType<BaseServiceConfig>> {
  /** Also the service's database schema, event producer name and queue name. */
  name: string;
  /** The title of its OpenAPI document ("Library API"). */
  title: string;
  configSchema: S;
  migrationsFolder: string;
  outbox: OutboxTable;
  create(deps: ServiceDeps<z.infer<S>>): ServiceModule;
}

export interface RunningService {
  name: string;
  url: string;
  port: number;
  /** The method and path of every route the service answers (read from its router). */
  routes: ReadonlyArray<DeclaredRoute>;
  /** Graceful: stop taking requests and let in-flight ones finish, stop the relay after a last flush. */
  stop(): Promise<void>;
}

export interface StartServiceOptions<C extends BaseServiceConfig> {
  config: C;
  database: DatabaseHandle;
  bus: EventBus;
  logger: Logger;
  host?: string;
  now?: () => Date;
  /** How often the outbox is polled when nothing kicks it (a commit kicks it at once). */
  outboxPollMs?: number;
}

/**
 * Runs a consumer's handler in the trace of the request that caused the event, so its logs and any
 * events it emits carry the same id from the gateway onwards.
 */
function withTraceContext(consumer: EventConsumer, logger: Logger): EventConsumer {
  return {
    ...consumer,
    handle: (envelope) =>
      requestContext.run({ requestId: envelope.traceId ?? envelope.id }, async () => {
        const started = performance.now();
        await consumer.handle(envelope);
        logger.debug(
          {
            event: envelope.name,
            eventId: envelope.id,
            traceId: envelope.traceId,
            ms: performance.now() - started,
          },
          'event handled',
        );
      }),
  };
}

/** Migrates, wires and starts one service: HTTP, outbox relay, consumers. Same code in every runner. */
export async function startService<S extends z.ZodType<BaseServiceConfig>>(
  definition: ServiceDefinition<S>,
  options: StartServiceOptions<z.infer<S>>,
): Promise<RunningService> {
  const { database, bus, logger } = options;
  await database.migrate({ migrationsFolder: definition.migrationsFolder, service: definition.name });

  const relay = createOutboxRelay({
    db: database.db,
    table: definition.outbox,
    bus,
    logger,
    pollIntervalMs: options.outboxPollMs ?? 500,
  });
  const transact = createTransact({
    db: database.db,
    outbox: definition.outbox,
    producer: definition.name,
    afterCommit: () => relay.kick(),
  });
  const module = definition.create({
    config: options.config,
    db: database.db,
    transact,
    logger,
    now: options.now ?? (() => new Date()),
  });

  const router = routerFor(module.routes);
  const app = createHttpApp({
    logger,
    verifyAccessToken: createAccessTokenVerifier(options.config.JWT_PUBLIC_KEY),
    routes: router,
    openapi: openApiFromRoutes(definition.title, module.routes),
    readiness: [
      { name: 'database', check: () => database.ping() },
      {
        name: 'bus',
        check: () => {
          if (!bus.isHealthy()) throw new Error('event bus unreachable');
        },
      },
    ],
  });

  for (const consumer of module.consumers ?? []) await bus.subscribe(withTraceContext(consumer, logger));
  relay.start();
  for (const job of module.jobs ?? []) job.start();

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.config.PORT, options.host ?? '127.0.0.1', (err?: Error) =>
      err ? reject(err) : resolve(s),
    );
  });
  // Keep-alive from the gateway must outlive the gateway's own idle timeout, or it races a closing socket.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const { port } = server.address() as AddressInfo;
  logger.info({ port }, `${definition.name} service listening`);

  return {
    name: definition.name,
    port,
    routes: listRoutes(router),
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // In-flight requests get a bounded grace period, then their sockets are dropped.
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      });
      await Promise.all((module.jobs ?? []).map((job) => job.stop()));
      await relay.stop();
    },
  };
}
