import path from 'node:path';
import { DEMO_USERS } from './demo-data';
import { onStopSignals } from './stop-signals';
import { supervisePlatform } from './supervision/platform-supervisor';
import { ensureWebBuild } from './web-build';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/**
 * `npm start`: the whole platform on this machine, nothing to install. It runs in a child process
 * this one supervises: a crash anywhere in it is restarted, on the same port and data (ADR 0086).
 */
async function main() {
  const started = performance.now();
  // The platform process loads its code while the frontend build is checked (or made).
  const webRoot = ensureWebBuild(repoRoot);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const supervised = supervisePlatform({
    cwd: repoRoot,
    dataDir,
    port: Number(process.env.PORT ?? 8080),
    webRoot,
    // Every other setting comes from the environment, passed through to each service and the gateway
    // (docs/configuration.md); this is only the default when LOG_LEVEL is not set.
    logLevel: 'warn',
    log: (line) => console.log(line),
  });
  const stopSignals = onStopSignals({
    async stop(signal) {
      console.log(`\n${signal}: stopping Campus Connect... (again to force)`);
      await supervised.stop();
      console.log('Stopped.');
      process.exit(0);
    },
    force(signal) {
      console.log(`\n${signal} again: exiting at once.`);
      supervised.kill();
      process.exit(1);
    },
  });
  const platform = await supervised.firstReady;
  if (stopSignals.asked) return;
  const facultyCode =
    platform.teacherCodeSource === 'environment'
      ? `${platform.teacherCode}\n    (from the TEACHER_CODE environment variable)`
      : `${platform.teacherCode}\n    (generated; kept in ${path.join(platform.secretsDir, 'teacher-code.txt')}; set TEACHER_CODE to choose your own)`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
Campus Connect is running: ${platform.url}   (ready in ${seconds} s)

  Demo student: ${DEMO_USERS.student.email} / ${DEMO_USERS.student.password}
  Demo teacher: ${DEMO_USERS.teacher.email} / ${DEMO_USERS.teacher.password}
  Faculty code for registering teachers: ${facultyCode}
  API reference: ${platform.url}/api/docs     Health: ${platform.url}/api/health

Press Ctrl-C to stop. Data is kept in ${dataDir} between runs; a crash restarts the platform.`);
}

main().catch((err) => {
  console.error('Campus Connect could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
