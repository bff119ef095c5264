import type { Logger } from 'pino';
import {
  EVENT_LIFETIME_MS,
  EVENTS_MESSAGES,
  REMINDER_LEAD_MS,
  REMINDER_WINDOWS,
  type ReminderWindow,
} from '@campus/contracts/events-domain-rules';
import type { Db } from '@campus/service-kit/db';
import { addToOutbox } from '@campus/service-kit/outbox';
import { createScheduledJob, type ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createEventStore } from '../data/event-store';
import { outbox, scheduledJobs } from '../data/schema';

export const EVENT_REMINDERS_JOB = 'event-reminders';
/** How often the reminders are looked for (once across replicas): a reminder is at most this late. */
export const REMINDERS_EVERY_MS = 60 * 1000;
/** Events reminded per window per run: a bounded transaction; more wait for the next minute. */
const EVENTS_PER_RUN = 100;
/** Students named by one events.event.reminder (the catalogue's cap): more go out as several. */
const USERS_PER_MESSAGE = 500;

/**
 * When each window is due and until when: the day-ahead reminder from 24 hours before the start
 * until the hour-ahead one takes over, and only for an event posted at least a day ahead; the
 * hour-ahead one from an hour before until the start, whenever it was posted. Never after the start.
 */
const DUE: Record<ReminderWindow, { untilMs: number; postedAheadMs: number }> = {
  '24h': { untilMs: REMINDER_LEAD_MS['1h'], postedAheadMs: REMINDER_LEAD_MS['24h'] },
  '1h': { untilMs: 0, postedAheadMs: 0 },
};

/**
 * Reminds those going to an event (issue 27) a day and an hour before it starts: a scheduled job
 * (once a minute, one replica at a time: the kit's row lock) that, for each due window, records the
 * reminder (event, window, start) and puts events.event.reminder with the going students in the
 * outbox in the job's one transaction. A recorded reminder is never due again, so a second run, a
 * second replica or a retry after a failure sends nothing twice; the notifications service turns it
 * into one notification per student. Hidden, deleted and expired events are never due; an event
 * nobody is going to is recorded and sends nothing.
 */
export function createEventRemindersJob(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  everyMs?: number;
}): ScheduledJob {
  const store = createEventStore(deps.db);
  return createScheduledJob({
    name: EVENT_REMINDERS_JOB,
    everyMs: deps.everyMs ?? REMINDERS_EVERY_MS,
    db: deps.db,
    table: scheduledJobs,
    logger: deps.logger,
    now: deps.now,
    run: async ({ tx, now, logger }) => {
      const sent = { events: 0, students: 0 };
      for (const window of REMINDER_WINDOWS) {
        const due = await store.dueReminders(tx, {
          since: new Date(now.getTime() - EVENT_LIFETIME_MS),
          now,
          reminder: window,
          leadMs: REMINDER_LEAD_MS[window],
          ...DUE[window],
          limit: EVENTS_PER_RUN,
        });
        const going = await store.goingTo(
          tx,
          due.map((e) => e.id),
        );
        for (const event of due) {
          const userIds = going.get(event.id) ?? [];
          const recorded = await store.recordReminder(tx, {
            eventId: event.id,
            window,
            startsAt: event.startsAt,
            going: userIds.length,
            sentAt: now,
          });
          if (!recorded) continue;
          for (let i = 0; i < userIds.length; i += USERS_PER_MESSAGE)
            await addToOutbox(tx, outbox, {
              name: 'events.event.reminder',
              producer: 'events',
              payload: {
                eventId: event.id,
                title: event.title ?? EVENTS_MESSAGES.untitled,
                startsAt: event.startsAt.toISOString(),
                window,
                userIds: userIds.slice(i, i + USERS_PER_MESSAGE),
              },
            });
          sent.events += 1;
          sent.students += userIds.length;
        }
      }
      if (sent.events > 0) logger.info(sent, 'event reminders sent');
    },
  });
}
