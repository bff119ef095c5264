import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@campus/service-kit/db';
import {
  addresses,
  members,
  notifications,
  outbox,
  outgoingMail,
  preferences,
  reviewers,
  teacherSubjects,
} from './schema';

/** A regular expression matching `text` literally (a name may hold '.', '(' ...). */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the service holds about one person, read for their export and removed when they delete
 * their account (domain/personal-data.ts says which is which).
 */
export const personalDataStore = {
  /** Every notification of theirs, the mail-only ones too, newest first. */
  async notificationsOf(executor: DbExecutor, userId: string) {
    return executor
      .select({
        id: notifications.id,
        kind: notifications.kind,
        text: notifications.text,
        link: notifications.link,
        actorName: notifications.actorName,
        count: notifications.count,
        read: notifications.read,
        inApp: notifications.inApp,
        createdAt: notifications.createdAt,
        updatedAt: notifications.updatedAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(sql`${notifications.updatedAt} desc, ${notifications.id} desc`);
  },

  /** The mail queued for them: when, which kind, how, and how it went (the words are the notification's). */
  async mailOf(executor: DbExecutor, userId: string) {
    return executor
      .select({
        notificationId: outgoingMail.notificationId,
        kind: outgoingMail.kind,
        delivery: outgoingMail.delivery,
        queuedAt: outgoingMail.createdAt,
        doneAt: outgoingMail.sentAt,
        outcome: outgoingMail.outcome,
        attempts: outgoingMail.attempts,
      })
      .from(outgoingMail)
      .where(eq(outgoingMail.userId, userId))
      .orderBy(asc(outgoingMail.createdAt), asc(outgoingMail.id));
  },

  /** Who the directory says they are, and where their email goes. */
  async contactOf(
    executor: DbExecutor,
    userId: string,
  ): Promise<{ name: string | null; isTeacher: boolean | null; email: string | null }> {
    const [member] = await executor
      .select({ name: members.name, isTeacher: members.isTeacher })
      .from(members)
      .where(eq(members.userId, userId));
    const [address] = await executor
      .select({ email: addresses.email })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    return {
      name: member?.name ?? null,
      isTeacher: member?.isTeacher ?? null,
      email: address?.email ?? null,
    };
  },

  /** The subjects a teacher reviews (whose waiting books they are told of). */
  async reviewSubjectsOf(executor: DbExecutor, userId: string): Promise<string[]> {
    const rows = await executor
      .select({ subject: teacherSubjects.subject })
      .from(teacherSubjects)
      .where(eq(teacherSubjects.userId, userId))
      .orderBy(asc(teacherSubjects.subject));
    return rows.map((r) => r.subject);
  },

  /** Their rows, every table: notifications, mail, choices, address, subjects, directory entry. */
  async removeRowsOf(tx: DbExecutor, userId: string): Promise<void> {
    await tx.delete(outgoingMail).where(eq(outgoingMail.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(preferences).where(eq(preferences.userId, userId));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(teacherSubjects).where(eq(teacherSubjects.userId, userId));
    await tx.delete(reviewers).where(eq(reviewers.userId, userId));
    await tx.delete(members).where(eq(members.userId, userId));
  },

  /**
   * Other people's notifications that name them ("Asha Rao commented on ..."): the actor and every
   * mention of the name in the words become `replacement`. Case-insensitive, and only where the
   * name stands as a whole (a short name inside a longer word is another word). A name under three
   * letters is looked for only in the notifications it acted in: elsewhere "A" or "Jo" is a word.
   */
  async renameActor(tx: DbExecutor, name: string, replacement: string): Promise<number> {
    const pattern = `(^|[^[:alnum:]_])${literally(name)}($|[^[:alnum:]_])`;
    const byActor = sql`lower(${notifications.actorName}) = lower(${name})`;
    const changed = await tx
      .update(notifications)
      .set({
        actorName: sql`case when ${byActor} then ${replacement} else ${notifications.actorName} end`,
        text: sql`regexp_replace(${notifications.text}, ${pattern}, ${`\\1${replacement}\\2`}, 'gi')`,
      })
      .where(name.length >= 3 ? or(byActor, sql`${notifications.text} ~* ${pattern}`) : byActor)
      .returning({ id: notifications.id });
    return changed.length;
  },

  /**
   * The published 'notifications.changed' rows that carried someone else's notification naming
   * them (kept only to investigate): gone, as the kit removes those that carry their id. A short
   * name, as above, only where it was the actor.
   */
  async removePublishedNaming(tx: DbExecutor, name: string): Promise<void> {
    const asActor = sql`lower(${outbox.payload} #>> '{notification,actorName}') = lower(${name})`;
    await tx
      .delete(outbox)
      .where(
        and(
          isNotNull(outbox.publishedAt),
          name.length >= 3
            ? or(asActor, sql`strpos(lower(${outbox.payload}::text), lower(${name})) > 0`)
            : asActor,
        ),
      );
  },
};
