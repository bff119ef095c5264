import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { inboxTable } from '@campus/service-kit/inbox';
import { outboxTable } from '@campus/service-kit/outbox';

export const identitySchema = pgSchema('identity');

export const users = identitySchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isTeacher: boolean('is_teacher').notNull().default(false),
    // Flipped by the profile service's `profile.completed` event; drives login's isFirstTime.
    profileCompleted: boolean('profile_completed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** Refresh tokens, stored hashed. A family is one login; reuse of a rotated token revokes the family. */
export const refreshTokens = identitySchema.table(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * Sessions ended before their access tokens lapsed (logout, a replayed refresh token): the gateway
 * polls the ones whose tokens could still be alive and refuses those tokens (ADR 0007). A row is
 * useless once `tokensExpireAt` has passed, and is pruned a day later.
 */
export const sessionRevocations = identitySchema.table(
  'session_revocations',
  {
    position: bigint('position', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id').notNull(),
    /** Whose session it was; null once the account is deleted (the session id alone is what the gateway needs). */
    userId: uuid('user_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
    /** When the last access token this session could have been issued expires. */
    tokensExpireAt: timestamp('tokens_expire_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_revocations_expiry_idx').on(t.tokensExpireAt)],
);

export const outbox = outboxTable(identitySchema);
export const inbox = inboxTable(identitySchema);
