import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import {
  DEFAULT_DATABASE_URL,
  databaseUrl,
  dropDatabases,
  ensureDatabases,
} from '../../../src/multi-process/databases';
import {
  DEFAULT_AMQP_URL,
  startMultiProcessPlatform,
  type RunningMultiProcessPlatform,
} from '../../../src/multi-process/multi-process-platform';
import { createIsolatedVhost } from '../../../src/multi-process/rabbitmq-vhost';
import { startTcpProxy, type TcpProxy } from '@campus/service-kit/testing/tcp-proxy';

export interface FaultPlatform {
  platform: RunningMultiProcessPlatform;
  /** Between the platform's processes and RabbitMQ: `cut()` makes the broker unreachable for them. */
  brokerLink: TcpProxy;
  /** The run's own virtual host, reached directly (test consumers, dead-letter inspection). */
  amqpUrl: string;
  runId: string;
  /** A pool on a service's database (closed at stop). */
  db(service: string): Pool;
  /** A database of the run for test consumers (created now, dropped at stop). */
  extraDatabase(name: string): Promise<string>;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * The multi-process platform for one fault test: its own databases and RabbitMQ virtual host (so
 * nothing another run does can change the counts), RabbitMQ behind a cuttable relay, fast restarts.
 */
export async function startFaultPlatform(): Promise<FaultPlatform> {
  const runId = `faults_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-faults-'));
  const logFile = path.join(dataDir, 'platform.log');
  const serverUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const vhost = await createIsolatedVhost(process.env.AMQP_URL ?? DEFAULT_AMQP_URL, runId);
  const broker = new URL(vhost.url);
  const brokerLink = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 5672) });
  const viaLink = new URL(vhost.url);
  viaLink.hostname = '127.0.0.1';
  viaLink.port = String(brokerLink.port);

  const extra: string[] = [];
  const pools = new Map<string, Pool>();
  let platform: RunningMultiProcessPlatform;
  try {
    platform = await startMultiProcessPlatform({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'warn',
      databaseUrl: serverUrl,
      databasePrefix: `${runId}_`,
      dropDatabasesOnStop: true,
      amqpUrl: viaLink.toString(),
      servicePorts: 'free',
      restartBackoffMs: 100,
      seed: false,
      env: {
        TEACHER_CODE: 'FAULTS-FACULTY-1',
        PASSWORD_HASH_COST: '1024',
        REGISTRATIONS_PER_HOUR: '1000000',
        LOGIN_ATTEMPTS_PER_15_MIN: '1000000',
      },
      log: (line) => fs.appendFileSync(logFile, `${line}\n`),
    });
  } catch (err) {
    await brokerLink.close();
    await vhost.remove();
    throw err;
  }

  return {
    platform,
    brokerLink,
    amqpUrl: vhost.url,
    runId,
    logFile,
    db(service) {
      const info = platform.services.find((s) => s.name === service);
      const url = info?.databaseUrl ?? databaseUrl(serverUrl, `${runId}_${service}`);
      let pool = pools.get(url);
      if (!pool) {
        pool = new Pool({ connectionString: url, max: 2 });
        pools.set(url, pool);
      }
      return pool;
    },
    async extraDatabase(name) {
      const database = `${runId}_${name}`;
      await ensureDatabases(serverUrl, [database]);
      extra.push(database);
      return databaseUrl(serverUrl, database);
    },
    async stop() {
      await Promise.all([...pools.values()].map((p) => p.end()));
      await platform.stop();
      await brokerLink.close();
      await dropDatabases(serverUrl, extra);
      await vhost.remove();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
