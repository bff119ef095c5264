import { SAME_PRESS_MS, onStopSignals } from '../src/stop-signals';

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** As Node delivers a real signal: the listener gets the signal's name. */
const send = (signal: NodeJS.Signals) =>
  (process.emit as (event: string, ...args: unknown[]) => boolean)(signal, signal);
let saved: Map<string, NodeJS.SignalsListener[]>;
beforeEach(() => {
  saved = new Map(signals.map((s) => [s, process.listeners(s)]));
  for (const s of signals) process.removeAllListeners(s);
});
afterEach(() => {
  for (const s of signals) {
    process.removeAllListeners(s);
    for (const listener of saved.get(s) ?? []) process.on(s, listener);
  }
});

test('when one Ctrl-C arrives twice (terminal and npm), then it is one clean stop, not a forced exit', () => {
  let clock = 0;
  const stop = jest.fn();
  const force = jest.fn();
  const state = onStopSignals({ stop, force }, () => clock);
  expect(state.asked).toBe(false);
  send('SIGINT');
  clock += 5;
  send('SIGINT');
  expect(stop).toHaveBeenCalledTimes(1);
  expect(force).not.toHaveBeenCalled();
  expect(state.asked).toBe(true);
});

test('when a second press comes later, then it forces the exit', () => {
  let clock = 0;
  const stop = jest.fn();
  const force = jest.fn();
  onStopSignals({ stop, force }, () => clock);
  send('SIGTERM');
  clock += SAME_PRESS_MS;
  send('SIGINT');
  expect(stop).toHaveBeenCalledWith('SIGTERM');
  expect(force).toHaveBeenCalledWith('SIGINT');
});
