import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthUser } from '@campus/service-kit/auth';
import { signAccessToken } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
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
  /** Looks the user up again on refresh, so a renamed or deleted account is reflected. */
  loadUser: (id: string) => Promise<AuthUser | undefined>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Sessions: a short-lived access JWT plus a rotating refresh token. Each refresh consumes the
 * presented token; presenting a consumed one again means it was stolen, so the whole family
 * (that login on every device it reached) is revoked.
 */
export function createSessions(deps: SessionsDeps) {
  async function issue(user: AuthUser, familyId: string): Promise<SessionTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    await deps.db.insert(refreshTokens).values({
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
    start: (user: AuthUser) => issue(user, randomUUID()),

    async refresh(presented: string | undefined): Promise<SessionTokens> {
      const expired = () =>
        AppError.unauthenticated('Your session has ended. Please log in again.', 'SESSION_ENDED');
      if (!presented) throw expired();
      const now = deps.now();
      // Consuming the token is one conditional update, so two racing refreshes cannot both win.
      const [consumed] = await deps.db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, hashToken(presented)),
            isNull(refreshTokens.rotatedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning();
      if (!consumed) {
        const [known] = await deps.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(presented)))
          .limit(1);
        if (known?.rotatedAt) await revokeFamily(known.familyId);
        throw expired();
      }
      if (consumed.expiresAt <= now) throw expired();
      const user = await deps.loadUser(consumed.userId);
      if (!user) throw expired();
      return issue(user, consumed.familyId);
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
