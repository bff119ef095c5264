import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import type { EventPayload } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { eventReminders, events as eventsTable, outbox } from '../src/data/schema';
import { createEventRemindersJob, REMINDERS_EVERY_MS } from '../src/domain/event-reminders';
import { eventsService } from '../src/service';
import { postEvent, signedIn, type PostedEvent } from './helpers';

/**
 * Reminders to those going (issue 27): a day and an hour before the start, each once across
 * replicas, through the outbox (events.event.reminder), on the test's clock and the kit's tick.
 */
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const START = Date.parse('2026-03-01T09:00:00Z');
let clock = START;
const now = () => new Date(clock);
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(eventsService, {}, { now });
});
afterAll(() => h.stop());
beforeEach(async () => {
  clock = START;
  await h.reset();
});

type Person = ReturnType<typeof signedIn>;
const at = (hours: number) => new Date(START + hours * HOUR).toISOString();
/** A replica's reminder job on the shared database and the test's clock. */
const replicaJob = () =>
  createEventRemindersJob({ db: h.database.db, logger: pino({ level: 'silent' }), now });
/** Moves the clock to `hours` after the start of the test (a minute's run later at least) and checks once. */
async function runAt(hours: number) {
  clock = Math.max(START + hours * HOUR, clock + REMINDERS_EVERY_MS);
  return replicaJob().tick();
}
const reminders = async () =>
  (
    await h.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.name, 'events.event.reminder'))
      .orderBy(asc(outbox.position))
  ).map((row) => row.payload as EventPayload<'events.event.reminder'>);
const answer = (event: PostedEvent, who: Person, status: 'going' | 'interested' | 'none') =>
  request(h.url).put(`/api/event/events/${event._id}/rsvp`).set(who.headers).send({ status }).expect(200);

async function talk(seed: number, startsInHours: number, fields: Record<string, unknown> = {}) {
  clock += 1000;
  return postEvent(h, signedIn(h, 'Asha Rao').headers, seed, {
    title: 'Robotics Talk',
    startsAt: at(startsInHours),
    endsAt: at(startsInHours + 2),
    venue: 'Main Auditorium',
    ...fields,
  });
}

describe('reminders to those going', () => {
  test('when an event is a day away and then an hour away, then those going (not the waitlist, not the interested) are reminded once each time', async () => {
    const event = await talk(1, 48, { capacity: 2 });
    const [bela, chen, dev, eve] = ['Bela', 'Chen', 'Dev', 'Eve'].map((name) => signedIn(h, name));
    await answer(event, bela!, 'going');
    await answer(event, chen!, 'going');
    expect((await answer(event, dev!, 'going')).body.mine).toBe('waitlisted');
    await answer(event, eve!, 'interested');

    // Not yet due a day and a minute ahead.
    await runAt(23);
    expect(await reminders()).toEqual([]);

    await runAt(24);
    const dayAhead = {
      eventId: event._id,
      title: 'Robotics Talk',
      startsAt: at(48),
      window: '24h',
      userIds: [bela!.user.id, chen!.user.id],
    };
    expect(await reminders()).toEqual([dayAhead]);

    // Run again, on this replica or another one: nothing more.
    expect(await runAt(25)).toBe('ran');
    expect(await runAt(30)).toBe('ran');
    expect(await reminders()).toEqual([dayAhead]);

    // Chen gives up the seat: Dev moves up and is going by the hour-ahead reminder.
    await answer(event, chen!, 'none');
    await runAt(47);
    expect(await reminders()).toEqual([
      dayAhead,
      { ...dayAhead, window: '1h', userIds: [bela!.user.id, dev!.user.id] },
    ]);

    // Started and past: nothing more.
    await runAt(47.5);
    await runAt(49);
    expect(await reminders()).toHaveLength(2);
  });

  test('when two replicas check at the same moment, then exactly one sends the reminder', async () => {
    const event = await talk(2, 30);
    const bela = signedIn(h, 'Bela');
    await answer(event, bela, 'going');
    clock = START + 6 * HOUR + MINUTE;
    const outcomes = await Promise.all([replicaJob().tick(), replicaJob().tick()]);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    expect(await reminders()).toEqual([expect.objectContaining({ eventId: event._id, window: '24h' })]);
  });

  test('when an event is posted less than a day ahead, then only the hour-ahead reminder, never one after the start', async () => {
    const soon = await talk(3, 10);
    const bela = signedIn(h, 'Bela');
    await answer(soon, bela, 'going');
    await runAt(0.1);
    await runAt(8.5);
    expect(await reminders()).toEqual([]);
    await runAt(9.25);
    expect(await reminders()).toEqual([
      expect.objectContaining({ eventId: soon._id, window: '1h', userIds: [bela.user.id] }),
    ]);
  });

  test('when the job was not running at the due moment and the event has started, then no late reminder', async () => {
    const event = await talk(4, 26);
    await answer(event, signedIn(h, 'Bela'), 'going');
    // The job comes back after the event started: neither reminder goes out late.
    await runAt(27);
    expect(await reminders()).toEqual([]);
  });

  test('when an event is hidden, deleted, undated, or nobody is going, then no reminder', async () => {
    const bela = signedIn(h, 'Bela');
    const hidden = await talk(5, 30);
    await answer(hidden, bela, 'going');
    await h.database.db
      .update(eventsTable)
      .set({ moderation: 'hidden', moderationReason: 'Spam' })
      .where(eq(eventsTable.id, hidden._id));
    const author = signedIn(h, 'Ravi');
    const deleted = await postEvent(h, author.headers, 6, {
      startsAt: at(30),
      endsAt: at(31),
      venue: 'Online',
    });
    await answer(deleted, bela, 'going');
    await request(h.url).delete(`/api/event/events/${deleted._id}`).set(author.headers).expect(200);
    const undated = await postEvent(h, author.headers, 7, { title: 'Whenever' });
    await answer(undated, bela, 'going');
    const empty = await talk(8, 30);
    await answer(empty, bela, 'interested');

    await runAt(6.5);
    await runAt(29.5);
    expect(await reminders()).toEqual([]);
    // Nobody going: recorded as done (nothing to send), so it is never looked at again.
    const recorded = await h.database.db.select().from(eventReminders);
    expect(recorded.map((r) => [r.eventId, r.window, r.going])).toEqual([
      [empty._id, '24h', 0],
      [empty._id, '1h', 0],
    ]);
  });

  test('when an event moves to a later start after its reminder, then those going are reminded of the new time', async () => {
    const author = signedIn(h, 'Asha Rao');
    clock += 1000;
    const event = await postEvent(h, author.headers, 9, {
      title: 'Moved',
      startsAt: at(30),
      endsAt: at(31),
      venue: 'Room 1',
    });
    const bela = signedIn(h, 'Bela');
    await answer(event, bela, 'going');
    await runAt(6.5);
    await request(h.url)
      .patch(`/api/event/events/${event._id}`)
      .set(author.headers)
      .send({ startsAt: at(40), endsAt: at(41) })
      .expect(200);
    await runAt(16.5);
    expect((await reminders()).map((r) => [r.window, r.startsAt])).toEqual([
      ['24h', at(30)],
      ['24h', at(40)],
    ]);
  });
});
