/**
 * A value made on first use, then kept. For what is costly to make at import time and may never be
 * needed on a screen: an `Intl` formatter's first construction loads the locale's data (measured at
 * ~110 ms of a phone's main thread at Lighthouse's 4x throttling on /library, in a module that only
 * the teachers' review screen uses).
 */
export function lazyValue<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
