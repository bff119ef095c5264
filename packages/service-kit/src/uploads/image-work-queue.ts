import { AppError } from '../errors';

export interface ImageWorkQueueOptions {
  /** Jobs that run at the same time (each job's sharp pipelines run one after another). */
  concurrency: number;
  /** Jobs that may wait for a turn; one more is refused at once (503 IMAGE_WORK_BUSY). */
  maxWaiting: number;
  /**
   * Longest wait for a turn, in ms; then 503 as well. Under the gateway's upstream timeout (10 s)
   * with room for the job itself, so a client is told "busy" rather than cut off by a 504 while
   * its upload is still being stored.
   */
  maxWaitMs: number;
  /** Retry-After sent with the 503, in seconds. */
  retryAfterSeconds?: number;
}

export interface ImageWorkQueue {
  /** Runs `work` when a turn comes, or rejects with a 503 AppError when none can come in time. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now (for tests and metrics). */
  readonly running: number;
  readonly waiting: number;
}

/**
 * Image work is libvips in libuv's threadpool: four threads by default, shared with everything else
 * the process does off its event loop (file reads, dns.lookup of a service's host, scrypt password
 * hashes). Left unbounded, a dozen uploads hold every thread for seconds and unrelated requests of
 * the same process wait behind them (in `npm start` that is every service and the gateway). The
 * queue runs `concurrency` jobs at once, lets `maxWaiting` more wait at most `maxWaitMs`, and refuses
 * the rest at once with 503 and Retry-After: a burst costs its own senders a retry, never the others.
 */
export function createImageWorkQueue(options: ImageWorkQueueOptions): ImageWorkQueue {
  let running = 0;
  const queue: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  const busy = () =>
    AppError.retryLater(
      503,
      'IMAGE_WORK_BUSY',
      'Many images are being processed right now. Please try your upload again in a few seconds.',
      options.retryAfterSeconds ?? 5,
    );

  // A finished job hands its slot to the first waiter (`running` stays), or frees it.
  const release = () => {
    const waiter = queue.shift();
    if (!waiter) running--;
    else {
      clearTimeout(waiter.timer);
      waiter.start();
    }
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) running++;
      else {
        if (queue.length >= options.maxWaiting) throw busy();
        await new Promise<void>((resolve, reject) => {
          const waiter = {
            start: resolve,
            timer: setTimeout(() => {
              queue.splice(queue.indexOf(waiter), 1);
              reject(busy());
            }, options.maxWaitMs),
          };
          queue.push(waiter);
        });
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

/**
 * The one queue of the process: every image job of every service in it (in `npm start` they all
 * share one threadpool) takes its turn here. One job at a time, eight waiting at most 5 s.
 */
export const processImageWorkQueue: ImageWorkQueue = createImageWorkQueue({
  concurrency: 1,
  maxWaiting: 8,
  maxWaitMs: 5_000,
});
