import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { refreshTokens, sessionRevocations } from './schema';

/** A refresh token as the rules see it (its hash only): a family is one login, a session. */
export type RefreshTokenRecord = typeof refreshTokens.$inferSelect;

export type NewRefreshToken = Pick<RefreshTokenRecord, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>;

/** A session whose access tokens are refused until `tokensExpireAt`. */
export type NewSessionRevocation = Omit<typeof sessionRevocations.$inferInsert, 'position'>;

/** A listed revocation; `position` grows with every one listed. */
export interface SessionRevocationRecord {
  position: number;
  sessionId: string;
  until: Date;
}

/** Identity's data access for sessions: refresh tokens (hashed) and the revoked sessions' list. */
export function createSessionStore(db: Db) {
  return {
    async insertRefreshToken(executor: DbExecutor, token: NewRefreshToken): Promise<void> {
      await executor.insert(refreshTokens).values(token);
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /**
     * Marks the token rotated if it is neither rotated nor revoked yet, and answers it; undefined when
     * it was not (one conditional update, so of two racing callers only one gets it).
     */
    async consume(
      executor: DbExecutor,
      tokenHash: string,
      at: Date,
    ): Promise<RefreshTokenRecord | undefined> {
      const [consumed] = await executor
        .update(refreshTokens)
        .set({ rotatedAt: at })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.rotatedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning();
      return consumed;
    },

    /** The family's `count` newest tokens, newest first. */
    async newestOfFamily(
      executor: DbExecutor,
      familyId: string,
      count: number,
    ): Promise<RefreshTokenRecord[]> {
      return executor
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, familyId))
        .orderBy(desc(refreshTokens.createdAt), desc(refreshTokens.id))
        .limit(count);
    },

    /** Marks a token that was never used rotated and revoked at once; false when it had been used or revoked. */
    async retireUnused(executor: DbExecutor, id: string, at: Date): Promise<boolean> {
      const retired = await executor
        .update(refreshTokens)
        .set({ rotatedAt: at, revokedAt: at })
        .where(
          and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      return retired.length > 0;
    },

    /** Whether the user has a token of this family. */
    async isFamilyOf(familyId: string, userId: string): Promise<boolean> {
      const [own] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId)))
        .limit(1);
      return own !== undefined;
    },

    /** Revokes the family's tokens not revoked yet; answers how many that was. */
    async revokeFamily(executor: DbExecutor, familyId: string, at: Date): Promise<number> {
      const revoked = await executor
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return revoked.length;
    },

    async listRevocation(executor: DbExecutor, revocation: NewSessionRevocation): Promise<void> {
      await executor.insert(sessionRevocations).values(revocation);
    },

    /** The sessions (families) of a user that issued a token since `since`: those whose access tokens may still be alive. */
    async familiesIssuingSince(executor: DbExecutor, userId: string, since: Date): Promise<string[]> {
      const rows = await executor
        .selectDistinct({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, userId), gt(refreshTokens.createdAt, since)));
      return rows.map((r) => r.familyId);
    },

    /** Keeps a deleted user's listed revocations (the gateway still needs them) but no longer says whose they were. */
    async unnameRevocations(executor: DbExecutor, userId: string): Promise<void> {
      await executor
        .update(sessionRevocations)
        .set({ userId: null })
        .where(eq(sessionRevocations.userId, userId));
    },

    /** Deletes the revocations whose tokens had all lapsed by `before`. */
    async deleteRevocationsLapsedBefore(executor: DbExecutor, before: Date): Promise<void> {
      await executor.delete(sessionRevocations).where(lt(sessionRevocations.tokensExpireAt, before));
    },

    /** The revocations whose tokens may still be alive at `at`. */
    async revocationsLiveAt(at: Date): Promise<SessionRevocationRecord[]> {
      return db
        .select({
          position: sessionRevocations.position,
          sessionId: sessionRevocations.sessionId,
          until: sessionRevocations.tokensExpireAt,
        })
        .from(sessionRevocations)
        .where(gt(sessionRevocations.tokensExpireAt, at));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
