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

export { setTimeout as sleep } from 'node:timers/promises';

/** Runs `work` and resolves with how long it took in ms (for the printed figures, never asserted). */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
