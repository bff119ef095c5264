import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import type { EventPayload } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { eventsService } from '../src/service';
import { postEvent, signedIn, type PostedEvent } from './helpers';

const HOUR = 60 * 60 * 1000;
const START = Date.parse('2026-03-01T09:00:00Z');
let clock = START;
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(eventsService, {}, { now: () => new Date(clock) });
});
afterAll(() => h.stop());
beforeEach(async () => {
  clock = START;
  await h.reset();
});

const inHours = (hours: number) => new Date(START + hours * HOUR).toISOString();
type Person = ReturnType<typeof signedIn>;
const rsvp = (event: PostedEvent, who: Person | null, status: unknown) =>
  request(h.url)
    .put(`/api/event/events/${event._id}/rsvp`)
    .set(who ? who.headers : {})
    .send({ status });
const attendees = (event: PostedEvent, who: Person | null, suffix = '') =>
  request(h.url)
    .get(`/api/event/events/${event._id}/attendees${suffix}`)
    .set(who ? who.headers : {});

async function talk(owner: Person, seed: number, capacity?: number) {
  clock += 1000;
  return postEvent(h, owner.headers, seed, {
    title: 'Robotics Talk',
    startsAt: inHours(24),
    endsAt: inHours(26),
    ...(capacity ? { capacity } : {}),
  });
}

describe('PUT /api/event/events/{id}/rsvp', () => {
  test('when students answer going and interested, then the counts and their own answer; none takes it back', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await talk(asha, 1);
    const bela = signedIn(h, 'Bela');
    const chen = signedIn(h, 'Chen');
    expect((await rsvp(event, bela, 'going').expect(200)).body).toEqual({
      going: 1,
      interested: 0,
      waitlisted: 0,
      mine: 'going',
    });
    expect((await rsvp(event, chen, 'interested').expect(200)).body).toEqual({
      going: 1,
      interested: 1,
      waitlisted: 0,
      mine: 'interested',
    });
    // The same answer again changes nothing.
    expect((await rsvp(event, bela, 'going').expect(200)).body.going).toBe(1);
    expect((await rsvp(event, bela, 'none').expect(200)).body).toEqual({
      going: 0,
      interested: 1,
      waitlisted: 0,
      mine: 'none',
    });
    const mine = await request(h.url)
      .get(`/api/event/events/${event._id}/rsvp`)
      .set(chen.headers)
      .expect(200);
    expect(mine.body.mine).toBe('interested');
    // The counts are on the event in every answer (the card).
    const listed = await request(h.url).get('/api/event/allevents').expect(200);
    expect(listed.body[0].rsvp).toEqual({ going: 0, interested: 1, waitlisted: 0 });
  });

  test('when the seats are taken, then going is waitlisted in order, and a leave moves the first waiting up', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await talk(asha, 2, 2);
    const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((n) => signedIn(h, n)) as [Person, Person, Person, Person];
    await rsvp(event, a, 'going').expect(200);
    await rsvp(event, b, 'going').expect(200);
    expect((await rsvp(event, c, 'going').expect(200)).body).toMatchObject({
      going: 2,
      waitlisted: 1,
      mine: 'waitlisted',
    });
    expect((await rsvp(event, d, 'going').expect(200)).body).toMatchObject({
      going: 2,
      waitlisted: 2,
      mine: 'waitlisted',
    });

    expect((await rsvp(event, a, 'interested').expect(200)).body).toMatchObject({ going: 2, waitlisted: 1 });
    const list = (await attendees(event, asha).expect(200)).body;
    expect(list.attendees.map((x: { name: string; status: string }) => `${x.name}:${x.status}`)).toEqual([
      'B:going',
      'C:going',
      'D:waitlisted',
      'A:interested',
    ]);
    expect(list.attendees[2].waitlistPosition).toBe(1);
    // The owner raises the capacity: the waitlist moves up in the same commit.
    const raised = await request(h.url)
      .patch(`/api/event/events/${event._id}`)
      .set(asha.headers)
      .send({ capacity: 3 })
      .expect(200);
    expect(raised.body.data).toMatchObject({ capacity: 3, rsvp: { going: 3, interested: 1, waitlisted: 0 } });
  });

  test('when a guest answers, then 401; a bad status, 400 with a sentence; an unknown event, 404; an ended one, 409', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await talk(asha, 3);
    await rsvp(event, null, 'going').expect(401);
    const bad = await rsvp(event, asha, 'maybe').expect(400);
    expect(JSON.stringify(bad.body)).toContain(EVENTS_MESSAGES.rsvpInvalid);
    await request(h.url)
      .put(`/api/event/events/${randomUUID()}/rsvp`)
      .set(asha.headers)
      .send({ status: 'going' })
      .expect(404);
    clock = START + 27 * HOUR;
    const ended = await rsvp(event, asha, 'going').expect(409);
    expect(ended.body).toMatchObject({ code: 'EVENT_ENDED', message: EVENTS_MESSAGES.rsvpEnded });
  });

  test('when the capacity is no whole number from 1, then 400 with a sentence', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await talk(asha, 4);
    const res = await request(h.url)
      .patch(`/api/event/events/${event._id}`)
      .set(asha.headers)
      .send({ capacity: 0 })
      .expect(400);
    expect(res.body.issues).toEqual([{ path: 'capacity', message: EVENTS_MESSAGES.capacityInvalid }]);
  });
});

describe('the organiser’s list', () => {
  test('when someone else asks, then 403 NOT_OWNER; a guest 401; an unknown event 404', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await talk(asha, 5);
    const mallory = signedIn(h, 'Mallory');
    for (const suffix of ['', '.csv']) {
      const res = await attendees(event, mallory, suffix).expect(403);
      expect(res.body.code).toBe('NOT_OWNER');
      await attendees(event, null, suffix).expect(401);
      await request(h.url)
        .get(`/api/event/events/${randomUUID()}/attendees${suffix}`)
        .set(asha.headers)
        .expect(404);
    }
  });

  test('when the organiser exports the list, then CSV with quoting and no cell a spreadsheet would run as a formula', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await talk(asha, 6);
    for (const name of ['=HYPERLINK("http://evil.example","x")', 'Rao, Asha "AR"', '@SUM(A1)', 'Plain Name'])
      await rsvp(event, signedIn(h, name), 'going').expect(200);
    const res = await attendees(event, asha, '.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="event-${event._id}-attendees.csv"`,
    );
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('Name,Status,Waitlist position,Responded at (UTC)');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",going,,/);
    expect(lines[2]).toMatch(/^"Rao, Asha ""AR""",going,,/);
    expect(lines[3]).toMatch(/^'@SUM\(A1\),going,,/);
    expect(lines[4]).toMatch(/^Plain Name,going,,2026-03-01T/);
    expect(lines[5]).toBe('');
  });
});

describe('their data', () => {
  test('when a student exports their data, then their answers are in it; when they delete their account, their seat goes to the first waiting', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await talk(asha, 7, 1);
    const bela = signedIn(h, 'Bela');
    const chen = signedIn(h, 'Chen');
    await rsvp(event, bela, 'going').expect(200);
    await rsvp(event, chen, 'going').expect(200);
    const exported = await request(h.url).get('/api/me/export/events').set(bela.headers).expect(200);
    expect(exported.body.files['event-rsvps.json']).toEqual([
      expect.objectContaining({ eventId: event._id, status: 'going', nameShownToOrganiser: 'Bela' }),
    ]);

    const envelope = {
      id: randomUUID(),
      name: 'identity.user.deleted' as const,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      payload: {
        userId: bela.user.id,
        contributions: 'delete',
      } satisfies EventPayload<'identity.user.deleted'>,
    };
    await h.bus.publish(envelope);
    await h.waitForHandled(envelope.id);
    const mine = await request(h.url)
      .get(`/api/event/events/${event._id}/rsvp`)
      .set(chen.headers)
      .expect(200);
    expect(mine.body).toEqual({ going: 1, interested: 0, waitlisted: 0, mine: 'going' });
  });
});

// 200 students join at once, each on its own connection: only PostgreSQL runs them concurrently.
(process.env.DATABASE_URL ? describe : describe.skip)('on PostgreSQL (DATABASE_URL), at capacity 50', () => {
  test('when 200 join at once, then exactly 50 are going and the other 150 waitlisted in order of arrival', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await talk(asha, 8, 50);
    const people = Array.from({ length: 200 }, (_, i) => signedIn(h, `Student ${i}`));
    const answers = await Promise.all(people.map((p) => rsvp(event, p, 'going')));
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    expect(answers.filter((a) => a.body.mine === 'going')).toHaveLength(50);
    expect(answers.filter((a) => a.body.mine === 'waitlisted')).toHaveLength(150);
    const list = (await attendees(event, asha).expect(200)).body;
    expect(list).toMatchObject({ going: 50, waitlisted: 150 });
    // The order of arrival is the order answers took the lock: each answer's waitlisted count says
    // how many were waiting when it came in, so the waitlist positions are 1..150 in that order.
    const arrival = answers
      .map((a, i) => ({
        id: people[i]!.user.id,
        waitingWhenIn: a.body.waitlisted as number,
        mine: a.body.mine,
      }))
      .filter((a) => a.mine === 'waitlisted');
    const positions = new Map(
      list.attendees
        .filter((x: { status: string }) => x.status === 'waitlisted')
        .map((x: { userId: string; waitlistPosition: number }) => [x.userId, x.waitlistPosition]),
    );
    for (const a of arrival) expect(positions.get(a.id)).toBe(a.waitingWhenIn);
  });
});
