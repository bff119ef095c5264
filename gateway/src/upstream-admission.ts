/** Why a request was not forwarded: the wait queue was full, or its turn did not come in time. */
export type ShedReason = 'queue-full' | 'queue-timeout';

export interface AdmissionLimits {
  /** Requests forwarded to one service at the same time. */
  maxInFlight: number;
  /** Requests waiting for a turn beyond those; more are shed at once. */
  maxQueued: number;
}

interface Waiter {
  admit: (release: () => void, waitedMs: number) => void;
  shed: (reason: ShedReason) => void;
  queuedAt: number;
  timer: NodeJS.Timeout;
  done: boolean;
}

/**
 * The gate in front of one service: at most `maxInFlight` requests forwarded at once, at most
 * `maxQueued` waiting (first come, first served), each waiting no longer than its own deadline.
 * Beyond that the caller sheds the request (a 503 the client may retry) instead of holding it with
 * no deadline in a socket pool. Callbacks only, no promise per request: it sits on every API call.
 */
export class UpstreamAdmission {
  private inFlight = 0;
  private readonly queue: Waiter[] = [];
  /** Queue entries that gave up (timed out or the client left) and are still in the array. */
  private abandoned = 0;

  constructor(private readonly limits: AdmissionLimits) {}

  /** Requests forwarded now, and requests waiting: for logs and tests. */
  get load(): { inFlight: number; queued: number } {
    return { inFlight: this.inFlight, queued: this.queue.length - this.abandoned };
  }

  /**
   * Calls `admit` with a release function (call it exactly when the forwarded request is over;
   * extra calls are ignored) once a slot is free, or `shed` if the queue is full or `maxWaitMs`
   * passes first. Returns `cancel`, for a client that leaves while waiting: neither is called then.
   */
  enter(
    maxWaitMs: number,
    admit: (release: () => void, waitedMs: number) => void,
    shed: (reason: ShedReason) => void,
  ): () => void {
    if (this.inFlight < this.limits.maxInFlight && this.queue.length === this.abandoned) {
      this.inFlight++;
      admit(this.releaser(), 0);
      return noop;
    }
    if (this.queue.length - this.abandoned >= this.limits.maxQueued) {
      shed('queue-full');
      return noop;
    }
    const waiter: Waiter = {
      admit,
      shed,
      queuedAt: performance.now(),
      done: false,
      timer: setTimeout(() => {
        if (this.giveUp(waiter)) shed('queue-timeout');
      }, maxWaitMs),
    };
    this.queue.push(waiter);
    return () => void this.giveUp(waiter);
  }

  /** Marks a waiter as gone; true if it was still waiting. */
  private giveUp(waiter: Waiter): boolean {
    if (waiter.done) return false;
    waiter.done = true;
    clearTimeout(waiter.timer);
    this.abandoned++;
    this.compact();
    return true;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.next();
    };
  }

  /** Hands free slots to the oldest waiters still waiting. */
  private next(): void {
    while (this.inFlight < this.limits.maxInFlight && this.queue.length) {
      const waiter = this.queue.shift()!;
      if (waiter.done) {
        this.abandoned--;
        continue;
      }
      waiter.done = true;
      clearTimeout(waiter.timer);
      this.inFlight++;
      waiter.admit(this.releaser(), performance.now() - waiter.queuedAt);
    }
  }

  /**
   * Drops abandoned entries: from the front at once, and all of them when they outnumber the live
   * ones' bound (waiters with a long deadline could otherwise keep a growing tail of the gone).
   */
  private compact(): void {
    while (this.queue.length && this.queue[0]!.done) {
      this.queue.shift();
      this.abandoned--;
    }
    if (this.abandoned > this.limits.maxQueued) {
      const live = this.queue.filter((waiter) => !waiter.done);
      this.queue.splice(0, this.queue.length, ...live);
      this.abandoned = 0;
    }
  }
}

const noop = () => undefined;
