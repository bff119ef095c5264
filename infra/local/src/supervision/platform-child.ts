/**
 * The platform as `npm start` runs it: a child of the supervisor (platform-supervisor.ts), which
 * starts it again when it crashes. It tells its parent when it serves and why it died (IPC), and it
 * closes the data folder on every way out it can still act on: SIGTERM, SIGINT, the parent going
 * away, and an uncaught error (after which the process's state is unknown, so it never goes on: it
 * closes the database as best it can, within a bound, and exits for the supervisor to restart it).
 */
import { startPlatform, type RunningPlatform } from '../platform';

export interface PlatformChildReady {
  type: 'ready';
  url: string;
  teacherCode: string;
  teacherCodeSource: RunningPlatform['teacherCodeSource'];
  secretsDir: string;
}

export interface PlatformChildCrashed {
  type: 'crashed';
  /** One line: the uncaught error's message (its stack goes to the child's stderr). */
  error: string;
}

export type PlatformChildMessage = PlatformChildReady | PlatformChildCrashed;

/** From the supervisor, when the child was told to await it: start now, serving this folder. */
export interface PlatformChildStart {
  type: 'start';
  webRoot?: string;
}

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

/** What the supervisor passes in the environment (the rest of it goes to the services, as always). */
export const PLATFORM_CHILD_ENV = {
  dataDir: 'CAMPUS_PLATFORM_DATA_DIR',
  webRoot: 'CAMPUS_PLATFORM_WEB_ROOT',
  port: 'CAMPUS_PLATFORM_PORT',
  logLevel: 'CAMPUS_PLATFORM_LOG_LEVEL',
  seed: 'CAMPUS_PLATFORM_SEED',
  /**
   * '1': load the platform's code, then wait for a `start` message naming the web root before
   * starting (the supervisor checks the frontend build meanwhile, in parallel).
   */
  awaitStart: 'CAMPUS_PLATFORM_AWAIT_START',
  /**
   * Tests only: '1' lets the parent make this process throw an uncaught error (an IPC message, which
   * nothing outside the parent can send; no request reaches it). Unset in `npm start`.
   */
  crashHook: 'CAMPUS_PLATFORM_TEST_CRASH_HOOK',
} as const;

/** The exit code of a process that died of an uncaught error (EX_SOFTWARE). */
export const CRASH_EXIT_CODE = 70;
/** How long a crashed process may spend closing the database before it exits anyway. */
const CRASH_CLOSE_MS = 10_000;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (this file is started by infra/local/src/start.ts)`);
  return value;
}

async function main() {
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
  });

  let exitCode = 0;
  let leaving: Promise<void> | undefined;
  const leave = (code: number) => {
    if (code !== 0) exitCode = code;
    leaving ??= (async () => {
      // A stop asked for while starting waits for the start: an interrupted first start leaves a
      // half-initialised database folder behind.
      const platform = await starting.catch(() => undefined);
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
  const ready: PlatformChildReady = {
    type: 'ready',
    url: platform.url,
    teacherCode: platform.teacherCode,
    teacherCodeSource: platform.teacherCodeSource,
    secretsDir: platform.secretsDir,
  };
  process.send?.(ready);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('The platform could not start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
