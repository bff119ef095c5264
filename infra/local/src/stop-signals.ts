/**
 * Ctrl-C under `npm run` arrives twice: the terminal signals the whole process group, and npm
 * forwards the signal to its child as well. Signals this close together are one press; only a
 * later press means "again: force".
 */
export const SAME_PRESS_MS = 500;

export function onStopSignals(
  handlers: {
    /** The first press: stop cleanly (the data folder must be closed). */
    stop(signal: NodeJS.Signals): Promise<void> | void;
    /** A second, later press: exit at once. */
    force(signal: NodeJS.Signals): void;
  },
  now: () => number = () => performance.now(),
): { readonly asked: boolean } {
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = now();
      void handlers.stop(signal);
    } else if (now() - firstAt >= SAME_PRESS_MS) handlers.force(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  return {
    /** Whether a stop has been asked for (a start still under way should not go on). */
    get asked() {
      return firstAt !== undefined;
    },
  };
}
