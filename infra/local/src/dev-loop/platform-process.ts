/**
 * The platform as `npm run dev` runs it: a child of infra/local/src/dev.ts, started again after each
 * server-side change. It tells its parent when it serves (an IPC message), and it always stops
 * cleanly, because PGlite's data folder does not survive a killed process reliably: SIGTERM, SIGINT
 * or the parent going away all close the gateway, the services and the database before exiting.
 */
import { startPlatform, type RunningPlatform } from '../platform';

export interface PlatformReadyMessage {
  type: 'ready';
  url: string;
  teacherCode: string;
  teacherCodeSource: RunningPlatform['teacherCodeSource'];
  secretsDir: string;
}

/** What the parent passes in the environment (the rest of it goes to the services, as in `npm start`). */
export const DEV_PLATFORM_ENV = {
  dataDir: 'CAMPUS_DEV_DATA_DIR',
  webRoot: 'CAMPUS_DEV_WEB_ROOT',
  port: 'CAMPUS_DEV_PORT',
} as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (this file is started by infra/local/src/dev.ts)`);
  return value;
}

async function main() {
  const starting = startPlatform({
    dataDir: required(DEV_PLATFORM_ENV.dataDir),
    webRoot: required(DEV_PLATFORM_ENV.webRoot),
    port: Number(required(DEV_PLATFORM_ENV.port)),
    // As in `npm start`; LOG_LEVEL=info shows every request.
    logLevel: 'warn',
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // A stop asked for while starting waits for the start: an interrupted first start leaves a
    // half-initialised database folder behind.
    const platform = await starting.catch(() => undefined);
    await platform?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());

  const platform = await starting;
  const ready: PlatformReadyMessage = {
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
