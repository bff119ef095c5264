/**
 * Polls `probe` until `done` holds for what it returns, and returns that value. Work that crosses
 * services travels by events, so it shows up a moment later; the wait is bounded and, when it runs
 * out, the failure says what was awaited and what was last seen.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(value).slice(0, 1_000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
