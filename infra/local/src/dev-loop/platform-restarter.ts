import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import {
  PLATFORM_CHILD_ENV,
  isPlatformChildMessage,
  spawnPlatformChild,
  type PlatformChildReady,
  type PlatformChildRestartService,
} from '../supervision/platform-child-protocol';
import type { ServiceRestartResult } from '../supervision/service-reload';

export interface PlatformRestarterOptions {
  repoRoot: string;
  dataDir: string;
  /** The gateway's port (0: a free one, which every restart then keeps). */
  port: number;
  webRoot?: string;
  /** The platform's environment: it reaches every service and the gateway. */
  env: NodeJS.ProcessEnv;
  seed?: boolean;
  /** Each time a platform process serves: how long the previous one took to stop, and this one to start. */
  onReady: (ready: PlatformChildReady, took: { stopMs: number; startMs: number }, reason: string) => void;
  /** Each time one service was restarted in place (or could not be), and how long it took. */
  onServiceRestart: (result: ServiceRestartResult, tookMs: number, reason: string) => void;
  log: (line: string) => void;
  /** Where the platform's output goes: the terminal by default, else line by line (tests). */
  output?: (line: string) => void;
  /** How long a stopping platform may take before it is killed (a kill risks the database folder). */
  stopGraceMs?: number;
}

export interface PlatformRestarter {
  /**
   * Stops the running platform and starts a new one. Asked while a start or stop is under way, it
   * happens once that finishes; a burst of saves makes one restart.
   */
  restart(reason: string): void;
  /**
   * Restarts these services (package folders, relative to the repository) inside the running
   * platform, one after the other, each with its code read again; the gateway, the database and the
   * other services go on. Falls back to `restart` when the platform is not running, or when the
   * platform says a change needs it (a folder that is no service's, a service whose events changed).
   */
  restartServices(folders: readonly string[], reason: string): void;
  /** The platform process's id (tests: a restart in place keeps it). */
  pid(): number | undefined;
  /** Stops the platform (cleanly) and starts no other. */
  stop(): Promise<void>;
  /** Kills the platform at once (a second Ctrl-C). */
  kill(): void;
}

/**
 * Runs the platform in a child process (supervision/platform-child.ts, as `npm start` does) and
 * restarts it, or one of its services, on demand, one thing at a time: a service restart never runs
 * during a platform restart, and the old platform process has exited (its PGlite closed) before the
 * next one opens the same data folder. What is asked meanwhile is gathered and done next, once.
 */
export function createPlatformRestarter(options: PlatformRestarterOptions): PlatformRestarter {
  const { log, stopGraceMs = 30_000 } = options;
  let port = options.port;
  let child: ChildProcess | undefined;
  let serving = false;
  let exited: Promise<void> = Promise.resolve();
  let cycle: Promise<void> | undefined;
  /** Work asked for and not begun: a platform restart (its reason) covers every service restart. */
  let platformReason: string | undefined;
  const serviceReasons = new Map<string, string>();
  let stopped = false;
  const stoppedOnPurpose = new WeakSet<ChildProcess>();

  function pipe(stream: NodeJS.ReadableStream | null) {
    if (stream && options.output) readline.createInterface({ input: stream }).on('line', options.output);
  }

  function launch(reason: string, stopMs: number): Promise<void> {
    const started = performance.now();
    const current = spawnPlatformChild({
      cwd: options.repoRoot,
      env: {
        ...options.env,
        [PLATFORM_CHILD_ENV.dataDir]: options.dataDir,
        [PLATFORM_CHILD_ENV.port]: String(port),
        [PLATFORM_CHILD_ENV.seed]: String(options.seed ?? true),
        ...(options.webRoot ? { [PLATFORM_CHILD_ENV.webRoot]: options.webRoot } : {}),
      },
      output: options.output ? 'pipe' : 'inherit',
    });
    child = current;
    serving = false;
    pipe(current.stdout);
    pipe(current.stderr);
    exited = new Promise((resolve) => {
      current.once('exit', (code, signal) => {
        if (child === current) {
          child = undefined;
          serving = false;
        }
        if (!stoppedOnPurpose.has(current))
          log(
            `The platform stopped (${signal ?? `exit code ${code}`}); it starts again when you save a server file.`,
          );
        resolve();
      });
    });
    return new Promise<void>((resolve) => {
      current.on('message', (message) => {
        if (!isPlatformChildMessage(message) || message.type !== 'ready') return;
        port = Number(new URL(message.url).port);
        serving = true;
        options.onReady(message, { stopMs, startMs: performance.now() - started }, reason);
        resolve();
      });
      void exited.then(resolve);
    });
  }

  async function stopChild(): Promise<void> {
    const current = child;
    if (!current) return;
    stoppedOnPurpose.add(current);
    current.kill('SIGTERM');
    const timer = setTimeout(() => {
      log(`The platform did not stop within ${stopGraceMs / 1000} s; killing it.`);
      current.kill('SIGKILL');
    }, stopGraceMs);
    await exited;
    clearTimeout(timer);
  }

  /** Asks the running platform to restart one service; undefined if the platform went away meanwhile. */
  function restartInPlace(current: ChildProcess, folder: string): Promise<ServiceRestartResult | undefined> {
    const absolute = path.resolve(options.repoRoot, folder);
    return new Promise((resolve) => {
      const onMessage = (message: unknown) => {
        if (!isPlatformChildMessage(message) || message.type !== 'service-restarted') return;
        if (message.folder !== absolute) return;
        current.off('message', onMessage);
        resolve(message.result);
      };
      current.on('message', onMessage);
      void exited.then(() => {
        current.off('message', onMessage);
        resolve(undefined);
      });
      const request: PlatformChildRestartService = { type: 'restart-service', folder: absolute };
      current.send(request);
    });
  }

  async function restartPlatform(reason: string): Promise<void> {
    const stopping = performance.now();
    await stopChild();
    if (!stopped) await launch(reason, performance.now() - stopping);
  }

  async function restartEachService(work: Array<[string, string]>): Promise<void> {
    for (const [folder, reason] of work) {
      // A platform restart asked for meanwhile covers the services still to do.
      if (platformReason !== undefined) return;
      const current = child;
      if (!current || !serving || stopped) {
        // Not running (a start that failed, a crash) or stopping: only a whole start helps.
        platformReason ??= reason;
        return;
      }
      const started = performance.now();
      const result = await restartInPlace(current, folder);
      if (!result) return; // The platform went away; its exit was reported, the next save starts it.
      options.onServiceRestart(result, performance.now() - started, reason);
      if (result.outcome === 'platform-restart-needed') {
        platformReason ??= reason;
        return;
      }
    }
  }

  function run(): void {
    if (cycle || stopped) return;
    cycle = (async () => {
      while (!stopped && (platformReason !== undefined || serviceReasons.size > 0)) {
        if (platformReason !== undefined) {
          const reason = platformReason;
          platformReason = undefined;
          serviceReasons.clear();
          await restartPlatform(reason);
        } else {
          const work = [...serviceReasons];
          serviceReasons.clear();
          await restartEachService(work);
        }
      }
      cycle = undefined;
    })();
  }

  return {
    restart(reason) {
      if (stopped) return;
      platformReason = reason;
      run();
    },
    restartServices(folders, reason) {
      if (stopped) return;
      for (const folder of folders) serviceReasons.set(folder, reason);
      run();
    },
    pid: () => child?.pid,
    async stop() {
      stopped = true;
      await stopChild();
      await cycle;
    },
    kill() {
      child?.kill('SIGKILL');
    },
  };
}
