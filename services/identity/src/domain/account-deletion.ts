import { DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE } from '@campus/contracts/identity-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import { forgetInKitTables } from '@campus/service-kit/forget-in-kit-tables';
import type { ContributionsChoice } from '@campus/service-kit/personal-data';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createAccountStore } from '../data/account-store';
import { outbox } from '../data/schema';
import type { PasswordHasher } from './password';
import type { Sessions } from './sessions';

export interface AccountDeletionDeps {
  db: Db;
  transact: Transact<'identity.user.deleted'>;
  hasher: PasswordHasher;
  sessions: Sessions;
}

/**
 * An account deleted by its owner (issue 26 §3). The password is asked again, because a session
 * left open on a shared computer must not be enough to erase someone. Then, in one transaction: every
 * session ends (revoked at the gateway within a poll, ADR 0007), the account row goes (its refresh
 * tokens with it), identity's own published events naming the person go (identity.user.registered
 * carried their name and email), and `identity.user.deleted` is written for every other service to
 * forget them. Identity does not consume its own event: it has nothing left to forget.
 */
export function createAccountDeletion(deps: AccountDeletionDeps) {
  const store = createAccountStore(deps.db);
  return {
    async deleteAccount(
      user: AuthUser,
      request: { password: string; contributions: ContributionsChoice },
    ): Promise<void> {
      const account = await store.find(deps.db, user.id);
      // A token outliving its account (already deleted elsewhere) is no longer anyone's session.
      if (!account) throw AppError.unauthenticated();
      if (!(await deps.hasher.verify(request.password, account.passwordHash)))
        throw new AppError(403, 'WRONG_PASSWORD', DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE);
      await deps.transact(async (tx, emit) => {
        await deps.sessions.endEverySession(tx, user.id);
        // Two deletions racing (two tabs): the second finds no row and announces nothing.
        if (!(await store.delete(tx, user.id))) throw AppError.unauthenticated();
        await forgetInKitTables(tx, { outbox }, user.id);
        await emit('identity.user.deleted', { userId: user.id, contributions: request.contributions });
      });
    },

    /** What identity holds about the signed-in user, for GET /api/me/export: never the password's hash. */
    async exportAccount(user: AuthUser): Promise<Record<string, unknown>> {
      const account = await store.find(deps.db, user.id);
      if (!account) return {};
      return {
        'account.json': {
          id: account.id,
          name: account.name,
          email: account.email,
          role: account.isTeacher ? 'teacher' : 'student',
          profileCompleted: account.profileCompleted,
          createdAt: account.createdAt.toISOString(),
        },
      };
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
