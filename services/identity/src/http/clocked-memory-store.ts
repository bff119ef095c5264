import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

interface Counter {
  totalHits: number;
  resetTime: Date;
}

/**
 * express-rate-limit's in-memory store, on the service's clock instead of `Date.now()` and timers, so
 * tests move time instead of waiting and a window reopens exactly when the injected clock passes it.
 *
 * Fixed windows per key, starting at the key's first hit (as the library's MemoryStore). Memory stays
 * bounded without a timer: counters live in two generations, and a key not seen for a whole window is
 * dropped with its generation when the clock next moves on. A flood of new keys (one address trying
 * thousands of emails) cannot grow it past `maxKeys` a generation: a full generation starts the next one
 * early, forgetting the oldest counters first. In memory and per replica (ADR 0005).
 */
export class ClockedMemoryStore implements Store {
  readonly localKeys = true;
  private windowMs = 60_000;
  private current = new Map<string, Counter>();
  private previous = new Map<string, Counter>();
  private generationEndsAt = 0;

  constructor(
    private readonly now: () => Date,
    /** Keys kept per generation (two generations at most): about 50 MB at 500 bytes a key. */
    private readonly maxKeys = 50_000,
  ) {}

  /** How many keys are held now (for tests and operators). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const at = this.now().getTime();
    this.rotate(at);
    const counter = this.current.get(key) ?? this.previous.get(key);
    return counter && counter.resetTime.getTime() > at ? { ...counter } : undefined;
  }

  increment(key: string): ClientRateLimitInfo {
    const at = this.now().getTime();
    this.rotate(at);
    const counter = this.counter(key, at);
    if (counter.resetTime.getTime() <= at) {
      counter.totalHits = 0;
      counter.resetTime = new Date(at + this.windowMs);
    }
    counter.totalHits++;
    return { ...counter };
  }

  decrement(key: string): void {
    const counter = this.current.get(key) ?? this.previous.get(key);
    if (counter && counter.totalHits > 0 && counter.resetTime.getTime() > this.now().getTime())
      counter.totalHits--;
  }

  resetKey(key: string): void {
    this.current.delete(key);
    this.previous.delete(key);
  }

  resetAll(): void {
    this.current.clear();
    this.previous.clear();
  }

  /** Moves keys seen in this generation to `previous` and forgets those not seen for a whole window. */
  private rotate(at: number): void {
    if (at < this.generationEndsAt) return;
    this.previous = at < this.generationEndsAt + this.windowMs ? this.current : new Map();
    this.current = new Map();
    this.generationEndsAt = at + this.windowMs;
  }

  private counter(key: string, at: number): Counter {
    let counter = this.current.get(key);
    if (!counter && !this.previous.has(key) && this.current.size >= this.maxKeys) {
      this.previous = this.current;
      this.current = new Map();
      this.generationEndsAt = at + this.windowMs;
    }
    if (!counter) {
      counter = this.previous.get(key) ?? { totalHits: 0, resetTime: new Date(at + this.windowMs) };
      this.previous.delete(key);
      this.current.set(key, counter);
    }
    return counter;
  }
}
