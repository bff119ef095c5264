import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '@campus/service-kit/config';
import { createInProcessBus } from '@campus/service-kit/bus/in-process-bus';
import { openDatabase, openEmbeddedPostgres, type Db } from '@campus/service-kit/db';
import { createLogger } from '@campus/service-kit/logger';
import {
  startService,
  type RunningService,
  type ServiceDefinition,
} from '@campus/service-kit/service-runtime';
import { startTracing } from '@campus/service-kit/tracing';
import { GatewayConfig } from '@campus/gateway/config';
import { startGateway, type RunningGateway } from '@campus/gateway/start-gateway';
import { environmentFor, operatorSetting } from './runner-env';
import { loadOrCreateSecrets } from './secrets';
import { seedDemoData } from './seed';
import { SERVICES } from './service-registry';
import { withReplaceableConsumers } from './supervision/replaceable-consumers';

export interface PlatformOptions {
  /** Where the embedded database, secrets and seed markers live; survives restarts. */
  dataDir: string;
  /** Gateway port; 0 picks a free one (tests). */
  port: number;
  /** Folder with the frontend builds (shell/, remotes/); omitted means API only. */
  webRoot?: string;
  /** Log level when the environment sets none. */
  logLevel?: string;
  /**
   * The operator's environment, passed through to every service and the gateway (default: this
   * process's). Generated secrets are only defaults under it; see runner-env.ts for the order.
   */
  processEnv?: NodeJS.ProcessEnv;
  /** Overrides of every process's environment (tests: a known TEACHER_CODE, a cheaper password hash). */
  env?: Record<string, string>;
  seed?: boolean;
  /** The services to run, in start order: the registry's by default (tests run fixtures). */
  services?: ReadonlyArray<ServiceDefinition>;
}

export interface RunningPlatform {
  url: string;
  teacherCode: string;
  /** Where the faculty code came from: the environment (or a test's override), or the generated file. */
  teacherCodeSource: 'environment' | 'generated';
  secretsDir: string;
  services: ReadonlyArray<Pick<RunningService, 'name' | 'url' | 'routes'>>;
  /**
   * Stops one service and starts `definition` (the same service's code, loaded again) in its place,
   * on the same port, so the gateway's upstream stays valid (`npm run dev`). Its events wait for it
   * meanwhile. If the new code fails to start, the service stays stopped and this rejects; the rest
   * of the platform goes on.
   */
  restartService(definition: ServiceDefinition): Promise<void>;
  /** The embedded database every service's schema lives in: whole-platform tests read it (account deletion). */
  database: Db;
  stop(): Promise<void>;
}

/**
 * The whole platform in one process: one embedded PostgreSQL (a schema per service), the in-process
 * bus, every service on its own port, the gateway in front. Same service code as production.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(options.dataDir);
  const operator = options.processEnv ?? process.env;
  const logLevel = options.env?.LOG_LEVEL ?? operator.LOG_LEVEL ?? options.logLevel ?? 'warn';
  const rootLogger = createLogger('platform', logLevel);
  // The code identity will use, whichever way the operator gave it (TEACHER_CODE or IDENTITY_TEACHER_CODE).
  const configuredCode = operatorSetting('identity', 'TEACHER_CODE', operator, options.env);
  const teacherCode = configuredCode ?? secrets.teacherCode;
  const definitions = options.services ?? SERVICES.map((s) => s.definition);
  const processes = [...definitions.map((s) => s.name), 'gateway'];
  const defaults = {
    LOG_LEVEL: logLevel,
    JWT_PUBLIC_KEY: secrets.jwtPublicKey,
    JWT_PRIVATE_KEY: secrets.jwtPrivateKey,
    TEACHER_CODE: secrets.teacherCode,
    UNSUBSCRIBE_SECRET: secrets.unsubscribeSecret,
    // Plain http on localhost: Secure cookies would still work in browsers, but not for API clients.
    COOKIE_SECURE: 'false',
  };

  // One process, one resource: its spans say which service made them (campus.service).
  const tracing = startTracing({
    serviceName: 'campus-connect',
    endpoint: operator.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || undefined,
  });
  const pglite: PGlite = await openEmbeddedPostgres(path.join(options.dataDir, 'postgres'));
  const bus = createInProcessBus({ logger: rootLogger.child({ component: 'bus' }) });
  const consumers = withReplaceableConsumers(bus);
  const running: RunningService[] = [];
  /** Each service's port, kept for a restart in place. */
  const ports = new Map<string, number>();

  const stopAll = async () => {
    for (const s of [...running].reverse()) await s.stop();
    consumers.close();
    await bus.close();
    await pglite.close();
    await tracing?.shutdown().catch(() => undefined);
  };

  const start = async (definition: ServiceDefinition, port: number) => {
    // The embedded runner owns the ports and the storage: one PGlite and the in-process bus, so
    // DATABASE_URL and AMQP_URL are not read here (they are in the multi-process mode and compose).
    const env = environmentFor(definition.name, {
      defaults,
      operator,
      owned: { PORT: String(port), DATABASE_URL: undefined, AMQP_URL: undefined },
      overrides: options.env,
      processes,
    });
    const config = loadConfig(definition.name, definition.configSchema, env);
    const service = await startService(definition, {
      config,
      database: openDatabase({ pglite }),
      bus: consumers.bus,
      logger: createLogger(definition.name, env.LOG_LEVEL ?? logLevel),
    });
    ports.set(service.name, service.port);
    running.push(service);
  };

  let gateway: RunningGateway | undefined;
  try {
    for (const definition of definitions) await start(definition, 0);

    const gatewayEnv = environmentFor('gateway', {
      defaults,
      operator,
      owned: {
        PORT: String(options.port),
        ...(options.webRoot ? { WEB_ROOT: options.webRoot } : {}),
        ...Object.fromEntries(running.map((s) => [`${s.name.toUpperCase()}_SERVICE_URL`, s.url])),
      },
      overrides: options.env,
      processes,
      declared: new Set(Object.keys(GatewayConfig.shape)),
    });
    const gatewayConfig = loadConfig('gateway', GatewayConfig, gatewayEnv);
    gateway = await startGateway(gatewayConfig, createLogger('gateway', gatewayConfig.LOG_LEVEL));
    const started = gateway;

    if (options.seed !== false)
      await seedDemoData(options.dataDir, { url: started.url, teacherCode, logger: rootLogger });

    return {
      url: started.url,
      teacherCode,
      teacherCodeSource: configuredCode ? 'environment' : 'generated',
      secretsDir: secrets.dir,
      database: openDatabase({ pglite }).db,
      get services() {
        return running.map(({ name, url, routes }) => ({ name, url, routes }));
      },
      async restartService(definition) {
        const port = ports.get(definition.name);
        if (port === undefined) throw new Error(`no service named ${definition.name} runs in this platform`);
        const index = running.findIndex((s) => s.name === definition.name);
        // Its queue's deliveries wait from now on, for the new code (a service's queue is its name).
        consumers.detach(definition.name);
        if (index >= 0) await running.splice(index, 1)[0]?.stop();
        await start(definition, port);
      },
      async stop() {
        await started.stop();
        await stopAll();
      },
    };
  } catch (err) {
    // A failure after the gateway started (the seed) must not leave it listening.
    await gateway?.stop().catch(() => undefined);
    await stopAll().catch(() => undefined);
    throw err;
  }
}
