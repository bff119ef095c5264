import fs from 'node:fs';
import path from 'node:path';
import { DEMO_USERS } from './demo-data';
import { DEFAULT_AMQP_URL, startMultiProcessPlatform } from './multi-process/multi-process-platform';
import { DEFAULT_DATABASE_URL } from './multi-process/databases';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Shows where a URL points without its password. */
function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * `npm run start:services`: the production topology on this machine, one process per service on
 * the PostgreSQL server at DATABASE_URL and RabbitMQ at AMQP_URL, the gateway in front.
 */
async function main() {
  const started = performance.now();
  const builtWeb = path.join(repoRoot, 'dist', 'web');
  const webRoot = fs.existsSync(path.join(builtWeb, 'shell', 'index.html')) ? builtWeb : undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const amqpUrl = process.env.AMQP_URL ?? DEFAULT_AMQP_URL;

  const platform = await startMultiProcessPlatform({
    dataDir,
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST,
    webRoot,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    databaseUrl,
    amqpUrl,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const rows = platform.services.map(
    (s) =>
      `    ${s.name.padEnd(10)} pid ${String(platform.process(s.name).pid()).padEnd(8)} ${s.url}   ${redact(s.databaseUrl)}`,
  );
  console.log(`
Campus Connect is running as separate processes: ${platform.url}   (ready in ${seconds} s)

  Services (each its own process and database):
${rows.join('\n')}
    gateway    pid ${platform.process('gateway').pid()}
  Events: ${redact(amqpUrl)}
  Frontends: ${webRoot ? webRoot : 'not built (npm run build:web), API only'}

  Demo student: ${DEMO_USERS.student.email} / ${DEMO_USERS.student.password}
  Demo teacher: ${DEMO_USERS.teacher.email} / ${DEMO_USERS.teacher.password}
  Faculty code for registering teachers: ${platform.teacherCode}
  API reference: ${platform.url}/api/docs     Health: ${platform.url}/api/health

A process that dies is reported here and restarted. Press Ctrl-C to stop them all.`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping every process...`);
    await platform.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error('Campus Connect (multi-process) could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
