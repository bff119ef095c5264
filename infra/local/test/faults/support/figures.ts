import os from 'node:os';

/** Prints a test's measured figures as one block, so a CI log shows them without the jest noise. */
export function report(title: string, measured: Record<string, string | number | boolean>): void {
  // The machine is shared: timings mean little without how busy it was.
  const figures = {
    ...measured,
    'load average (1 min) / cores': `${os.loadavg()[0]!.toFixed(1)} / ${os.cpus().length}`,
  };
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const lines = Object.entries(figures).map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
  process.stdout.write(`\n[fault figures] ${title}\n${lines.join('\n')}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns true; resolves with the time it took, rejects after `timeoutMs`. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 50,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await probe().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
