import type { Logger } from 'pino';
import { SessionRevocations } from '@campus/contracts/identity';

export interface RevokedSessions {
  /** True while a token of this session must be refused (its session was ended before it lapsed). */
  has(sessionId: string): boolean;
  /** Polls once now and resolves when that poll is done (tests, and the first poll at start). */
  pollNow(): Promise<void>;
  stop(): void;
}

/**
 * The sessions identity has ended (logout, a replayed refresh token) whose access tokens have not
 * lapsed yet, kept in memory and polled from identity's /internal/session-revocations every `pollMs`
 * (ADR 0007). The list is small (the ends of the last 15 minutes) and identity answers 304 while it is
 * unchanged. When identity cannot be reached, the last list stays in force, each entry until its own
 * `until`: a revoked token is refused for as long as it could have been used.
 */
export function pollRevokedSessions(options: {
  /** Identity's base URL; unset: nothing is ever revoked (a gateway with no identity behind it). */
  identityUrl: string | undefined;
  pollMs: number;
  timeoutMs: number;
  logger: Logger;
  now?: () => number;
}): RevokedSessions {
  const now = options.now ?? Date.now;
  let revoked = new Map<string, number>();
  let etag: string | undefined;
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  async function fetchList(url: string): Promise<void> {
    const res = await fetch(`${url}/internal/session-revocations`, {
      headers: etag ? { 'if-none-match': etag } : {},
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (res.status === 304) return void (await res.body?.cancel());
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`identity answered ${res.status}`);
    }
    const list = SessionRevocations.parse(await res.json());
    revoked = new Map(list.revocations.map((r) => [r.sessionId, Date.parse(r.until)]));
    etag = res.headers.get('etag') ?? undefined;
  }

  function pollNow(): Promise<void> {
    const url = options.identityUrl;
    if (!url || stopped) return Promise.resolve();
    inFlight ??= fetchList(url)
      .then(() => {
        if (failing) options.logger.info('session revocations: identity answers again');
        failing = false;
      })
      .catch((err: unknown) => {
        // Logged once per outage, not once per poll; the last list stays in force.
        if (!failing)
          options.logger.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'session revocations: identity could not be polled; the last list stays in force',
          );
        failing = true;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  const schedule = () => {
    if (stopped || !options.identityUrl) return;
    timer = setTimeout(() => void pollNow().then(schedule), options.pollMs);
    timer.unref();
  };
  void pollNow().then(schedule);

  return {
    has(sessionId) {
      const until = revoked.get(sessionId);
      if (until === undefined) return false;
      if (until > now()) return true;
      revoked.delete(sessionId);
      return false;
    },
    pollNow,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
