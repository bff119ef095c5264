import { eq } from 'drizzle-orm';
import request from 'supertest';
import { EVENTS_MESSAGES, EVENT_LIFETIME_MS } from '@campus/contracts/events-domain-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import pino from 'pino';
import { events } from '../src/data/schema';
import { createExpireEventsJob } from '../src/domain/expire-events';
import { eventsService } from '../src/service';
import { postEvent, poster, signedIn, uploadPoster, type PostedEvent } from './helpers';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const START = Date.parse('2026-03-01T09:00:00Z');
let clock = START;
beforeAll(async () => {
  h = await startServiceForTest(eventsService, {}, { now: () => new Date(clock) });
});
let h: ServiceHarness;
afterAll(() => h.stop());
beforeEach(async () => {
  clock = START;
  await h.reset();
});

/** An instant `hours` from the test's start, written with the campus's offset (+05:30). */
const kolkata = (hours: number) => {
  const local = new Date(START + hours * HOUR + 5.5 * HOUR).toISOString().slice(0, 19);
  return `${local}+05:30`;
};
const utc = (hours: number) => new Date(START + hours * HOUR).toISOString();

interface DatedEvent extends PostedEvent {
  title: string | null;
  startsAt: string | null;
  endsAt: string | null;
  venue: string | null;
  expiresAt: string;
}

/** Posts an event a second of the test clock after the last one, so posting order never ties. */
async function post(headers: Record<string, string>, seed: number, fields: Record<string, unknown>) {
  clock += 1000;
  return (await postEvent(h, headers, seed, fields)) as DatedEvent;
}

const list = async (query: string) =>
  (await request(h.url).get(`/api/event/allevents${query}`).expect(200)).body as DatedEvent[];
const titles = (body: DatedEvent[]) => body.map((e) => e.title);

describe('dates and venue on createform', () => {
  test('when an event is posted with a start, an end (any offset) and a venue, then every answer carries them in UTC and it expires 30 days after its end', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const created = await post(asha.headers, 1, {
      title: 'Robotics Night',
      startsAt: kolkata(48),
      endsAt: kolkata(51),
      venue: '  Main Auditorium ',
    });
    expect(created).toMatchObject({
      startsAt: utc(48),
      endsAt: utc(51),
      venue: 'Main Auditorium',
      expiresAt: new Date(START + 51 * HOUR + EVENT_LIFETIME_MS).toISOString(),
    });
    const one = await request(h.url).get(`/api/event/events/${created._id}`).expect(200);
    expect(one.body).toMatchObject({ startsAt: utc(48), endsAt: utc(51), venue: 'Main Auditorium' });
    expect((await list(''))[0]).toMatchObject({ startsAt: utc(48), endsAt: utc(51) });
  });

  test('when an event is posted as the spec posts it (no dates), then it answers null dates and expires 30 days after posting', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const created = await post(asha.headers, 2, {});
    expect(created).toMatchObject({ startsAt: null, endsAt: null, venue: null });
    expect(created.expiresAt).toBe(new Date(clock + EVENT_LIFETIME_MS).toISOString());
  });

  test.each([
    [{ startsAt: kolkata(5) }, 'endsAt', EVENTS_MESSAGES.datesTogether],
    [{ endsAt: kolkata(5) }, 'startsAt', EVENTS_MESSAGES.datesTogether],
    [{ startsAt: kolkata(5), endsAt: kolkata(5) }, 'endsAt', EVENTS_MESSAGES.endsBeforeStart],
    [{ startsAt: kolkata(5), endsAt: kolkata(4) }, 'endsAt', EVENTS_MESSAGES.endsBeforeStart],
    [{ startsAt: '2026-03-05T18:00', endsAt: kolkata(100) }, 'startsAt', EVENTS_MESSAGES.startsAtInvalid],
    [{ startsAt: kolkata(1), endsAt: 'tomorrow evening' }, 'endsAt', EVENTS_MESSAGES.endsAtInvalid],
    [{ startsAt: kolkata(-5), endsAt: kolkata(-1) }, 'endsAt', EVENTS_MESSAGES.endedAlready],
    [
      { startsAt: kolkata(400 * 24), endsAt: kolkata(400 * 24 + 2) },
      'startsAt',
      EVENTS_MESSAGES.startsTooFar,
    ],
    // A start tomorrow with an end in 9999 would never expire: the end is bounded too.
    [{ startsAt: kolkata(24), endsAt: '9999-12-31T00:00:00Z' }, 'endsAt', EVENTS_MESSAGES.endsTooFar],
  ])('when the dates are %j, then 400 on %s with a sentence and no event', async (dates, field, message) => {
    const asha = signedIn(h, 'Asha Rao');
    const uploaded = await uploadPoster(h, asha.headers, await poster(3)).expect(200);
    const res = await request(h.url)
      .post('/api/event/createform')
      .set(asha.headers)
      .send({ posterLink: uploaded.body.posterUrl, registerLink: 'https://forms.example.org/x', ...dates })
      .expect(400);
    expect(res.body.issues).toEqual(expect.arrayContaining([{ path: field, message }]));
    expect(await h.database.db.select().from(events)).toHaveLength(0);
  });
});

describe('GET /api/event/allevents?when=', () => {
  async function campus() {
    const asha = signedIn(h, 'Asha Rao');
    const ended = await post(asha.headers, 10, {
      title: 'ended early',
      startsAt: kolkata(1),
      endsAt: kolkata(2),
    });
    const endedLater = await post(asha.headers, 11, {
      title: 'ended later',
      startsAt: kolkata(1),
      endsAt: kolkata(3),
    });
    const later = await post(asha.headers, 12, {
      title: 'in a week',
      startsAt: kolkata(7 * 24),
      endsAt: kolkata(7 * 24 + 2),
    });
    const soon = await post(asha.headers, 13, {
      title: 'tomorrow',
      startsAt: kolkata(24),
      endsAt: kolkata(26),
    });
    const undated = await post(asha.headers, 14, { title: 'undated' });
    clock = START + 5 * HOUR; // the first two have ended
    return { asha, ended, endedLater, later, soon, undated };
  }

  test('when no `when` is given, then the spec’s list: every live event, newest posted first, ended ones included', async () => {
    await campus();
    expect(titles(await list(''))).toEqual([
      'undated',
      'tomorrow',
      'in a week',
      'ended later',
      'ended early',
    ]);
  });

  test('when upcoming, then what has not ended, soonest start first; an undated event counts as running since it was posted', async () => {
    await campus();
    expect(titles(await list('?when=upcoming'))).toEqual(['undated', 'tomorrow', 'in a week']);
  });

  test('when past, then what has ended, the latest end first', async () => {
    await campus();
    expect(titles(await list('?when=past'))).toEqual(['ended later', 'ended early']);
  });

  test('when paged by cursor, then each list goes on after its own key without gaps or repeats', async () => {
    await campus();
    const first = await request(h.url).get('/api/event/allevents?when=upcoming&limit=2').expect(200);
    expect(titles(first.body)).toEqual(['undated', 'tomorrow']);
    const next = await request(h.url)
      .get(`/api/event/allevents?when=upcoming&limit=2&cursor=${first.headers['x-next-cursor']}`)
      .expect(200);
    expect(titles(next.body)).toEqual(['in a week']);
    const past = await request(h.url).get('/api/event/allevents?when=past&limit=1').expect(200);
    const pastNext = await request(h.url)
      .get(`/api/event/allevents?when=past&limit=1&cursor=${past.headers['x-next-cursor']}`)
      .expect(200);
    expect([...titles(past.body), ...titles(pastNext.body)]).toEqual(['ended later', 'ended early']);
    expect(
      titles((await request(h.url).get('/api/event/allevents?when=upcoming&page=2&limit=2')).body),
    ).toEqual(['in a week']);
  });

  test('when `when` is neither, then 400 with a sentence', async () => {
    const res = await request(h.url).get('/api/event/allevents?when=soon').expect(400);
    expect(JSON.stringify(res.body)).toContain(EVENTS_MESSAGES.whenInvalid);
  });

  test('when 30 days have passed since a dated event ended, then it leaves every list; until then it is past (not expired by its posting date)', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const fest = await post(asha.headers, 20, {
      title: 'fest',
      startsAt: kolkata(40 * 24),
      endsAt: kolkata(40 * 24 + 4),
    });
    clock = START + 35 * DAY; // 35 days after posting, not yet started
    expect(titles(await list('?when=upcoming'))).toEqual(['fest']);
    clock = START + (40 * 24 + 5) * HOUR;
    expect(titles(await list('?when=past'))).toEqual(['fest']);
    await request(h.url).get(`/api/event/events/${fest._id}`).expect(200);
    clock = START + (40 * 24 + 4) * HOUR + EVENT_LIFETIME_MS + 1000;
    expect(await list('')).toEqual([]);
    await request(h.url).get(`/api/event/events/${fest._id}`).expect(404);
  });
});

describe('the expiry job counts from the end', () => {
  test('when the job runs 31 days after posting, then a dated event that ended yesterday stays and an undated one goes', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const dated = await post(asha.headers, 30, { startsAt: kolkata(30 * 24), endsAt: kolkata(30 * 24 + 2) });
    const undated = await post(asha.headers, 31, {});
    clock = START + 31 * DAY;
    const expiry = () =>
      createExpireEventsJob({
        db: h.database.db,
        logger: pino({ level: 'silent' }),
        now: () => new Date(clock),
      });
    expect(await expiry().tick()).toBe('ran');
    const left = await h.database.db.select({ id: events.id }).from(events);
    expect(left.map((e) => e.id)).toEqual([dated._id]);
    expect(undated._id).not.toBe(dated._id);
    clock = START + (30 * 24 + 2) * HOUR + EVENT_LIFETIME_MS + HOUR;
    expect(await expiry().tick()).toBe('ran');
    expect(await h.database.db.select().from(events).where(eq(events.id, dated._id))).toEqual([]);
  });
});

describe('PATCH /api/event/events/{id} with dates and venue', () => {
  test('when the author moves the end and the venue, then the answer has them and the start stays', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const talk = await post(asha.headers, 40, {
      startsAt: kolkata(24),
      endsAt: kolkata(26),
      venue: 'Room 101',
    });
    const res = await request(h.url)
      .patch(`/api/event/events/${talk._id}`)
      .set(asha.headers)
      .send({ endsAt: kolkata(27), venue: 'Online' })
      .expect(200);
    expect(res.body.data).toMatchObject({ startsAt: utc(24), endsAt: utc(27), venue: 'Online' });
  });

  test('when the new end is before the start kept, or an undated event gets one date, then 400 with a sentence', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const talk = await post(asha.headers, 41, { startsAt: kolkata(24), endsAt: kolkata(26) });
    const before = await request(h.url)
      .patch(`/api/event/events/${talk._id}`)
      .set(asha.headers)
      .send({ endsAt: kolkata(23) })
      .expect(400);
    expect(before.body.issues).toEqual([{ path: 'endsAt', message: EVENTS_MESSAGES.endsBeforeStart }]);
    const undated = await post(asha.headers, 42, {});
    const one = await request(h.url)
      .patch(`/api/event/events/${undated._id}`)
      .set(asha.headers)
      .send({ startsAt: kolkata(24) })
      .expect(400);
    expect(one.body.issues).toEqual([{ path: 'endsAt', message: EVENTS_MESSAGES.datesTogether }]);
    const both = await request(h.url)
      .patch(`/api/event/events/${undated._id}`)
      .set(asha.headers)
      .send({ startsAt: kolkata(24), endsAt: kolkata(25) })
      .expect(200);
    expect(both.body.data).toMatchObject({ startsAt: utc(24), endsAt: utc(25) });
  });

  test('when someone else sends dates, then 403 NOT_OWNER and nothing changes', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const talk = await post(asha.headers, 43, { startsAt: kolkata(24), endsAt: kolkata(26) });
    const res = await request(h.url)
      .patch(`/api/event/events/${talk._id}`)
      .set(signedIn(h, 'Mallory').headers)
      .send({ startsAt: kolkata(30), endsAt: kolkata(31) })
      .expect(403);
    expect(res.body.code).toBe('NOT_OWNER');
    await request(h.url).patch(`/api/event/events/${talk._id}`).send({ venue: 'x' }).expect(401);
    const now = await request(h.url).get(`/api/event/events/${talk._id}`).expect(200);
    expect(now.body.startsAt).toBe(utc(24));
  });
});
