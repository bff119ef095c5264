import type { Options } from 'express-rate-limit';
import { ClockedMemoryStore } from '../src/http/clocked-memory-store';

const WINDOW = 60_000;
const storeAt = (clock: { at: number }, maxKeys?: number) => {
  const store = new ClockedMemoryStore(() => new Date(clock.at), maxKeys);
  store.init({ windowMs: WINDOW } as Options);
  return store;
};

test('when one client floods the store with new keys, then it never holds more than two generations of maxKeys', () => {
  const clock = { at: 0 };
  const store = storeAt(clock, 100);
  for (let i = 0; i < 10_000; i++) store.increment(`victim-${i}@campus.test`);
  expect(store.size).toBeLessThanOrEqual(200);
});

test('when keys are counted within the cap, then each keeps its count until its window ends on the clock', () => {
  const clock = { at: 0 };
  const store = storeAt(clock, 100);
  for (let i = 0; i < 3; i++) store.increment('asha@campus.test');
  for (let i = 0; i < 50; i++) store.increment(`other-${i}`);
  expect(store.get('asha@campus.test')?.totalHits).toBe(3);
  clock.at += WINDOW;
  expect(store.get('asha@campus.test')).toBeUndefined();
});
