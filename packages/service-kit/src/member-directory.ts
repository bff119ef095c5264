import { boolean, text, type PgSchema } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './db';

/**
 * A service's members directory: who is who (name, teacher or not), kept in the service's own
 * database so its lists show names without asking identity (DESIGN §1: no service reads another's
 * tables). Declared by each service in its own `data/schema.ts`
 * (`export const members = memberTable(housingSchema)`), so its migrations create it.
 *
 * Two writers fill it: identity's `identity.user.registered` (`setMember`), whose word always wins,
 * and the signed-in user's session when they first write (`addMemberIfUnknown`), for users who
 * registered before the service existed or whose event has not arrived yet.
 */
export function memberTable(schema: PgSchema) {
  return schema.table('members', {
    userId: text('user_id').primaryKey(),
    name: text('name').notNull(),
    isTeacher: boolean('is_teacher').notNull(),
  });
}

export type MemberTable = ReturnType<typeof memberTable>;

export interface Member {
  userId: string;
  name: string;
  isTeacher: boolean;
}

/**
 * The directory's writes, for a service's store to offer its domain
 * (`return { ...memberDirectory(members), ... }`): the domain never sees the table.
 */
export function memberDirectory(table: MemberTable) {
  return {
    /** Identity's word on a member: always wins. */
    async setMember(executor: DbExecutor, member: Member): Promise<void> {
      const { userId, name, isTeacher } = member;
      await executor
        .insert(table)
        .values({ userId, name, isTeacher })
        .onConflictDoUpdate({ target: table.userId, set: { name, isTeacher } });
    },

    /** A member known only from their session: only if identity has not told us about them. */
    async addMemberIfUnknown(executor: DbExecutor, member: Member): Promise<void> {
      const { userId, name, isTeacher } = member;
      await executor
        .insert(table)
        .values({ userId, name, isTeacher })
        .onConflictDoNothing({ target: table.userId });
    },
  };
}
