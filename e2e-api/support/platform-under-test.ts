import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { supervisePlatform } from '../../infra/local/src/supervision/platform-supervisor';
import { startMultiProcessPlatform } from '../../infra/local/src/multi-process/multi-process-platform';
import { DEFAULT_AMQP_URL } from '../../infra/local/src/multi-process/multi-process-platform';
import { createIsolatedVhost } from '../../infra/local/src/multi-process/rabbitmq-vhost';

export type Mode = 'embedded' | 'multi';

export interface PlatformUnderTest {
  mode: Mode;
  url: string;
  teacherCode: string;
  /** Each time the platform (embedded) or one of its processes (multi) crashed during the run. */
  crashes(): string[];
  stop(): Promise<void>;
}

/** Known to every suite: registering teachers needs it. */
export const TEACHER_CODE = 'E2E-FACULTY-7731';

/**
 * The same environment in both modes: a known teacher code, a cheap password hash (the suite
 * registers many users) and rate limits out of the way except where a suite tests them itself.
 */
const ENV = {
  TEACHER_CODE,
  PASSWORD_HASH_COST: '1024',
  REGISTRATIONS_PER_HOUR: '100000',
  LOGIN_ATTEMPTS_PER_15_MIN: '100000',
};

export function modeFromEnv(): Mode {
  const mode = process.env.MODE ?? 'embedded';
  if (mode !== 'embedded' && mode !== 'multi')
    throw new Error(`MODE must be 'embedded' or 'multi', not '${mode}'`);
  return mode;
}

/**
 * Starts the whole platform the way its users run it: `npm start` (embedded: one process, PGlite,
 * in-process bus) or `npm run start:services` (multi: a process per service, PostgreSQL at
 * DATABASE_URL, RabbitMQ at AMQP_URL). Each run gets fresh data: a temporary folder, or its own
 * databases and RabbitMQ virtual host, removed at stop.
 */
export async function startPlatformUnderTest(mode: Mode): Promise<PlatformUnderTest> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `campus-e2e-api-${mode}-`));
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (mode === 'embedded') {
    // As `npm start` runs it: one child process under the supervisor, so a crash anywhere in the
    // platform is a crash (the supervisor's report, then a restart for the suites left), never
    // something jest's own process absorbs.
    const crashes: string[] = [];
    const output: string[] = [];
    const supervised = supervisePlatform({
      cwd: path.resolve(__dirname, '..', '..'),
      dataDir,
      port: 0,
      logLevel: 'error',
      seed: false,
      env: { ...process.env, ...ENV },
      log: (line) => {
        if (line.includes('The platform crashed')) crashes.push(line.trim());
      },
      output: (line) => {
        output.push(line);
        if (output.length > 200) output.shift();
      },
    });
    const ready = await supervised.firstReady.catch((err: Error) => {
      removeData();
      throw new Error(`the embedded platform did not start: ${err.message}\n${output.join('\n')}`, {
        cause: err,
      });
    });
    return {
      mode,
      url: ready.url,
      teacherCode: ready.teacherCode,
      crashes: () => crashes,
      async stop() {
        await supervised.stop();
        removeData();
      },
    };
  }

  const crashes: string[] = [];
  const runId = `e2e_${randomBytes(4).toString('hex')}`;
  const vhost = await createIsolatedVhost(process.env.AMQP_URL ?? DEFAULT_AMQP_URL, runId);
  const logFile = path.join(dataDir, 'platform.log');
  try {
    const platform = await startMultiProcessPlatform({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'warn',
      databasePrefix: `${runId}_`,
      dropDatabasesOnStop: true,
      amqpUrl: vhost.url,
      servicePorts: 'free',
      env: ENV,
      seed: false,
      log: (line) => {
        fs.appendFileSync(logFile, `${line}\n`);
        // The runner's report of a process that died (and is restarted): see supervised-process.ts.
        if (line.includes('!!!')) crashes.push(line.trim());
      },
    });
    return {
      mode,
      url: platform.url,
      teacherCode: platform.teacherCode,
      crashes: () => crashes,
      async stop() {
        await platform.stop();
        await vhost.remove();
        removeData();
      },
    };
  } catch (err) {
    await vhost.remove();
    const logs = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4_000) : '';
    throw new Error(`the multi-process platform did not start: ${(err as Error).message}\n${logs}`, {
      cause: err,
    });
  }
}
