import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Router } from 'express';
import type { EventName } from '@campus/contracts/events';
import type { z } from 'zod';
import { createAccessTokenVerifier } from './auth';
import type { EventBus, EventConsumer, EventListener, StopListening } from './bus/event-bus';
import type { DatabaseHandle, Db } from './db';
import { routerFor, type AnyRoute } from './define-route';
import {
  createServiceConsumer,
  createServiceListener,
  type EventHandlers,
  type EventListeners,
} from './event-handlers';
import { OpenEventStreams } from './event-stream';
import { createHttpApp } from './http-app';
import { createIdempotency, createIdempotencyPruneJob, type IdempotencyKeyTable } from './idempotency';
import { createInboxPruneJob, type InboxTable } from './inbox';
import { openApiFromRoutes } from './openapi';
import { createMetrics } from './metrics';
import { createOutboxRelay, readOutboxBacklog, type OutboxTable } from './outbox';
import { requestContext } from './request-context';
import { consumeInSpan } from './tracing';
import type { ScheduledJob } from './scheduled-job';
import { createTransact, type Transact } from './unit-of-work';
import { declaredRoutes, forgetUserHandler, type PersonalData } from './personal-data';
import { forgetInKitTables } from './forget-in-kit-tables';

/** What a service's factory receives: everything with I/O is handed in, so tests and runners choose. */
export interface ServiceDeps<C, P extends EventName = EventName> {
  config: C;
  db: Db;
  /** Emits only what the definition's `produces` lists. */
  transact: Transact<P>;
  logger: Logger;
  now: () => Date;
}

/** What a service is made of, without having started anything (no I/O at import or creation). */
export interface ServiceModule<
  C extends EventName = EventName,
  P extends EventName = EventName,
  L extends EventName = EventName,
> {
  /** Its HTTP API, declared once: the router and the OpenAPI document are both made from this list. */
  routes: ReadonlyArray<AnyRoute>;
  /**
   * One handler per event the definition `consumes` (defineEventHandlers), no more, no fewer. The
   * kit subscribes them on the service's own queue and runs each once per event id (inbox). With
   * `personalData`, identity.user.deleted is the kit's (checked at start), so the type lets it out.
   */
  eventHandlers?: EventHandlers<C, P> | EventHandlers<Exclude<C, 'identity.user.deleted'>, P>;
  /**
   * One listener per event the definition `listens` to (defineEventListeners): run on every replica
   * for every such event, at most once (bus/event-bus.ts, EventListener).
   */
  eventListeners?: EventListeners<L>;
  /** Scheduled work (createScheduledJob): started with the service, stopped before its relay. */
  jobs?: ScheduledJob[];
  /**
   * What only the platform calls (the gateway), served under /internal: outside /api, so the gateway
   * never forwards a client there, and left out of the API document.
   */
  internalRoutes?: Router;
  /**
   * What it holds about people (personal-data.ts): the kit serves its export at
   * `GET /api/me/export/<name>` and runs its `forget` on `identity.user.deleted`, which the
   * definition must then consume (and for which `eventHandlers` must not have a handler).
   */
  personalData?: PersonalData<P>;
}

/** What every service's configuration has, whatever else it adds. */
export interface BaseServiceConfig {
  PORT: number;
  JWT_PUBLIC_KEY: string;
}

/**
 * A service, declared: what runners start and what the platform's topology is generated from
 * (`infra/local/src/service-registry.ts` lists them). Write it with `defineService`, which infers
 * `C` and `P` from `consumes` and `produces`, so the handlers and `emit` are checked against them.
 * (`C` and `P` default to any only so that runners can hold every service in one list.)
 */
export interface ServiceDefinition<
  S extends z.ZodType<BaseServiceConfig> = z.ZodType<BaseServiceConfig>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  C extends EventName = any,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  P extends EventName = any,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  L extends EventName = any,
> {
  /**
   * Also the service's database schema (and `campus_<name>` database in production), its events'
   * producer name, its queue (with `<name>.dlq`, `<name>.retry.<ms>ms`), its compose service and
   * its gateway upstream (`<NAME>_SERVICE_URL`).
   */
  name: string;
  /** The title of its OpenAPI document ("Library API"). */
  title: string;
  configSchema: S;
  migrationsFolder: string;
  /**
   * The events it handles: its queue is bound to exactly these (RabbitMQ definitions are generated
   * from this list), and `create` must return one handler for each.
   */
  consumes: readonly C[];
  /** The events it writes to its outbox: `emit` takes only these names. */
  produces: readonly P[];
  /**
   * The events every one of its replicas receives (a broadcast: each replica its own short-lived
   * queue, no durable queue, no inbox, at most once), for what a replica holds in memory, like its
   * open event streams. `create` must return one listener for each (`eventListeners`). An event may
   * be both consumed (durable work, once per service) and listened to (every replica).
   */
  listens?: readonly L[];
  /** Its kit tables, declared in its own `data/schema.ts` so its migrations create them. */
  outbox: OutboxTable;
  inbox: InboxTable;
  /**
   * Where its creates (routes with `idempotencyKey: true`) remember Idempotency-Keys; required as
   * soon as one route accepts the header. Expired keys are pruned hourly by the kit.
   */
  idempotencyKeys?: IdempotencyKeyTable;
  create(deps: ServiceDeps<z.infer<S>, NoInfer<P>>): ServiceModule<NoInfer<C>, NoInfer<P>, NoInfer<L>>;
}

/**
 * Declares a service with its event names inferred from `consumes` and `produces` (an identity
 * function for the compiler, like defineRoute).
 */
export function defineService<
  S extends z.ZodType<BaseServiceConfig>,
  const C extends EventName = never,
  const P extends EventName = never,
  const L extends EventName = never,
>(definition: ServiceDefinition<S, C, P, L>): ServiceDefinition<S, C, P, L> {
  return definition;
}

/** The service's broadcast listener, from its `listens` and the listeners its `create` returned. */
function listenerWiring(definition: ServiceDefinition, module: ServiceModule): EventListener | undefined {
  const declared = [...new Set<EventName>(definition.listens ?? [])].sort();
  const handled = [...new Set<EventName>(module.eventListeners?.events ?? [])].sort();
  if (declared.join() !== handled.join())
    throw new Error(
      `${definition.name} declares it listens to [${declared.join(', ')}] but its create() returns listeners for [${handled.join(', ')}]`,
    );
  if (!module.eventListeners || declared.length === 0) return undefined;
  return createServiceListener(definition.name, module.eventListeners);
}

/**
 * The service's handlers plus, when it holds personal data, the kit's identity.user.deleted handler:
 * its `forget`, then the kit's own tables (published outbox rows, idempotency keys) in the same
 * transaction. A service that also handles that event itself is refused (one place forgets).
 */
function withForgetHandler(
  definition: ServiceDefinition,
  module: ServiceModule,
): EventHandlers<EventName, EventName> | undefined {
  const own = module.eventHandlers as EventHandlers<EventName, EventName> | undefined;
  if (!module.personalData) return own;
  if (own?.events.includes('identity.user.deleted'))
    throw new Error(
      `${definition.name} handles identity.user.deleted itself and returns personalData: the kit runs personalData.forget on that event; remove the handler`,
    );
  const forget = forgetUserHandler(module.personalData, (tx, userId) =>
    forgetInKitTables(tx, { outbox: definition.outbox, idempotencyKeys: definition.idempotencyKeys }, userId),
  );
  return {
    events: [...(own?.events ?? []), 'identity.user.deleted'],
    handlers: { ...(own?.handlers ?? {}), 'identity.user.deleted': forget } as EventHandlers<
      EventName,
      EventName
    >['handlers'],
  };
}

/** The kit's own work for a service's events: its consumer (inbox first) and the inbox pruning. */
function eventWiring(
  definition: ServiceDefinition,
  module: ServiceModule,
  deps: { db: Db; transact: Transact; now: () => Date; logger: Logger },
): { consumer?: EventConsumer; jobs: ScheduledJob[] } {
  const handlers = withForgetHandler(definition, module);
  const declared = [...new Set<EventName>(definition.consumes)].sort();
  const handled = [...new Set<EventName>(handlers?.events ?? [])].sort();
  if (declared.join() !== handled.join())
    throw new Error(
      `${definition.name} declares it consumes [${declared.join(', ')}] but its create() returns handlers for [${handled.join(', ')}]` +
        (module.personalData ? ' (identity.user.deleted is handled by the kit, from personalData)' : ''),
    );
  if (!handlers || declared.length === 0) return { jobs: [] };
  return {
    consumer: createServiceConsumer({
      queue: definition.name,
      handlers,
      inbox: definition.inbox,
      ...deps,
    }),
    jobs: [createInboxPruneJob({ db: deps.db, inbox: definition.inbox, logger: deps.logger, now: deps.now })],
  };
}

export interface RunningService {
  name: string;
  url: string;
  port: number;
  /** The method and path of every route the service answers (its declared routes, which its router is made from). */
  routes: ReadonlyArray<{ method: string; path: string }>;
  /** Graceful: stop taking requests and let in-flight ones finish, stop the relay after a last flush. */
  stop(): Promise<void>;
  /** Resolves when none of its scheduled jobs is mid-check (the first checks start with the service). */
  jobsIdle(): Promise<void>;
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
 * events it emits carry the same id from the gateway onwards; when tracing, in a consumer span that
 * continues the message's traceparent (its transaction and queries nest under it).
 */
function withTraceContext(consumer: EventConsumer, logger: Logger): EventConsumer {
  return {
    ...consumer,
    handle: (envelope) =>
      requestContext.run({ requestId: envelope.traceId ?? envelope.id }, async () => {
        const started = performance.now();
        await consumeInSpan(
          envelope.traceparent,
          { event: envelope.name, eventId: envelope.id, queue: consumer.queue },
          () => consumer.handle(envelope),
        );
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
    produces: definition.produces,
    afterCommit: () => relay.kick(),
  });
  const now = options.now ?? (() => new Date());
  const module = definition.create({ config: options.config, db: database.db, transact, logger, now });
  const events = eventWiring(definition, module, { db: database.db, transact, now, logger });
  const listener = listenerWiring(definition, module);
  const streams = new OpenEventStreams();
  const metrics = createMetrics();
  // Rows are stamped by the real clock (addToOutbox), so their age is read by it too.
  metrics.watchOutbox(() => readOutboxBacklog(database.db, definition.outbox));
  metrics.watchOpenStreams(() => streams.size);
  const idempotencyKeys = definition.idempotencyKeys;
  const jobs = [
    ...events.jobs,
    ...(idempotencyKeys
      ? [createIdempotencyPruneJob({ db: database.db, table: idempotencyKeys, logger, now })]
      : []),
    ...(module.jobs ?? []),
  ];

  const routes = declaredRoutes(definition.name, module, now);
  const router = routerFor(routes, {
    idempotency: idempotencyKeys && createIdempotency({ db: database.db, table: idempotencyKeys, now }),
    streams,
    logger,
  });
  const app = createHttpApp({
    name: definition.name,
    logger,
    verifyAccessToken: createAccessTokenVerifier(options.config.JWT_PUBLIC_KEY),
    routes: router,
    openapi: openApiFromRoutes(definition.title, routes),
    internalRoutes: module.internalRoutes,
    metrics,
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

  if (events.consumer)
    await bus.subscribe(metrics.instrumentConsumer(withTraceContext(events.consumer, logger)));
  const stopListening: StopListening | undefined = listener ? await bus.listen(listener) : undefined;
  relay.start();
  for (const job of jobs) job.start();

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
    routes: routes.map(({ method, path }) => ({ method: method.toUpperCase(), path })),
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    async stop() {
      await stopListening?.();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Open event streams never end by themselves: ended now, their clients reconnect elsewhere.
        streams.closeAll();
        // In-flight requests get a bounded grace period, then their sockets are dropped.
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      });
      await Promise.all(jobs.map((job) => job.stop()));
      await relay.stop();
    },
    async jobsIdle() {
      await Promise.all(jobs.map((job) => job.idle()));
    },
  };
}
