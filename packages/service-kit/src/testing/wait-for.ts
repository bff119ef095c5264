import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitForOptions<T> {
  /** When the probed value is the one awaited; by default when it is truthy. */
  until?: (value: T) => boolean;
  /** How long to keep probing before failing; 10 s by default. */
  timeoutMs?: number;
  /** Pause between probes; 15 ms by default. */
  everyMs?: number;
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 1_000);
  } catch {
    return String(value).slice(0, 1_000);
  }
}

/**
 * The one polling helper of the test kits: calls `probe` until its value satisfies `until` (by
 * default: is truthy) and resolves with that value. Work that crosses a bus shows up a moment
 * later, so tests wait for the state they assert, never for a fixed time. A probe that throws
 * (a server not listening yet) counts as "not yet". On timeout the error says what was awaited
 * and what was last seen (or last thrown). A number as `options` is the timeout.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  options: number | WaitForOptions<T> = {},
): Promise<T> {
  const {
    until = Boolean,
    timeoutMs = 10_000,
    everyMs = 15,
  } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    let last: { value: T } | { error: unknown };
    try {
      const value = await probe();
      if (until(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (performance.now() > deadline) {
      const seen =
        'value' in last ? `last seen: ${describe(last.value)}` : `last error: ${describe(last.error)}`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${seen}`, {
        cause: 'error' in last ? last.error : undefined,
      });
    }
    await sleep(everyMs);
  }
}
