/**
 * `npm run dev`: the platform for working on it. Webpack watches the shell and every remote and
 * rebuilds only what a save touched, into dist/web-dev (development build; `npm start`'s dist/web
 * is left alone); the gateway serves that folder, so a reload shows the change. A save to one
 * service's code restarts that service inside the running platform; a save to code the platform
 * shares (gateway, kit packages, infra/local/src) restarts the platform process. Data: .data/dev.
 * How it works and what it costs: docs/development.md.
 */
import net from 'node:net';
import path from 'node:path';
import { DEMO_USERS } from './demo-data';
import { serveHotReloadEvents } from './dev-loop/hot-reload';
import { createPlatformRestarter, type PlatformRestarter } from './dev-loop/platform-restarter';
import { restartPlan, watchServerSources, type SourceWatcher } from './dev-loop/server-sources';
import { watchWeb } from './dev-loop/web-watch';
import { onStopSignals } from './stop-signals';
import type { PlatformChildReady } from './supervision/platform-child-protocol';
import type { ServiceRestartResult } from './supervision/service-reload';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const WEB_DEV_DIR = path.join(repoRoot, 'dist', 'web-dev');
/** Saves closer together than this make one restart (an editor's "save all", a branch switch). */
const RESTART_DEBOUNCE_MS = 150;
const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function banner(ready: PlatformChildReady, dataDir: string, startedAt: number): string {
  const facultyCode =
    ready.teacherCodeSource === 'environment'
      ? `${ready.teacherCode} (from TEACHER_CODE)`
      : `${ready.teacherCode} (kept in ${path.join(ready.secretsDir, 'teacher-code.txt')})`;
  return `
Campus Connect (development) is running: ${ready.url}   (ready in ${seconds(performance.now() - startedAt)})

  Demo student: ${DEMO_USERS.student.email} / ${DEMO_USERS.student.password}
  Demo teacher: ${DEMO_USERS.teacher.email} / ${DEMO_USERS.teacher.password}
  Faculty code: ${facultyCode}

  Screens (shell/, frontends/, packages/ui, packages/web-kit): a save rebuilds what uses the file,
  and the open page takes it in by itself (React Fast Refresh, else it reloads). A service's code
  (services/<name>/src, migrations): a save restarts that service alone. Other server code
  (gateway/, infra/local/src/, the other packages): a save restarts the platform.
  Data is kept in ${dataDir}.
Press Ctrl-C to stop.`;
}

/** Two platforms on one data folder would corrupt it: refuse to start when the port is taken. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `port ${port} is in use (another \`npm start\` or \`npm run dev\`?); set PORT to use another`,
            )
          : err,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** The gateway's CSP_EXTRA_ORIGINS (and the operator's GATEWAY_-scoped one, which wins) with one origin more. */
function withCspOrigin(env: NodeJS.ProcessEnv, origin: string): Record<string, string> {
  const keys = ['CSP_EXTRA_ORIGINS', ...(env.GATEWAY_CSP_EXTRA_ORIGINS ? ['GATEWAY_CSP_EXTRA_ORIGINS'] : [])];
  return Object.fromEntries(keys.map((key) => [key, [env[key], origin].filter(Boolean).join(' ')]));
}

function describeServiceRestart(result: ServiceRestartResult, tookMs: number, reason: string): string {
  switch (result.outcome) {
    case 'restarted':
      return `services: ${result.service} restarted in ${Math.round(tookMs)} ms (${reason})`;
    case 'kept-old-code':
      return `services: ${result.service}'s new code did not load, so its previous code still serves; save again to retry (${reason}):\n  ${result.error}`;
    case 'stopped':
      return `services: ${result.service} failed to start and is stopped (its routes answer 503); the rest of the platform runs on; save again to retry (${reason}):\n  ${result.error}`;
    case 'platform-restart-needed':
      return `services: ${result.why}; restarting the platform...`;
  }
}

function describeChanges(files: string[]): string {
  const shown = files.slice(0, 3).join(', ');
  return files.length > 3 ? `${shown} and ${files.length - 3} more` : shown;
}

async function main() {
  const startedAt = performance.now();
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data', 'dev'));
  const port = Number(process.env.PORT ?? 8080);
  await assertPortFree(port);

  // What is running so far, for a Ctrl-C that comes at any point of the start.
  const running: { platform?: PlatformRestarter; sources?: SourceWatcher } = {};
  let debounce: NodeJS.Timeout | undefined;
  const stopSignals = onStopSignals({
    async stop(signal) {
      log(`\n${signal}: stopping... (again to force)`);
      clearTimeout(debounce);
      running.sources?.close();
      // The platform holds the data, so it stops cleanly first. Webpack holds nothing: closing it
      // would wait for a build under way (up to the whole first build), so the exit just ends it.
      await running.platform?.stop();
      log('Stopped.');
      process.exit(0);
    },
    force(signal) {
      log(
        `\n${signal} again: killing the platform at once (if ${dataDir} will not open next time, delete it).`,
      );
      running.platform?.kill();
      process.exit(1);
    },
  });

  log('Building the frontends (development build, watching for changes)...');
  const hotReload = await serveHotReloadEvents();
  const web = await watchWeb({ outputDir: WEB_DEV_DIR, log, hotReload });
  // The gateway looks for the shell's index.html when it starts, so the platform starts after the
  // first build. (Starting both at once gained nothing measurable on two cores: both need the CPU.)
  await web.firstBuild;
  if (stopSignals.asked) return;

  let servedOnce = false;
  const platform = createPlatformRestarter({
    repoRoot,
    dataDir,
    port,
    webRoot: WEB_DEV_DIR,
    // The pages' update clients listen to the dev process's event stream: the CSP lets them.
    env: { ...process.env, ...withCspOrigin(process.env, hotReload.origin) },
    log,
    onServiceRestart: (result, tookMs, reason) => log(describeServiceRestart(result, tookMs, reason)),
    onReady(ready, { stopMs, startMs }, reason) {
      if (!servedOnce) {
        servedOnce = true;
        return log(banner(ready, dataDir, startedAt));
      }
      log(
        `services: the platform restarted in ${seconds(stopMs + startMs)} (stopped in ${seconds(stopMs)}, started in ${seconds(startMs)}; ${reason})`,
      );
    },
  });
  running.platform = platform;
  platform.restart('start');

  const changed = new Set<string>();
  running.sources = watchServerSources(repoRoot, (file) => {
    changed.add(file);
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      const files = [...changed];
      changed.clear();
      const plan = restartPlan(files);
      if (plan.kind === 'services') {
        log(`services: ${describeChanges(files)} changed; restarting ${plan.folders.join(', ')}...`);
        platform.restartServices(plan.folders, describeChanges(files));
      } else {
        log(`services: ${describeChanges(files)} changed; restarting the platform...`);
        platform.restart(describeChanges(files));
      }
    }, RESTART_DEBOUNCE_MS);
  });
}

main().catch((err: unknown) => {
  console.error('npm run dev could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
