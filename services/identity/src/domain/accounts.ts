import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TEACHER_CODE_MESSAGE, WRONG_CREDENTIALS_MESSAGE } from '@campus/contracts/identity-rules';
import type { LoginRequest, LoginResponse, RegisterRequest, UserRecord } from '@campus/contracts/identity';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { users } from '../data/schema';
import type { PasswordHasher } from './password';
import { isValidTeacherCode } from './teacher-code';

type UserRow = typeof users.$inferSelect;

export const toUserRecord = (u: UserRow): UserRecord => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  isTeacher: u.isTeacher,
});
export const toLoginResponse = (u: UserRow): LoginResponse => ({
  ...toUserRecord(u),
  isFirstTime: !u.profileCompleted,
});

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

export interface AccountsDeps {
  db: Db;
  /** Registration emits `identity.user.registered`. */
  transact: Transact<'identity.user.registered'>;
  hasher: PasswordHasher;
  teacherCode: string;
}

/** Registration, credential checks and the profile-completed flag: the rules of who an account is. */
export function createAccounts(deps: AccountsDeps) {
  // Verifying against a real hash when the email is unknown keeps both failures equally slow.
  const decoyHash = deps.hasher.hash('decoy-password-for-timing');

  return {
    async register(data: z.output<typeof RegisterRequest>): Promise<UserRecord> {
      if (data.isTeacher && !isValidTeacherCode(data.teacherCode, deps.teacherCode))
        throw new AppError(400, 'INVALID_TEACHER_CODE', TEACHER_CODE_MESSAGE);
      const passwordHash = await deps.hasher.hash(data.password);
      try {
        return await deps.transact(async (tx, emit) => {
          const [row] = await tx
            .insert(users)
            .values({ name: data.name, email: data.email, passwordHash, isTeacher: data.isTeacher })
            .returning();
          if (!row) throw new Error('insert returned no row');
          await emit('identity.user.registered', {
            userId: row.id,
            name: row.name,
            email: row.email,
            isTeacher: row.isTeacher,
          });
          return toUserRecord(row);
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw AppError.conflict('An account with this email already exists.', 'EMAIL_TAKEN');
        throw err;
      }
    },

    async authenticate({ email, password }: z.output<typeof LoginRequest>): Promise<UserRow> {
      const [row] = await deps.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      const ok = await deps.hasher.verify(password, row?.passwordHash ?? (await decoyHash));
      if (!row || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', WRONG_CREDENTIALS_MESSAGE);
      return row;
    },

    async findById(id: string, executor: DbExecutor = deps.db): Promise<UserRow | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async markProfileCompleted(executor: DbExecutor, userId: string): Promise<void> {
      await executor.update(users).set({ profileCompleted: true }).where(eq(users.id, userId));
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
