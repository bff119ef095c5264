/** Polls `check` until it returns true; fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** Gives the system time to do something it must not do (a duplicate, a late delivery). */
export const settle = (ms = 300): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
