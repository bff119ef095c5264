import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '@campus/service-kit/db';
import { eventRsvps, events } from './schema';

export type StoredRsvpStatus = 'going' | 'interested' | 'waitlisted';

export interface RsvpCounts {
  going: number;
  interested: number;
  waitlisted: number;
}

/** A new place in the order of arrival (the column's own sequence). */
const nextSeq = sql`nextval(pg_get_serial_sequence('events.event_rsvps', 'seq'))`;

/**
 * The answers to events (issue 27). Every write is made by a caller holding the event's row lock
 * (FOR UPDATE), so counting and then writing is one step per event: two joins never both take the
 * last seat, and the waitlist's order is the order in which answers got the lock.
 */
export function createRsvpStore() {
  return {
    /** Takes the event's row lock (as every answer does) and reads its capacity; undefined when gone. */
    async lockEvent(executor: DbExecutor, eventId: string) {
      const [row] = await executor
        .select({ capacity: events.capacity })
        .from(events)
        .where(eq(events.id, eventId))
        .for('update');
      return row;
    },

    async counts(executor: DbExecutor, eventId: string): Promise<RsvpCounts> {
      const rows = await executor
        .select({ status: eventRsvps.status, n: count() })
        .from(eventRsvps)
        .where(eq(eventRsvps.eventId, eventId))
        .groupBy(eventRsvps.status);
      const of = (status: StoredRsvpStatus) => rows.find((r) => r.status === status)?.n ?? 0;
      return { going: of('going'), interested: of('interested'), waitlisted: of('waitlisted') };
    },

    async statusOf(executor: DbExecutor, eventId: string, userId: string) {
      const [row] = await executor
        .select({ status: eventRsvps.status })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
      return row?.status;
    },

    /** Sets this user's answer with a new place in the order of arrival. */
    async set(
      executor: DbExecutor,
      answer: { eventId: string; userId: string; userName: string; status: StoredRsvpStatus; at: Date },
    ): Promise<void> {
      await executor
        .insert(eventRsvps)
        .values({
          eventId: answer.eventId,
          userId: answer.userId,
          userName: answer.userName,
          status: answer.status,
          respondedAt: answer.at,
        })
        .onConflictDoUpdate({
          target: [eventRsvps.eventId, eventRsvps.userId],
          set: { status: answer.status, userName: answer.userName, respondedAt: answer.at, seq: nextSeq },
        });
    },

    async remove(executor: DbExecutor, eventId: string, userId: string): Promise<void> {
      await executor
        .delete(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
    },

    /**
     * Moves the waitlist up, first come first, into the seats `capacity` leaves free (null: every
     * one of them). Going already is never undone when seats shrink.
     */
    async promote(executor: DbExecutor, eventId: string, capacity: number | null): Promise<void> {
      const waiting = and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'waitlisted'));
      if (capacity === null) {
        await executor.update(eventRsvps).set({ status: 'going' }).where(waiting);
        return;
      }
      const { going } = await this.counts(executor, eventId);
      const free = capacity - going;
      if (free <= 0) return;
      const next = await executor
        .select({ userId: eventRsvps.userId })
        .from(eventRsvps)
        .where(waiting)
        .orderBy(asc(eventRsvps.seq))
        .limit(free);
      if (next.length === 0) return;
      await executor
        .update(eventRsvps)
        .set({ status: 'going' })
        .where(
          and(
            eq(eventRsvps.eventId, eventId),
            inArray(
              eventRsvps.userId,
              next.map((r) => r.userId),
            ),
          ),
        );
    },

    /** Everyone who answered: going, then the waitlist in order, then interested (each in order). */
    async attendees(executor: DbExecutor, eventId: string) {
      return executor
        .select({
          userId: eventRsvps.userId,
          name: eventRsvps.userName,
          status: eventRsvps.status,
          respondedAt: eventRsvps.respondedAt,
        })
        .from(eventRsvps)
        .where(eq(eventRsvps.eventId, eventId))
        .orderBy(
          sql`case ${eventRsvps.status} when 'going' then 0 when 'waitlisted' then 1 else 2 end`,
          asc(eventRsvps.seq),
        );
    },

    /** This user's answers (their export). */
    async byUser(executor: DbExecutor, userId: string) {
      return executor
        .select({
          eventId: eventRsvps.eventId,
          status: eventRsvps.status,
          name: eventRsvps.userName,
          respondedAt: eventRsvps.respondedAt,
        })
        .from(eventRsvps)
        .where(eq(eventRsvps.userId, userId))
        .orderBy(asc(eventRsvps.seq));
    },

    /** Removes this user's answers; the events where they held a seat (to move those waitlists up). */
    async forgetUser(
      executor: DbExecutor,
      userId: string,
    ): Promise<{ answers: number; seatsFreed: string[] }> {
      const gone = await executor
        .delete(eventRsvps)
        .where(eq(eventRsvps.userId, userId))
        .returning({ eventId: eventRsvps.eventId, status: eventRsvps.status });
      return {
        answers: gone.length,
        seatsFreed: gone.filter((r) => r.status === 'going').map((r) => r.eventId),
      };
    },
  };
}
