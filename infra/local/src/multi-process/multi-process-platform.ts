import fs from 'node:fs';
import path from 'node:path';
import { createLogger } from '@campus/service-kit/logger';
import { GatewayConfig } from '@campus/gateway/config';
import { environmentFor, operatorSetting } from '../runner-env';
import { loadOrCreateSecrets } from '../secrets';
import { seedDemoData } from '../seed';
import { SERVICES } from '../service-registry';
import { DEFAULT_DATABASE_URL, databaseUrl, dropDatabases, ensureDatabases } from './databases';
import { freePort } from './ports';
import { superviseProcess, type ProcessExit, type SupervisedProcess } from './supervised-process';

export const DEFAULT_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

export interface MultiProcessPlatformOptions {
  /** Where the secrets (shared with embedded mode) and seed markers live. */
  dataDir: string;
  /** Gateway port; 0 picks a free one (tests). */
  port: number;
  /** Gateway bind address (default 0.0.0.0; tests use 127.0.0.1). */
  host?: string;
  /** Folder with the frontend builds (shell/, remotes/); omitted means API only. */
  webRoot?: string;
  logLevel?: string;
  /** The PostgreSQL server; each service gets its own database `<databasePrefix><name>` on it. */
  databaseUrl?: string;
  databasePrefix?: string;
  /** Tests: drop the databases again on stop. */
  dropDatabasesOnStop?: boolean;
  amqpUrl?: string;
  /** 'registry': the fixed ports of service-registry.ts; 'free': any free ports (tests side by side). */
  servicePorts?: 'registry' | 'free';
  /** Overrides of every process's environment (tests: a known TEACHER_CODE, a cheaper password hash). */
  env?: Record<string, string>;
  seed?: boolean;
  /** Every line the processes print, prefixed with their name, and the supervisor's reports. */
  log?: (line: string) => void;
  /** First wait before restarting a crashed process (doubles per crash, up to 10 s). */
  restartBackoffMs?: number;
}

export interface ServiceProcessInfo {
  name: string;
  url: string;
  port: number;
  databaseUrl: string;
}

export interface RunningMultiProcessPlatform {
  url: string;
  teacherCode: string;
  secretsDir: string;
  services: ReadonlyArray<ServiceProcessInfo>;
  /** A service's process (or 'gateway'): pid, restarts, whenReady, nextExit. */
  process(name: string): SupervisedProcess;
  /** Sends `signal` (default SIGKILL) and resolves when that process has exited; the supervisor restarts it. */
  kill(name: string, signal?: NodeJS.Signals): Promise<ProcessExit>;
  /** Graceful restart: SIGTERM, then waits until the new process is ready. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** The keys a service's config schema declares, so each process gets only the secrets it reads. */
function declaredEnv(schema: unknown): Set<string> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return new Set(shape ? Object.keys(shape) : []);
}

async function respondsOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  await res.arrayBuffer();
  return res.ok;
}

/**
 * The production topology without containers: every service in SERVICES as its own Node process
 * on its own database of one PostgreSQL server, events over RabbitMQ, the gateway as one more
 * process in front. Same shape as `startPlatform`, plus control over single processes for fault tests.
 */
export async function startMultiProcessPlatform(
  options: MultiProcessPlatformOptions,
): Promise<RunningMultiProcessPlatform> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const log = options.log ?? ((line: string) => console.log(line));
  const logLevel = options.logLevel ?? 'warn';
  const serverUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const amqpUrl = options.amqpUrl ?? process.env.AMQP_URL ?? DEFAULT_AMQP_URL;
  const prefix = options.databasePrefix ?? 'campus_';
  const overrides = options.env ?? {};

  // Secrets from the environment win (production-like runs); otherwise the embedded mode's files.
  const fileSecrets = loadOrCreateSecrets(options.dataDir);
  const secrets = {
    JWT_PRIVATE_KEY:
      operatorSetting('identity', 'JWT_PRIVATE_KEY', process.env, overrides) ?? fileSecrets.jwtPrivateKey,
    JWT_PUBLIC_KEY: process.env.JWT_PUBLIC_KEY ?? fileSecrets.jwtPublicKey,
    TEACHER_CODE:
      operatorSetting('identity', 'TEACHER_CODE', process.env, overrides) ?? fileSecrets.teacherCode,
    UNSUBSCRIBE_SECRET:
      operatorSetting('notifications', 'UNSUBSCRIBE_SECRET', process.env, overrides) ??
      fileSecrets.unsubscribeSecret,
  };
  const processNames = [...SERVICES.map((s) => s.definition.name), 'gateway'];

  const databases = SERVICES.map(({ definition }) => `${prefix}${definition.name}`);
  await ensureDatabases(serverUrl, databases);

  const infos: ServiceProcessInfo[] = [];
  for (const { definition, port: registryPort } of SERVICES) {
    const port = options.servicePorts === 'free' ? await freePort() : registryPort;
    infos.push({
      name: definition.name,
      port,
      url: `http://127.0.0.1:${port}`,
      databaseUrl: databaseUrl(serverUrl, `${prefix}${definition.name}`),
    });
  }

  const processes = new Map<string, SupervisedProcess>();
  const supervise = (
    name: string,
    entry: string,
    env: NodeJS.ProcessEnv,
    readyUrl: string,
    ready = respondsOk,
  ) =>
    processes.set(
      name,
      superviseProcess({
        name,
        entry: path.join(repoRoot, entry),
        cwd: repoRoot,
        env,
        isReady: () => ready(readyUrl),
        log,
        initialBackoffMs: options.restartBackoffMs,
      }),
    );

  const stopAll = async () => {
    const gateway = processes.get('gateway');
    await gateway?.stop();
    await Promise.all([...processes.values()].filter((p) => p !== gateway).map((p) => p.stop()));
    if (options.dropDatabasesOnStop) await dropDatabases(serverUrl, databases);
  };

  try {
    SERVICES.forEach(({ definition, main }, i) => {
      const info = infos[i]!;
      const declared = declaredEnv(definition.configSchema);
      // The operator's environment passes through (a `<SERVICE>_` prefixed variable for one service
      // only); ports, databases and the broker are the runner's; each process gets only the secrets
      // its configuration declares.
      const env = environmentFor(definition.name, {
        defaults: { LOG_LEVEL: logLevel, COOKIE_SECURE: 'false' },
        operator: process.env,
        owned: {
          PORT: String(info.port),
          HOST: '127.0.0.1',
          DATABASE_URL: info.databaseUrl,
          AMQP_URL: amqpUrl,
          JWT_PUBLIC_KEY: secrets.JWT_PUBLIC_KEY,
          JWT_PRIVATE_KEY: declared.has('JWT_PRIVATE_KEY') ? secrets.JWT_PRIVATE_KEY : undefined,
          TEACHER_CODE: declared.has('TEACHER_CODE') ? secrets.TEACHER_CODE : undefined,
          UNSUBSCRIBE_SECRET: declared.has('UNSUBSCRIBE_SECRET') ? secrets.UNSUBSCRIBE_SECRET : undefined,
        },
        overrides,
        processes: processNames,
        declared,
      });
      supervise(definition.name, main, env, `${info.url}/ready`);
    });
    await Promise.all(infos.map((s) => processes.get(s.name)!.whenReady()));

    const gatewayPort = options.port === 0 ? await freePort() : options.port;
    const gatewayHost = options.host ?? '0.0.0.0';
    const url = `http://${gatewayHost === '0.0.0.0' ? 'localhost' : gatewayHost}:${gatewayPort}`;
    supervise(
      'gateway',
      'gateway/src/main.ts',
      environmentFor('gateway', {
        defaults: { LOG_LEVEL: logLevel },
        operator: process.env,
        owned: {
          PORT: String(gatewayPort),
          HOST: gatewayHost,
          JWT_PUBLIC_KEY: secrets.JWT_PUBLIC_KEY,
          JWT_PRIVATE_KEY: undefined,
          TEACHER_CODE: undefined,
          DATABASE_URL: undefined,
          ...(options.webRoot ? { WEB_ROOT: options.webRoot } : {}),
          ...Object.fromEntries(infos.map((s) => [`${s.name.toUpperCase()}_SERVICE_URL`, s.url])),
        },
        overrides,
        processes: processNames,
        declared: declaredEnv(GatewayConfig),
      }),
      `${url}/api/health`,
    );
    await processes.get('gateway')!.whenReady();

    if (options.seed !== false) {
      const logger = createLogger('platform', logLevel);
      // Markers per database set: the embedded mode's markers say nothing about these databases.
      await seedDemoData(path.join(options.dataDir, 'multi-process', prefix), {
        url,
        teacherCode: secrets.TEACHER_CODE,
        logger,
      });
    }

    const processFor = (name: string) => {
      const p = processes.get(name);
      if (!p) throw new Error(`no process named '${name}' (known: ${[...processes.keys()].join(', ')})`);
      return p;
    };
    return {
      url,
      teacherCode: secrets.TEACHER_CODE,
      secretsDir: fileSecrets.dir,
      services: infos,
      process: processFor,
      async kill(name, signal = 'SIGKILL') {
        const p = processFor(name);
        const exit = p.nextExit();
        p.kill(signal);
        return exit;
      },
      async restart(name) {
        const p = processFor(name);
        const exit = p.nextExit();
        p.kill('SIGTERM');
        await exit;
        await p.whenReady();
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }
}
