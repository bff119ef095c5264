import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser } from '@campus/service-kit/auth';
import { signAccessToken } from '@campus/service-kit/auth';
import type { Db, DbExecutor, Tx } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import { createSessionStore, type RefreshTokenRecord } from '../data/session-store';
import { isUuid } from '@campus/service-kit/uuid';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface SessionsDeps {
  db: Db;
  privateKey: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  now: () => Date;
  /** Looks the user up again on refresh (inside the refresh transaction), so a renamed or deleted account is reflected. */
  loadUser: (executor: DbExecutor, id: string) => Promise<AuthUser | undefined>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Two tabs refreshing with the same token at once: the loser arrives within this window after the
 * winner rotated it. That is a race, not a theft, so it gets a retryable 401 and the family lives on.
 */
export const REFRESH_RACE_WINDOW_MS = 10_000;

/**
 * An answer that carried a rotated token can be lost (the gateway renews on ordinary calls, and a page
 * aborts those when it navigates): the browser then still holds the consumed token, and its successor
 * was never used. Within this long of the rotation, presenting the consumed token again retires the
 * unused successor and issues a new one, instead of ending the session as a theft. The retired successor
 * counts as replayed if it is ever presented, so a thief holding the old token is still caught at the
 * holder's next refresh (grace periods of up to a minute are what Auth0's and Okta's rotation allow).
 */
export const REFRESH_LOST_ANSWER_WINDOW_MS = 60_000;

/**
 * A revocation is listed this long past the lapse of the session's last possible access token: a
 * rotation that committed just after the revocation, or a verifier's clock running a little behind.
 */
const REVOCATION_MARGIN_MS = 60_000;
/** Revocations whose tokens have all lapsed are deleted this long afterwards (kept a while for support). */
const REVOCATION_RETENTION_MS = 24 * 3600 * 1000;

/** The sessions whose access tokens must be refused now, and a version that changes whenever the list does. */
export interface ActiveRevocations {
  version: string;
  revocations: { sessionId: string; until: Date }[];
}

/**
 * Sessions: a short-lived access JWT plus a rotating refresh token. Each refresh consumes the
 * presented token; presenting a consumed one again means it was stolen, so the whole family
 * (that login on every device it reached) is revoked.
 */
export function createSessions(deps: SessionsDeps) {
  const store = createSessionStore(deps.db);

  async function issue(executor: DbExecutor, user: AuthUser, familyId: string): Promise<SessionTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    await store.insertRefreshToken(executor, {
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(deps.now().getTime() + deps.refreshTtlSeconds * 1000),
    });
    return {
      // The family is the session: its id travels in the token (sid), so logout can revoke the token.
      accessToken: signAccessToken({ ...user, sessionId: familyId }, deps.privateKey, deps.accessTtlSeconds),
      refreshToken,
      accessTtlSeconds: deps.accessTtlSeconds,
      refreshTtlSeconds: deps.refreshTtlSeconds,
    };
  }

  /**
   * Ends a session everywhere: its refresh tokens die, and its access tokens are listed as revoked until
   * the last of them would have lapsed anyway (the gateway polls the list: ADR 0007).
   */
  const revokeFamily = (familyId: string, userId: string) =>
    deps.db.transaction(async (tx) => {
      const now = deps.now();
      if ((await store.revokeFamily(tx, familyId, now)) === 0) return;
      await store.listRevocation(tx, {
        sessionId: familyId,
        userId,
        revokedAt: now,
        tokensExpireAt: new Date(now.getTime() + deps.accessTtlSeconds * 1000 + REVOCATION_MARGIN_MS),
      });
      await store.deleteRevocationsLapsedBefore(tx, new Date(now.getTime() - REVOCATION_RETENTION_MS));
    });

  /**
   * `consumed` was rotated a little while ago and is presented again: when the token its rotation issued
   * is the family's newest and was never used, that answer was lost on its way; the successor is retired
   * (consumed and revoked, so presenting it later is a replay) and a new one issued. When another
   * rotation of the family happened within the race window (a second request after the same lost
   * answer), 'race'. Otherwise undefined: a replay.
   */
  const reissueAfterLostAnswer = (consumed: RefreshTokenRecord, now: Date) =>
    deps.db.transaction(async (tx): Promise<SessionTokens | 'race' | undefined> => {
      const family = await store.newestOfFamily(tx, consumed.familyId, 2);
      const [newest, previous] = family;
      if (!newest || previous?.id !== consumed.id) {
        const justRotated = family.some(
          (t) => t.rotatedAt && now.getTime() - t.rotatedAt.getTime() < REFRESH_RACE_WINDOW_MS,
        );
        return justRotated ? 'race' : undefined;
      }
      if (newest.expiresAt <= now) return undefined;
      // Retired only if the successor was never used; if it was, the answer was not lost.
      if (!(await store.retireUnused(tx, newest.id, now))) return undefined;
      const user = await deps.loadUser(tx, consumed.userId);
      return user ? issue(tx, user, consumed.familyId) : undefined;
    });

  return {
    start: (user: AuthUser) => issue(deps.db, user, randomUUID()),

    async refresh(presented: string | undefined): Promise<SessionTokens> {
      const ended = () =>
        AppError.unauthenticated('Your session has ended. Please log in again.', 'SESSION_ENDED');
      if (!presented) throw ended();
      const now = deps.now();
      const tokenHash = hashToken(presented);
      const outcome = await deps.db.transaction(async (tx) => {
        // Consuming the token is one conditional update, so two racing refreshes cannot both win.
        const consumed = await store.consume(tx, tokenHash, now);
        if (!consumed) return { kind: 'not-consumed' as const };
        if (consumed.expiresAt <= now) return { kind: 'ended' as const };
        const user = await deps.loadUser(tx, consumed.userId);
        if (!user) return { kind: 'ended' as const };
        return { kind: 'rotated' as const, tokens: await issue(tx, user, consumed.familyId) };
      });
      if (outcome.kind === 'rotated') return outcome.tokens;
      if (outcome.kind === 'ended') throw ended();

      const known = await store.findRefreshToken(tokenHash);
      const race = () =>
        AppError.unauthenticated('Your session was just refreshed elsewhere. Please retry.', 'REFRESH_RACE');
      const sinceRotation = known?.rotatedAt ? now.getTime() - known.rotatedAt.getTime() : undefined;
      if (known && !known.revokedAt && sinceRotation !== undefined) {
        if (sinceRotation < REFRESH_RACE_WINDOW_MS) throw race();
        if (sinceRotation < REFRESH_LOST_ANSWER_WINDOW_MS) {
          const answer = await reissueAfterLostAnswer(known, now);
          if (answer === 'race') throw race();
          if (answer) return answer;
        }
      }
      if (known?.rotatedAt) await revokeFamily(known.familyId, known.userId);
      throw ended();
    },

    /**
     * Logout: ends the session of the presented refresh token, and the one the presented access token
     * names (a client that lost its refresh cookie still ends the session its token belongs to).
     */
    async end(presented: string | undefined, signedIn?: AuthUser): Promise<void> {
      if (presented) {
        const known = await store.findRefreshToken(hashToken(presented));
        if (known) await revokeFamily(known.familyId, known.userId);
      }
      const named = signedIn?.sessionId;
      if (signedIn && named && isUuid(named) && (await store.isFamilyOf(named, signedIn.id)))
        await revokeFamily(named, signedIn.id);
    },

    /**
     * Account deletion: ends every session of the user inside the deletion's transaction. Each session
     * that issued an access token recently enough for it to be alive is listed as revoked (so the
     * gateway refuses those tokens within a poll), under no user id: the account is gone, and the
     * session id is all the gateway matches on. Earlier revocations lose the user id too. The refresh
     * tokens themselves go with the account row (ON DELETE CASCADE).
     */
    async endEverySession(tx: Tx, userId: string): Promise<void> {
      const now = deps.now();
      const livedFor = deps.accessTtlSeconds * 1000 + REVOCATION_MARGIN_MS;
      const families = await store.familiesIssuingSince(tx, userId, new Date(now.getTime() - livedFor));
      for (const familyId of families) {
        await store.revokeFamily(tx, familyId, now);
        await store.listRevocation(tx, {
          sessionId: familyId,
          userId: null,
          revokedAt: now,
          tokensExpireAt: new Date(now.getTime() + livedFor),
        });
      }
      await store.unnameRevocations(tx, userId);
    },

    /** The sessions whose access tokens may still be alive but must be refused (read by the gateway). */
    async activeRevocations(): Promise<ActiveRevocations> {
      const rows = await store.revocationsLiveAt(deps.now());
      // Changes with any row added (a late commit of an older position too) or lapsed.
      const positions = rows.map((r) => r.position).sort((a, b) => a - b);
      return {
        version: createHash('sha256').update(positions.join(',')).digest('base64url').slice(0, 27),
        revocations: rows.map(({ sessionId, until }) => ({ sessionId, until })),
      };
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
