import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SupervisedProcessOptions {
  /** Shown in every line the process prints and in every report about it. */
  name: string;
  /** TypeScript entry, run by Node with the tsx loader (one OS process: a kill reaches the service itself). */
  entry: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Resolves true once the process serves (polled every 100 ms). */
  isReady: () => Promise<boolean>;
  /** Where the process's output and the supervisor's reports go. */
  log: (line: string) => void;
  /** Restart a process that died on its own; waits start here and double up to `maxBackoffMs`. */
  restart?: boolean;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A process that stayed up this long has recovered: the next crash starts the backoff again. */
  stableAfterMs?: number;
  readyTimeoutMs?: number;
}

export interface SupervisedProcess {
  readonly name: string;
  /** The current OS process id (changes on every restart). */
  pid(): number | undefined;
  /** How many times the supervisor restarted it after a crash. */
  restarts(): number;
  /** Resolves once the current (or next, while restarting) process is ready. */
  whenReady(timeoutMs?: number): Promise<void>;
  /** Resolves with how the current process ends (a crash the supervisor then restarts, or a stop). */
  nextExit(): Promise<ProcessExit>;
  /** Sends a signal to the current process; an exit it causes counts as a crash and is restarted. */
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`; no restart. */
  stop(graceMs?: number): Promise<ProcessExit | undefined>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one platform process and keeps it running: a process that dies is reported loudly and
 * restarted with exponential backoff; a stop is graceful (SIGTERM drains HTTP and flushes the outbox)
 * with a bounded wait before SIGKILL.
 */
export function superviseProcess(options: SupervisedProcessOptions): SupervisedProcess {
  const { name, log } = options;
  const restart = options.restart ?? true;
  const initialBackoffMs = options.initialBackoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const stableAfterMs = options.stableAfterMs ?? 30_000;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;

  let child: ChildProcess | undefined;
  let stopping = false;
  let restartCount = 0;
  let backoffMs = initialBackoffMs;
  let exited: Promise<ProcessExit> = Promise.resolve({ code: null, signal: null });
  let ready: Promise<void> = Promise.resolve();

  function pipe(stream: NodeJS.ReadableStream | null) {
    if (!stream) return;
    readline.createInterface({ input: stream }).on('line', (line) => log(`[${name}] ${line}`));
  }

  async function pollReady(current: ChildProcess, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (current.exitCode !== null || current.signalCode !== null)
        throw new Error(`${name} exited before it was ready`);
      if (await options.isReady().catch(() => false)) return;
      await sleep(100);
    }
    throw new Error(`${name} was not ready within ${timeoutMs} ms`);
  }

  function launch(): void {
    const started = Date.now();
    const current = spawn(process.execPath, ['--import', 'tsx', options.entry], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = current;
    pipe(current.stdout);
    pipe(current.stderr);
    exited = new Promise((resolve) => {
      current.once('exit', (code, signal) => resolve({ code, signal }));
      current.once('error', (err) => {
        log(`[${name}] could not start: ${err.message}`);
        resolve({ code: null, signal: null });
      });
    });
    ready = pollReady(current, readyTimeoutMs);
    // Unhandled until someone waits for it; a failed start surfaces through the exit below.
    ready.catch(() => undefined);
    void exited.then(async ({ code, signal }) => {
      if (stopping || child !== current) return;
      if (Date.now() - started > stableAfterMs) backoffMs = initialBackoffMs;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (!restart) {
        log(`\n!!! ${name} ${how}; it is not restarted.\n`);
        return;
      }
      log(`\n!!! ${name} ${how}; restarting it in ${backoffMs} ms (restart #${restartCount + 1})\n`);
      const wait = backoffMs;
      backoffMs = Math.min(maxBackoffMs, backoffMs * 2);
      // While waiting, callers asking for readiness wait for the next process (see whenReady).
      let launched!: () => void;
      ready = new Promise<void>((resolve) => (launched = resolve));
      await sleep(wait);
      if (!stopping) {
        restartCount++;
        launch();
      }
      launched();
    });
  }

  launch();

  return {
    name,
    pid: () => child?.pid,
    restarts: () => restartCount,
    async whenReady(timeoutMs = readyTimeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          (async () => {
            // `ready` is replaced when a restart launches the next process: wait for the latest one.
            let current: Promise<void>;
            do {
              current = ready;
              await current;
            } while (current !== ready);
          })(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`${name} was not ready within ${timeoutMs} ms`)),
              timeoutMs,
            );
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    nextExit: () => exited,
    kill(signal = 'SIGKILL') {
      child?.kill(signal);
    },
    async stop(graceMs = 10_000) {
      stopping = true;
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return undefined;
      current.kill('SIGTERM');
      const timer = setTimeout(() => {
        log(`[${name}] did not stop within ${graceMs} ms, killing it`);
        current.kill('SIGKILL');
      }, graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
