import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import {
  PLATFORM_CHILD_ENV,
  isPlatformChildMessage,
  spawnPlatformChild,
  type PlatformChildReady,
  type PlatformChildStart,
} from './platform-child-protocol';

export interface PlatformSupervisorOptions {
  /** Working directory of the platform process (the repository root). */
  cwd: string;
  dataDir: string;
  /** Gateway port; 0 picks a free one on the first start, which every restart then reuses. */
  port: number;
  /**
   * The folder with the frontend builds, or a promise of it (`npm start` checks the build while the
   * first platform process loads its code); undefined: API only.
   */
  webRoot?: string | Promise<string | undefined>;
  /** Log level when the environment sets none. */
  logLevel?: string;
  seed?: boolean;
  /** The platform's environment (default: this process's); it reaches every service and the gateway. */
  env?: NodeJS.ProcessEnv;
  /** The supervisor's own reports (a crash, a restart). */
  log: (line: string) => void;
  /** Where the platform's output goes: this process's stdout and stderr by default, else line by line. */
  output?: (line: string) => void;
  /** The first wait before a restart; it doubles on each crash in a row, up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A platform that served this long has recovered: the next crash starts the backoff again. */
  stableAfterMs?: number;
  /** How long a stopping platform may take before it is killed (a kill risks the database folder). */
  stopGraceMs?: number;
}

export interface SupervisedPlatform {
  /** The first start: resolves when the platform serves, rejects if it dies before. */
  readonly firstReady: Promise<PlatformChildReady>;
  /** Resolves the next time a platform process serves (after a restart). */
  nextReady(): Promise<PlatformChildReady>;
  /** How many times the platform was started again after a crash. */
  restarts(): number;
  /** The current platform process (tests). */
  pid(): number | undefined;
  /** A message to the current platform process (tests: the crash hook, see platform-child.ts). */
  send(message: { type: string }): void;
  /** Stops the platform cleanly and starts no other. */
  stop(): Promise<void>;
  /** Kills the platform at once (a second Ctrl-C). */
  kill(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `npm start`'s platform runs in one child process; this keeps it running. A crash anywhere in it
 * (an uncaught error in any service or the gateway, an out-of-memory kill) ends that process only:
 * the supervisor says so, waits a moment (longer after each crash in a row) and starts it again on
 * the same port and the same data folder. The child runs in its own process group, so a Ctrl-C
 * reaches only the supervisor, which then stops the platform once, cleanly.
 */
export function supervisePlatform(options: PlatformSupervisorOptions): SupervisedPlatform {
  const { log } = options;
  const initialBackoffMs = options.initialBackoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 30_000;

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let port = options.port;
  let served = false;
  let stopping = false;
  let restartCount = 0;
  let backoffMs = initialBackoffMs;
  let readyWaiters: Array<(ready: PlatformChildReady) => void> = [];
  let resolveFirst!: (ready: PlatformChildReady) => void;
  let rejectFirst!: (err: Error) => void;
  const firstReady = new Promise<PlatformChildReady>((resolve, reject) => {
    resolveFirst = resolve;
    rejectFirst = reject;
  });
  // Unhandled until someone waits for it; start.ts does.
  firstReady.catch(() => undefined);

  function pipe(stream: NodeJS.ReadableStream | null) {
    if (!stream || !options.output) return;
    const output = options.output;
    readline.createInterface({ input: stream }).on('line', output);
  }

  // Known once the first start's promise settles; every restart then serves the same folder.
  let webRoot: string | undefined = typeof options.webRoot === 'string' ? options.webRoot : undefined;
  const webRootPending = typeof options.webRoot === 'object' ? options.webRoot : undefined;

  function launch(): void {
    const startedAt = performance.now();
    const awaitStart = webRootPending !== undefined && !served;
    const env: NodeJS.ProcessEnv = {
      ...(options.env ?? process.env),
      [PLATFORM_CHILD_ENV.dataDir]: options.dataDir,
      [PLATFORM_CHILD_ENV.port]: String(port),
      [PLATFORM_CHILD_ENV.logLevel]: options.logLevel ?? 'warn',
      [PLATFORM_CHILD_ENV.seed]: String(options.seed ?? true),
      ...(webRoot ? { [PLATFORM_CHILD_ENV.webRoot]: webRoot } : {}),
      ...(awaitStart ? { [PLATFORM_CHILD_ENV.awaitStart]: '1' } : {}),
    };
    const current = spawnPlatformChild({
      cwd: options.cwd,
      env,
      output: options.output ? 'pipe' : 'inherit',
    });
    child = current;
    pipe(current.stdout);
    pipe(current.stderr);
    if (awaitStart)
      webRootPending.then(
        (root) => {
          webRoot = root;
          const start: PlatformChildStart = { type: 'start', ...(root ? { webRoot: root } : {}) };
          if (current.connected) current.send(start);
        },
        (err: unknown) => {
          // No platform without its frontends: the first start fails with the build's error.
          stopping = true;
          current.kill('SIGTERM');
          rejectFirst(err instanceof Error ? err : new Error(String(err)));
        },
      );
    let crash: string | undefined;
    let readyAt: number | undefined;
    current.on('message', (message) => {
      if (!isPlatformChildMessage(message)) return;
      if (message.type === 'crashed') {
        crash = message.error;
        // Said at once: the process still closes its database before it exits.
        if (served && !stopping) log(`\n!!! The platform crashed (${crash}); it is closing its data.`);
      }
      if (message.type !== 'ready') return;
      readyAt = performance.now();
      port = Number(new URL(message.url).port);
      if (!served) {
        served = true;
        resolveFirst(message);
      } else
        log(
          `The platform is serving again at ${message.url} (started in ${seconds(readyAt - startedAt)}; data kept in ${options.dataDir}).`,
        );
      const waiters = readyWaiters;
      readyWaiters = [];
      for (const waiter of waiters) waiter(message);
    });
    exited = new Promise((resolve) => {
      current.once('error', (err) => {
        log(`The platform process could not be started: ${err.message}`);
      });
      current.once('exit', (code, signal) => {
        if (child === current) child = undefined;
        resolve();
        if (stopping) return;
        const how = crash ?? (signal ? `killed by ${signal}` : `exit code ${code}`);
        if (!served) {
          rejectFirst(new Error(`the platform stopped before it served (${how})`));
          return;
        }
        if (readyAt !== undefined && performance.now() - readyAt > stableAfterMs)
          backoffMs = initialBackoffMs;
        const wait = backoffMs;
        backoffMs = Math.min(maxBackoffMs, backoffMs * 2);
        log(
          crash
            ? `The platform exited after the crash; restarting it in ${wait} ms (restart #${restartCount + 1}).`
            : `\n!!! The platform crashed (${how}); restarting it in ${wait} ms (restart #${restartCount + 1}).`,
        );
        void sleep(wait).then(() => {
          if (stopping) return;
          restartCount++;
          launch();
        });
      });
    });
  }

  launch();

  return {
    firstReady,
    nextReady: () => new Promise((resolve) => readyWaiters.push(resolve)),
    restarts: () => restartCount,
    pid: () => child?.pid,
    send(message) {
      child?.send(message);
    },
    async stop() {
      stopping = true;
      const current = child;
      if (!current) return;
      current.kill('SIGTERM');
      const timer = setTimeout(() => {
        log(`The platform did not stop within ${seconds(stopGraceMs)}; killing it.`);
        current.kill('SIGKILL');
      }, stopGraceMs);
      await exited;
      clearTimeout(timer);
    },
    kill() {
      stopping = true;
      child?.kill('SIGKILL');
    },
  };
}
