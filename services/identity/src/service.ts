import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { IdentityConfig } from './config';
import { inbox, outbox } from './data/schema';
import { createAccountDeletion } from './domain/account-deletion';
import { createAccounts } from './domain/accounts';
import { createScryptHasher } from './domain/password';
import { createSessions } from './domain/sessions';
import { identityEventHandlers } from './events/profile-completed';
import { createAuthRoutes } from './http/auth-routes';
import { sessionRevocationRoutes } from './http/session-revocation-routes';

/** Identity: accounts, passwords, sessions. The only service holding the token-signing key. */
export const identityService = defineService({
  name: 'identity',
  title: 'Identity API',
  configSchema: IdentityConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['profile.completed'],
  produces: ['identity.user.registered', 'identity.user.deleted'],
  outbox,
  inbox,
  create({ config, db, transact, now }) {
    const hasher = createScryptHasher(config.PASSWORD_HASH_COST);
    const accounts = createAccounts({
      db,
      transact,
      hasher,
      teacherCode: config.TEACHER_CODE,
    });
    const sessions = createSessions({
      db,
      privateKey: config.JWT_PRIVATE_KEY,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      now,
      loadUser: async (executor, id) => {
        const u = await accounts.findById(id, executor);
        return u && { id: u.id, name: u.name, isTeacher: u.isTeacher };
      },
    });
    const deletion = createAccountDeletion({ db, transact, hasher, sessions });
    return {
      routes: createAuthRoutes({ accounts, sessions, deletion, config, now }),
      eventHandlers: identityEventHandlers(accounts),
      internalRoutes: sessionRevocationRoutes(sessions),
    };
  },
});
