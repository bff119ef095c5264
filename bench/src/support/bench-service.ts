import pino from 'pino';
import type { z } from 'zod';
import { signAccessToken, type AuthUser } from '@campus/service-kit/auth';
import { createInProcessBus } from '@campus/service-kit/bus/in-process-bus';
import { loadConfig } from '@campus/service-kit/config';
import { openDatabase, openEmbeddedPostgres, type DatabaseHandle } from '@campus/service-kit/db';
import {
  startService,
  type BaseServiceConfig,
  type ServiceDefinition,
} from '@campus/service-kit/service-runtime';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';

export interface BenchService {
  /** Its HTTP address on loopback. */
  url: string;
  /** Its database, for seeding and for the baselines measured beside the endpoint. */
  database: DatabaseHandle;
  /** An access token for `user`, signed as identity signs them, valid for an hour. */
  tokenFor(user: AuthUser): string;
  /** Stops the service, then its bus and its database. */
  stop(): Promise<void>;
}

export interface BenchServiceOptions {
  /** The service's environment beyond PORT, LOG_LEVEL and JWT_PUBLIC_KEY; its schema's defaults fill the rest. */
  env?: Record<string, string>;
  /** Connections to PostgreSQL (with DATABASE_URL); 4 unless the bench drives more at once. */
  poolSize?: number;
}

/**
 * One service on its own, as the single-service benches measure it: on PostgreSQL at DATABASE_URL
 * (else an in-memory PGlite), with the in-process bus and warning-level logs, its configuration
 * read through its own schema as in production.
 */
export async function startBenchService<S extends z.ZodType<BaseServiceConfig>>(
  definition: ServiceDefinition<S>,
  options: BenchServiceOptions = {},
): Promise<BenchService> {
  const logger = pino({ level: 'warn' });
  const keys = generateTestKeys();
  const url = process.env.DATABASE_URL;
  const database = url
    ? openDatabase({ url, poolSize: options.poolSize ?? 4 })
    : openDatabase({ pglite: await openEmbeddedPostgres(), closeWithHandle: true });
  const bus = createInProcessBus({ logger });
  const closeInfrastructure = async () => {
    await bus.close();
    await database.close();
  };
  try {
    const config = loadConfig(definition.name, definition.configSchema, {
      ...options.env,
      PORT: '0',
      LOG_LEVEL: 'warn',
      JWT_PUBLIC_KEY: keys.publicKey,
    });
    const service = await startService(definition, { config, database, bus, logger });
    return {
      url: service.url,
      database,
      tokenFor: (user) => signAccessToken(user, keys.privateKey, 3600),
      async stop() {
        await service.stop();
        await closeInfrastructure();
      },
    };
  } catch (error) {
    await closeInfrastructure();
    throw error;
  }
}
