/**
 * The platform process, as `npm start` and `npm run dev` run it: a child of the supervisor
 * (platform-supervisor.ts), which starts it again when it crashes, or of the dev loop
 * (dev-loop/platform-restarter.ts), which replaces it after a save. It tells its parent when it
 * serves and why it died (IPC), and it closes the data folder on every way out it can still act on:
 * SIGTERM, SIGINT, the parent going away, and an uncaught error (after which the process's state is
 * unknown, so it never goes on: it closes the database as best it can, within a bound, and exits
 * for its parent to start it again). Asked by its parent, it restarts one service in place with that
 * service's code loaded again (service-reload.ts).
 */
import type { ServiceDefinition } from '@campus/service-kit/service-runtime';
import { startPlatform } from '../platform';
import { SERVICES } from '../service-registry';
import {
  CRASH_EXIT_CODE,
  PLATFORM_CHILD_ENV,
  type PlatformChildCrashed,
  type PlatformChildReady,
  type PlatformChildRestartService,
  type PlatformChildServiceRestarted,
  type PlatformChildStart,
} from './platform-child-protocol';
import { createServiceReloader, type ServiceReloader } from './service-reload';

/** Resolves with the web root of the supervisor's `start` message. */
function startMessage(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onMessage = (message: Partial<PlatformChildStart>) => {
      if (message?.type !== 'start') return;
      process.off('message', onMessage);
      resolve(message.webRoot);
    };
    process.on('message', onMessage);
  });
}

/** How long a crashed process may spend closing the database before it exits anyway. */
const CRASH_CLOSE_MS = 10_000;

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set (this file is started by platform-supervisor.ts or the dev loop)`);
  return value;
}

function fixtureServices(): ReadonlyArray<ServiceDefinition> | undefined {
  const module = process.env[PLATFORM_CHILD_ENV.servicesModule];
  // require, not import(): the fixtures must be in require.cache, where a restart in place finds them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return module ? (require(module) as { services: ReadonlyArray<ServiceDefinition> }).services : undefined;
}

/**
 * Serves the parent's restart-service messages one at a time. Returns what is under way, which a
 * stop waits for: stopping the platform while one service starts would leave that one running.
 */
function serveServiceRestarts(reloader: ServiceReloader, leaving: () => boolean): () => Promise<void> {
  let underWay = Promise.resolve();
  process.on('message', (message: Partial<PlatformChildRestartService>) => {
    if (message?.type !== 'restart-service' || typeof message.folder !== 'string') return;
    const { folder } = message;
    underWay = underWay.then(async () => {
      if (leaving()) return;
      const result = await reloader.reload(folder);
      const answer: PlatformChildServiceRestarted = { type: 'service-restarted', folder, result };
      if (process.connected) process.send?.(answer);
    });
  });
  return () => underWay;
}

async function main() {
  const services = fixtureServices();
  const webRoot =
    process.env[PLATFORM_CHILD_ENV.awaitStart] === '1'
      ? await startMessage()
      : process.env[PLATFORM_CHILD_ENV.webRoot];
  const starting = startPlatform({
    dataDir: required(PLATFORM_CHILD_ENV.dataDir),
    port: Number(required(PLATFORM_CHILD_ENV.port)),
    ...(webRoot ? { webRoot } : {}),
    logLevel: process.env[PLATFORM_CHILD_ENV.logLevel] ?? 'warn',
    seed: process.env[PLATFORM_CHILD_ENV.seed] !== 'false',
    ...(services ? { services } : {}),
  });

  let exitCode = 0;
  let leaving: Promise<void> | undefined;
  let serviceRestarts = () => Promise.resolve();
  const leave = (code: number) => {
    if (code !== 0) exitCode = code;
    leaving ??= (async () => {
      // A stop asked for while starting waits for the start: an interrupted first start leaves a
      // half-initialised database folder behind.
      const platform = await starting.catch(() => undefined);
      await serviceRestarts();
      await platform?.stop().catch(() => undefined);
      process.exit(exitCode);
    })();
  };
  process.on('SIGTERM', () => leave(0));
  process.on('SIGINT', () => leave(0));
  process.on('disconnect', () => leave(0));

  const crashed = (err: unknown) => {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    console.error('The platform crashed:', err);
    const report: PlatformChildCrashed = { type: 'crashed', error: message };
    try {
      process.send?.(report);
    } catch {
      // The parent is gone: nothing to tell.
    }
    // Whatever happens while closing, the process ends within the bound, with the crash's code.
    setTimeout(() => process.exit(CRASH_EXIT_CODE), CRASH_CLOSE_MS).unref();
    leave(CRASH_EXIT_CODE);
  };
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);

  if (process.env[PLATFORM_CHILD_ENV.crashHook] === '1')
    process.on('message', (message: { type?: string }) => {
      if (message?.type === 'throw-uncaught')
        setImmediate(() => {
          throw new Error('a test made the platform throw an uncaught error');
        });
    });

  const platform = await starting;
  serviceRestarts = serveServiceRestarts(
    createServiceReloader(platform, services ?? SERVICES.map((s) => s.definition)),
    () => leaving !== undefined,
  );
  const ready: PlatformChildReady = {
    type: 'ready',
    url: platform.url,
    teacherCode: platform.teacherCode,
    teacherCodeSource: platform.teacherCodeSource,
    secretsDir: platform.secretsDir,
    services: platform.services.map(({ name, url }) => ({ name, url })),
  };
  process.send?.(ready);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('The platform could not start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
