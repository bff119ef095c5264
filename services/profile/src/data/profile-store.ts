import { eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { profiles } from './schema';

/** A user's profile row as the rules see it: plain, camelCase, null where nothing was said yet. */
export type ProfileRecord = typeof profiles.$inferSelect;

/** The common data columns of both roles: the rules null the other role's. */
export type CommonDataColumns = Pick<
  ProfileRecord,
  'department' | 'subjects' | 'graduationYear' | 'branch' | 'enrollmentNumber'
>;

/** Who a user is, as identity says: name and role. */
export type ProfileIdentity = Pick<ProfileRecord, 'userId' | 'name' | 'isTeacher'>;

/** The profile's data access: one row per user, created by registration or the first save. */
export function createProfileStore(db: Db) {
  return {
    async find(userId: string): Promise<ProfileRecord | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },

    /**
     * Writes the user's common data, creating the row if registration has not yet; `completedAt`
     * keeps the first save's time.
     */
    async saveCommonData(
      executor: DbExecutor,
      user: ProfileIdentity,
      fields: CommonDataColumns,
      at: Date,
    ): Promise<ProfileRecord> {
      const [row] = await executor
        .insert(profiles)
        .values({ ...user, ...fields, completedAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: profiles.userId,
          set: {
            name: user.name,
            isTeacher: user.isTeacher,
            ...fields,
            completedAt: sql`coalesce(${profiles.completedAt}, ${at.toISOString()}::timestamptz)`,
            updatedAt: at,
          },
        })
        .returning();
      if (!row) throw new Error('profile upsert returned no row');
      return row;
    },

    /** Creates the row with identity's name and role, or brings an existing row's up to date. */
    async saveIdentity(executor: DbExecutor, user: ProfileIdentity): Promise<void> {
      await executor
        .insert(profiles)
        .values(user)
        .onConflictDoUpdate({ target: profiles.userId, set: { name: user.name, isTeacher: user.isTeacher } });
    },
  };
}
export type ProfileStore = ReturnType<typeof createProfileStore>;
