import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { PlatformReadyMessage } from './platform-process';

export interface PlatformRestarterOptions {
  repoRoot: string;
  env: NodeJS.ProcessEnv;
  /** Each time a platform process serves: how long the previous one took to stop, and this one to start. */
  onReady: (ready: PlatformReadyMessage, took: { stopMs: number; startMs: number }, reason: string) => void;
  log: (line: string) => void;
  /** How long a stopping platform may take before it is killed (a kill risks the database folder). */
  stopGraceMs?: number;
}

export interface PlatformRestarter {
  /**
   * Stops the running platform and starts a new one. Asked while a start or stop is under way, it
   * happens once that finishes; a burst of saves makes one restart.
   */
  restart(reason: string): void;
  /** Stops the platform (cleanly) and starts no other. */
  stop(): Promise<void>;
  /** Kills the platform at once (a second Ctrl-C). */
  kill(): void;
}

const ENTRY = path.join(__dirname, 'platform-process.ts');

function isReadyMessage(message: unknown): message is PlatformReadyMessage {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'ready';
}

/**
 * Runs the platform in a child process and replaces it on demand, one at a time: the old process
 * has exited (its PGlite closed) before the next one opens the same data folder. The child runs in
 * its own process group, so a Ctrl-C reaches only this process, which then stops it once.
 */
export function createPlatformRestarter(options: PlatformRestarterOptions): PlatformRestarter {
  const { log, stopGraceMs = 30_000 } = options;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let cycle: Promise<void> | undefined;
  let pendingReason: string | undefined;
  let stopped = false;
  const stoppedOnPurpose = new WeakSet<ChildProcess>();

  function launch(reason: string, stopMs: number): Promise<void> {
    const started = performance.now();
    const current = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      cwd: options.repoRoot,
      env: options.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    child = current;
    exited = new Promise((resolve) => {
      current.once('exit', (code, signal) => {
        if (child === current) child = undefined;
        if (!stoppedOnPurpose.has(current))
          log(
            `The platform stopped (${signal ?? `exit code ${code}`}); it starts again when you save a server file.`,
          );
        resolve();
      });
    });
    return new Promise<void>((resolve) => {
      current.on('message', (message) => {
        if (!isReadyMessage(message)) return;
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

  return {
    restart(reason) {
      if (stopped) return;
      pendingReason = reason;
      if (cycle) return;
      cycle = (async () => {
        while (pendingReason !== undefined && !stopped) {
          const next = pendingReason;
          pendingReason = undefined;
          const stopping = performance.now();
          await stopChild();
          if (!stopped) await launch(next, performance.now() - stopping);
        }
        cycle = undefined;
      })();
    },
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
