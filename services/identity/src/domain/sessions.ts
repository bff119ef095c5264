import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthUser } from '@campus/service-kit/auth';
import { signAccessToken } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import { refreshTokens } from '../data/schema';

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
 * Sessions: a short-lived access JWT plus a rotating refresh token. Each refresh consumes the
 * presented token; presenting a consumed one again means it was stolen, so the whole family
 * (that login on every device it reached) is revoked.
 */
export function createSessions(deps: SessionsDeps) {
  async function issue(executor: DbExecutor, user: AuthUser, familyId: string): Promise<SessionTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    await executor.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(deps.now().getTime() + deps.refreshTtlSeconds * 1000),
    });
    return {
      accessToken: signAccessToken(user, deps.privateKey, deps.accessTtlSeconds),
      refreshToken,
      accessTtlSeconds: deps.accessTtlSeconds,
      refreshTtlSeconds: deps.refreshTtlSeconds,
    };
  }

  const revokeFamily = (familyId: string) =>
    deps.db
      .update(refreshTokens)
      .set({ revokedAt: deps.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

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
        const [consumed] = await tx
          .update(refreshTokens)
          .set({ rotatedAt: now })
          .where(
            and(
              eq(refreshTokens.tokenHash, tokenHash),
              isNull(refreshTokens.rotatedAt),
              isNull(refreshTokens.revokedAt),
            ),
          )
          .returning();
        if (!consumed) return { kind: 'not-consumed' as const };
        if (consumed.expiresAt <= now) return { kind: 'ended' as const };
        const user = await deps.loadUser(tx, consumed.userId);
        if (!user) return { kind: 'ended' as const };
        return { kind: 'rotated' as const, tokens: await issue(tx, user, consumed.familyId) };
      });
      if (outcome.kind === 'rotated') return outcome.tokens;
      if (outcome.kind === 'ended') throw ended();

      const [known] = await deps.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      if (
        known?.rotatedAt &&
        !known.revokedAt &&
        now.getTime() - known.rotatedAt.getTime() < REFRESH_RACE_WINDOW_MS
      )
        throw AppError.unauthenticated(
          'Your session was just refreshed elsewhere. Please retry.',
          'REFRESH_RACE',
        );
      if (known?.rotatedAt) await revokeFamily(known.familyId);
      throw ended();
    },

    async end(presented: string | undefined): Promise<void> {
      if (!presented) return;
      const [known] = await deps.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(presented)))
        .limit(1);
      if (known) await revokeFamily(known.familyId);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
