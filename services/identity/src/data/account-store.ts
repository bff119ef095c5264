import { eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { users } from './schema';

/** An account as the rules see it: who the user is, the password's hash, the profile flag. */
export type AccountRecord = typeof users.$inferSelect;

export type NewAccount = Pick<AccountRecord, 'name' | 'email' | 'passwordHash' | 'isTeacher'>;

/** Identity's data access for accounts: one row per user, its email unique whatever its case. */
export function createAccountStore(db: Db) {
  return {
    /** Creates the account; undefined when the email is already taken (in any case). */
    async insert(executor: DbExecutor, account: NewAccount): Promise<AccountRecord | undefined> {
      const [row] = await executor.insert(users).values(account).onConflictDoNothing().returning();
      return row;
    },

    /** The account with this email, compared in lower case (`email`: already lower-cased). */
    async findByEmail(email: string): Promise<AccountRecord | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      return row;
    },

    async find(executor: DbExecutor, id: string): Promise<AccountRecord | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Deletes the account; its refresh tokens go with it (ON DELETE CASCADE). True if there was one. */
    async delete(executor: DbExecutor, id: string): Promise<boolean> {
      const gone = await executor.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return gone.length > 0;
    },

    async markProfileCompleted(executor: DbExecutor, userId: string): Promise<void> {
      await executor.update(users).set({ profileCompleted: true }).where(eq(users.id, userId));
    },
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;
