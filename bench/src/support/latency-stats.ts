import { performance } from 'node:perf_hooks';

/**
 * The p-th percentile of some timings by nearest rank: the smallest sample with at least p% of the
 * samples at or below it (p50 of 30 samples is the 15th, p95 the 29th). NaN when there are none.
 */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** `p50    1.23 ms   p95    4.56 ms`: fixed width, so the figures of a table's rows line up. */
export function latencyColumns(samples: readonly number[]): string {
  const column = (p: number) => `p${p} ${percentile(samples, p).toFixed(2).padStart(7)} ms`;
  return `${column(50)}   ${column(95)}`;
}

/** `p50 812 ms, p95 1020 ms, max 1100 ms (24)`, or `none`: for timings of hundreds of milliseconds. */
export function latencySummary(samples: readonly number[]): string {
  if (samples.length === 0) return 'none';
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, max ${ms(Math.max(...samples))} (${samples.length})`;
}

/** How long `work` took, in milliseconds. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
