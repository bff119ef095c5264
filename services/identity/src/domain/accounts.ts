import type { z } from 'zod';
import { TEACHER_CODE_MESSAGE, WRONG_CREDENTIALS_MESSAGE } from '@campus/contracts/identity-rules';
import type { LoginRequest, LoginResponse, RegisterRequest, UserRecord } from '@campus/contracts/identity';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createAccountStore, type AccountRecord } from '../data/account-store';
import type { PasswordHasher } from './password';
import { isValidTeacherCode } from './teacher-code';

export const toUserRecord = (u: AccountRecord): UserRecord => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  isTeacher: u.isTeacher,
});
export const toLoginResponse = (u: AccountRecord): LoginResponse => ({
  ...toUserRecord(u),
  isFirstTime: !u.profileCompleted,
});

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
  const store = createAccountStore(deps.db);

  return {
    async register(data: z.output<typeof RegisterRequest>): Promise<UserRecord> {
      if (data.isTeacher && !isValidTeacherCode(data.teacherCode, deps.teacherCode))
        throw new AppError(400, 'INVALID_TEACHER_CODE', TEACHER_CODE_MESSAGE);
      const passwordHash = await deps.hasher.hash(data.password);
      return deps.transact(async (tx, emit) => {
        const row = await store.insert(tx, {
          name: data.name,
          email: data.email,
          passwordHash,
          isTeacher: data.isTeacher,
        });
        if (!row) throw AppError.conflict('An account with this email already exists.', 'EMAIL_TAKEN');
        await emit('identity.user.registered', {
          userId: row.id,
          name: row.name,
          email: row.email,
          isTeacher: row.isTeacher,
        });
        return toUserRecord(row);
      });
    },

    async authenticate({ email, password }: z.output<typeof LoginRequest>): Promise<AccountRecord> {
      const row = await store.findByEmail(email);
      const ok = await deps.hasher.verify(password, row?.passwordHash ?? (await decoyHash));
      if (!row || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', WRONG_CREDENTIALS_MESSAGE);
      return row;
    },

    findById(id: string, executor: DbExecutor = deps.db): Promise<AccountRecord | undefined> {
      return store.find(executor, id);
    },

    markProfileCompleted(executor: DbExecutor, userId: string): Promise<void> {
      return store.markProfileCompleted(executor, userId);
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
