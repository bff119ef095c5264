import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import type { Accounts } from '../domain/accounts';

/** Once a user has filled in the common data form, login stops sending them there (isFirstTime false). */
export function identityEventHandlers(accounts: Accounts) {
  return defineEventHandlers({
    'profile.completed': ({ payload }, { tx }) => accounts.markProfileCompleted(tx, payload.userId),
  });
}
