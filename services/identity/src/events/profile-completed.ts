import type { Db } from '@campus/service-kit/db';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { handleOnce } from '@campus/service-kit/inbox';
import { inbox } from '../data/schema';
import type { Accounts } from '../domain/accounts';

/** Once a user has filled in the common data form, login stops sending them there (isFirstTime false). */
export function profileCompletedConsumer(db: Db, accounts: Accounts) {
  return defineConsumer('identity', {
    'profile.completed': async (event) => {
      await handleOnce(db, inbox, event, (tx) => accounts.markProfileCompleted(tx, event.payload.userId));
    },
  });
}
