import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '@campus/service-kit/config';
import { createInProcessBus } from '@campus/service-kit/bus/in-process-bus';
import { openDatabase, openEmbeddedPostgres } from '@campus/service-kit/db';
import { createLogger } from '@campus/service-kit/logger';
import { startService, type RunningService } from '@campus/service-kit/service-runtime';
import { GatewayConfig } from '@campus/gateway/config';
import { startGateway } from '@campus/gateway/start-gateway';
import { loadOrCreateSecrets } from './secrets';
import { seedDemoData } from './seed';
import { SERVICES } from './service-registry';

export interface PlatformOptions {
  /** Where the embedded database, secrets and seed markers live; survives restarts. */
  dataDir: string;
  /** Gateway port; 0 picks a free one (tests). */
  port: number;
  /** Folder with the frontend builds (shell/, remotes/); omitted means API only. */
  webRoot?: string;
  logLevel?: string;
  /** Overrides of any service's environment (tests: a known TEACHER_CODE, a cheaper password hash). */
  env?: Record<string, string>;
  seed?: boolean;
}

export interface RunningPlatform {
  url: string;
  teacherCode: string;
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
  const logLevel = options.logLevel ?? 'warn';
  const rootLogger = createLogger('platform', logLevel);
  const teacherCode = options.env?.TEACHER_CODE ?? secrets.teacherCode;

  const pglite: PGlite = await openEmbeddedPostgres(path.join(options.dataDir, 'postgres'));
  const bus = createInProcessBus({ logger: rootLogger.child({ component: 'bus' }) });
  const running: RunningService[] = [];

  const stopAll = async () => {
    for (const s of [...running].reverse()) await s.stop();
    await bus.close();
    await pglite.close();
  };

  try {
    for (const { definition } of SERVICES) {
      const env = {
        PORT: '0',
        LOG_LEVEL: logLevel,
        JWT_PUBLIC_KEY: secrets.jwtPublicKey,
        JWT_PRIVATE_KEY: secrets.jwtPrivateKey,
        TEACHER_CODE: teacherCode,
        // Plain http on localhost: Secure cookies would still work in browsers, but not for API clients.
        COOKIE_SECURE: 'false',
        ...options.env,
      };
      const config = loadConfig(definition.name, definition.configSchema, env);
      running.push(
        await startService(definition, {
          config,
          database: openDatabase({ pglite }),
          bus,
          logger: createLogger(definition.name, logLevel),
        }),
      );
    }

    const gatewayConfig = loadConfig('gateway', GatewayConfig, {
      PORT: String(options.port),
      LOG_LEVEL: logLevel,
      JWT_PUBLIC_KEY: secrets.jwtPublicKey,
      ...(options.webRoot ? { WEB_ROOT: options.webRoot } : {}),
      ...Object.fromEntries(running.map((s) => [`${s.name.toUpperCase()}_SERVICE_URL`, s.url])),
      ...options.env,
    });
    const gateway = await startGateway(gatewayConfig, createLogger('gateway', logLevel));

    if (options.seed !== false)
      await seedDemoData(options.dataDir, { url: gateway.url, teacherCode, logger: rootLogger });

    return {
      url: gateway.url,
      teacherCode,
      secretsDir: secrets.dir,
      services: running.map(({ name, url, routes }) => ({ name, url, routes })),
      async stop() {
        await gateway.stop();
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }
}
