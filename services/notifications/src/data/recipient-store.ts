import { and, eq, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@campus/service-kit/db';
import { memberDirectory } from '@campus/service-kit/member-directory';
import { addresses, members, preferences, reviewers, teacherSubjects } from './schema';

/** A user's stored choice for one kind (a kind without one has its declared defaults). */
export interface PreferenceRecord {
  kind: string;
  inApp: boolean;
  email: string;
}

/**
 * Who receives what: the members directory (names, teachers), email addresses, the subjects each
 * teacher reviews, and each user's choices per kind. The domain never sees a row; it hands each
 * query the executor it runs on (its transaction, or the database for a plain read).
 */
export function createRecipientStore() {
  return {
    /** Who is who: identity's word on a member, or a session's or profile's when identity has not spoken. */
    ...memberDirectory(members),

    async member(
      executor: DbExecutor,
      userId: string,
    ): Promise<{ name: string; isTeacher: boolean } | undefined> {
      const [row] = await executor
        .select({ name: members.name, isTeacher: members.isTeacher })
        .from(members)
        .where(eq(members.userId, userId));
      return row;
    },

    async setAddress(executor: DbExecutor, userId: string, email: string): Promise<void> {
      await executor
        .insert(addresses)
        .values({ userId, email })
        .onConflictDoUpdate({ target: addresses.userId, set: { email } });
    },

    async hasAddress(executor: DbExecutor, userId: string): Promise<boolean> {
      const rows = await executor
        .select({ userId: addresses.userId })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      return rows.length > 0;
    },

    /**
     * Replaces a teacher's subjects unless a newer update is already stored (the row lock on
     * `reviewers` orders two updates of one teacher); resolves false when this one was older.
     */
    async replaceTeacherSubjects(
      executor: DbExecutor,
      userId: string,
      subjects: string[],
      updatedAt: Date,
    ): Promise<boolean> {
      const won = await executor
        .insert(reviewers)
        .values({ userId, updatedAt })
        .onConflictDoUpdate({
          target: reviewers.userId,
          set: { updatedAt },
          setWhere: sql`${reviewers.updatedAt} <= ${updatedAt.toISOString()}::timestamptz`,
        })
        .returning({ userId: reviewers.userId });
      if (won.length === 0) return false;
      await executor.delete(teacherSubjects).where(eq(teacherSubjects.userId, userId));
      if (subjects.length > 0)
        await executor.insert(teacherSubjects).values(subjects.map((subject) => ({ userId, subject })));
      return true;
    },

    async teachersReviewing(executor: DbExecutor, subject: string): Promise<string[]> {
      const rows = await executor
        .select({ userId: teacherSubjects.userId })
        .from(teacherSubjects)
        .where(eq(teacherSubjects.subject, subject));
      return rows.map((r) => r.userId);
    },

    async preference(
      executor: DbExecutor,
      userId: string,
      kind: string,
    ): Promise<PreferenceRecord | undefined> {
      const [row] = await executor
        .select({ kind: preferences.kind, inApp: preferences.inApp, email: preferences.email })
        .from(preferences)
        .where(and(eq(preferences.userId, userId), eq(preferences.kind, kind)));
      return row;
    },

    async preferencesOf(executor: DbExecutor, userId: string): Promise<PreferenceRecord[]> {
      return executor
        .select({ kind: preferences.kind, inApp: preferences.inApp, email: preferences.email })
        .from(preferences)
        .where(eq(preferences.userId, userId));
    },

    async savePreferences(
      executor: DbExecutor,
      userId: string,
      choices: PreferenceRecord[],
      updatedAt: Date,
    ): Promise<void> {
      if (choices.length === 0) return;
      await executor
        .insert(preferences)
        .values(choices.map((c) => ({ userId, kind: c.kind, inApp: c.inApp, email: c.email, updatedAt })))
        .onConflictDoUpdate({
          target: [preferences.userId, preferences.kind],
          set: {
            inApp: sql`excluded.in_app`,
            email: sql`excluded.email`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    /**
     * Everyone who gets `kind` in the app or by email. Off by default: those who turned it on. On
     * by default: every known member but those who turned it off altogether.
     */
    async subscribersOf(
      executor: DbExecutor,
      kind: string,
      defaults: { inApp: boolean; email: string },
    ): Promise<string[]> {
      const receives = or(eq(preferences.inApp, true), ne(preferences.email, 'off'));
      if (!defaults.inApp && defaults.email === 'off') {
        const rows = await executor
          .select({ userId: preferences.userId })
          .from(preferences)
          .where(and(eq(preferences.kind, kind), receives));
        return rows.map((r) => r.userId);
      }
      const optedOut = executor
        .select({ userId: preferences.userId })
        .from(preferences)
        .where(and(eq(preferences.kind, kind), eq(preferences.inApp, false), eq(preferences.email, 'off')));
      const rows = await executor
        .select({ userId: members.userId })
        .from(members)
        .where(notInArray(members.userId, optedOut));
      return rows.map((r) => r.userId);
    },
  };
}

export type RecipientStore = ReturnType<typeof createRecipientStore>;
