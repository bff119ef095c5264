import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '@campus/service-kit/config';
import { createInProcessBus } from '@campus/service-kit/bus/in-process-bus';
import { openDatabase, openEmbeddedPostgres } from '@campus/service-kit/db';
import { createLogger } from '@campus/service-kit/logger';
import { startService, type RunningService } from '@campus/service-kit/service-runtime';
import { GatewayConfig } from '@campus/gateway/config';
import { startGateway, type RunningGateway } from '@campus/gateway/start-gateway';
import { environmentFor, operatorSetting } from './runner-env';
import { loadOrCreateSecrets } from './secrets';
import { seedDemoData } from './seed';
import { SERVICES } from './platform-registry';

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
}

export interface RunningPlatform {
  url: string;
  teacherCode: string;
  /** Where the faculty code came from: the environment (or a test's override), or the generated file. */
  teacherCodeSource: 'environment' | 'generated';
  secretsDir: string;
  services: ReadonlyArray<Pick<RunningService, 'name' | 'url' | 'routes'>>;
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
  const processes = [...SERVICES.map((s) => s.definition.name), 'gateway'];
  const defaults = {
    LOG_LEVEL: logLevel,
    JWT_PUBLIC_KEY: secrets.jwtPublicKey,
    JWT_PRIVATE_KEY: secrets.jwtPrivateKey,
    TEACHER_CODE: secrets.teacherCode,
    // Plain http on localhost: Secure cookies would still work in browsers, but not for API clients.
    COOKIE_SECURE: 'false',
  };

  const pglite: PGlite = await openEmbeddedPostgres(path.join(options.dataDir, 'postgres'));
  const bus = createInProcessBus({ logger: rootLogger.child({ component: 'bus' }) });
  const running: RunningService[] = [];

  const stopAll = async () => {
    for (const s of [...running].reverse()) await s.stop();
    await bus.close();
    await pglite.close();
  };

  let gateway: RunningGateway | undefined;
  try {
    for (const { definition } of SERVICES) {
      // The embedded runner owns the ports and the storage: one PGlite and the in-process bus, so
      // DATABASE_URL and AMQP_URL are not read here (they are in the multi-process mode and compose).
      const env = environmentFor(definition.name, {
        defaults,
        operator,
        owned: { PORT: '0', DATABASE_URL: undefined, AMQP_URL: undefined },
        overrides: options.env,
        processes,
      });
      const config = loadConfig(definition.name, definition.configSchema, env);
      running.push(
        await startService(definition, {
          config,
          database: openDatabase({ pglite }),
          bus,
          logger: createLogger(definition.name, env.LOG_LEVEL ?? logLevel),
        }),
      );
    }

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
      services: running.map(({ name, url, routes }) => ({ name, url, routes })),
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
