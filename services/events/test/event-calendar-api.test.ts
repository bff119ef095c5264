import ICAL from 'ical.js';
import request from 'supertest';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { events as eventsTable } from '../src/data/schema';
import { postEvent, signedIn, type PostedEvent } from './helpers';
import { eventsService } from '../src/service';
import { eq } from 'drizzle-orm';

/**
 * "Add to calendar" and the campus feed (issue 27): what the service writes is read back with a real
 * iCalendar parser (ical.js), so a file a calendar app would refuse or misread fails here.
 */
const HOUR = 60 * 60 * 1000;
const START = Date.parse('2026-03-01T09:00:00Z');
let clock = START;
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(
    eventsService,
    { PUBLIC_ORIGIN: 'https://campus.example' },
    { now: () => new Date(clock) },
  );
});
afterAll(() => h.stop());
beforeEach(async () => {
  clock = START;
  await h.reset();
});

const at = (hours: number) => new Date(START + hours * HOUR).toISOString();
/** An event starting `hours` from the test's start, for two hours, posted a second after the last. */
async function dated(seed: number, hours: number, fields: Record<string, unknown> = {}) {
  clock += 1000;
  return postEvent(h, signedIn(h, 'Asha Rao').headers, seed, {
    title: `Event ${seed}`,
    startsAt: at(hours),
    endsAt: at(hours + 2),
    venue: 'Main Auditorium',
    ...fields,
  });
}

/** The raw text as sent (supertest leaves text/calendar unparsed unless told). */
const ics = (path: string, headers: Record<string, string> = {}) =>
  request(h.url)
    .get(path)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });
const entryOf = (event: PostedEvent) => ics(`/api/event/events/${event._id}.ics`);

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevents = calendar.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid,
      summary: e.summary,
      location: e.location,
      description: e.description,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      startIsUtc: e.startDate.zone?.tzid === 'UTC',
      endIsUtc: e.endDate.zone?.tzid === 'UTC',
      url: c.getFirstPropertyValue('url'),
      dtstamp: c.getFirstPropertyValue('dtstamp')?.toString(),
      sequence: e.sequence,
    };
  });
  return { calendar, vevents };
}

describe('GET /api/event/events/{id}.ics', () => {
  test('when a guest adds a dated event to their calendar, then a valid iCalendar download with its UID, times in UTC, venue, description and link', async () => {
    const event = await dated(1, 48, { description: 'Robots, lasers; and snacks.' });
    const res = await entryOf(event).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="event-1.ics"');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);

    const text = res.body as string;
    // Every line ends in CRLF, the last one too, and none is longer than 75 octets.
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const { calendar, vevents } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Campus Connect//Campus events//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(vevents).toEqual([
      {
        uid: `${event._id}@campus.example`,
        summary: 'Event 1',
        location: 'Main Auditorium',
        description: 'Robots, lasers; and snacks.\n\nRegister: https://forms.example.org/fest',
        start: at(48),
        end: at(50),
        startIsUtc: true,
        endIsUtc: true,
        url: `https://campus.example/events?event=${event._id}`,
        dtstamp: expect.stringMatching(/^2026-03-01T09:00:01/),
        sequence: 1,
      },
    ]);
    expect(text).toMatch(/^DTSTART:20260303T090000Z\r$/m);
    expect(text).toMatch(/^DTEND:20260303T110000Z\r$/m);

    // The same event gives the same bytes: a revalidation is a 304 without a body.
    const again = await entryOf(event).set('If-None-Match', res.headers.etag!).expect(304);
    expect(again.body).toBeFalsy();
  });

  test('when the text is hostile (commas, semicolons, backslashes, line breaks, emoji, a very long title), then it is escaped and folded and reads back exactly', async () => {
    const title = `Hack; night, \\o/ 🎉 ${'Ünïcødé 🤖 '.repeat(8)}`.trim();
    const description = 'Line one\nLine two, with a comma; and a semicolon\r\nBEGIN:VEVENT\nEND:VCALENDAR';
    const event = await dated(2, 30, { title, description, venue: 'Hall A, Room 1; back door' });
    const res = await entryOf(event).expect(200);
    const text = res.body as string;
    // The title is longer than a line: folded (a continuation line starts with a space).
    expect(text).toMatch(/^SUMMARY:.*\r\n .*/m);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Nothing user-written starts a line of its own: the injected BEGIN/END are escaped text.
    expect(text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1);
    expect(text.match(/^END:VCALENDAR\r$/gm)).toHaveLength(1);
    expect(text).toContain('SUMMARY:Hack\\; night\\, \\\\o/');

    const [vevent] = parse(text).vevents;
    expect(vevent).toMatchObject({
      summary: title,
      location: 'Hall A, Room 1; back door',
      description: `${description.replace(/\r\n/g, '\n')}\n\nRegister: https://forms.example.org/fest`,
    });
    // The download's name keeps only safe characters.
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="hack-night-o-[a-z0-9-]{1,47}\.ics"$/,
    );
  });

  test('when an event is online or untitled, then LOCATION says Online and SUMMARY the untitled words', async () => {
    const event = await dated(3, 5, { title: undefined, venue: 'Online' });
    const [vevent] = parse((await entryOf(event).expect(200)).body as string).vevents;
    expect(vevent).toMatchObject({ summary: EVENTS_MESSAGES.untitled, location: 'Online' });
  });

  test('when the event is unknown, undated, hidden by a moderator or deleted, then 404 JSON with a sentence', async () => {
    const asha = signedIn(h, 'Asha Rao');
    await request(h.url)
      .get('/api/event/events/3f1c0a52-8a4e-4c1b-9c36-2a0f3d7c9e11.ics')
      .expect(404)
      .expect((res) => expect(res.body).toMatchObject({ success: false, code: 'EVENT_NOT_FOUND' }));
    await request(h.url).get('/api/event/events/not-a-uuid.ics').expect(404);

    const undated = await postEvent(h, asha.headers, 4, { title: 'Whenever' });
    const refused = await request(h.url).get(`/api/event/events/${undated._id}.ics`).expect(404);
    expect(refused.body).toMatchObject({ code: 'EVENT_UNDATED', message: EVENTS_MESSAGES.calendarUndated });

    const hidden = await dated(5, 10);
    await h.database.db
      .update(eventsTable)
      .set({ moderation: 'hidden', moderationReason: 'Spam' })
      .where(eq(eventsTable.id, hidden._id));
    // Hidden: 404 for everyone, its author too (a calendar file is kept and passed on).
    await request(h.url).get(`/api/event/events/${hidden._id}.ics`).expect(404);

    const author = signedIn(h, 'Ravi');
    const deleted = await postEvent(h, author.headers, 6, {
      startsAt: at(3),
      endsAt: at(4),
      venue: 'Online',
    });
    await request(h.url).delete(`/api/event/events/${deleted._id}`).set(author.headers).expect(200);
    await request(h.url).get(`/api/event/events/${deleted._id}.ics`).expect(404);
  });

  test('when an event is edited, then its entry has the same UID and a higher SEQUENCE, and a new ETag', async () => {
    const author = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, author.headers, 7, {
      title: 'Talk',
      startsAt: at(10),
      endsAt: at(11),
      venue: 'Room 1',
    });
    const before = await entryOf(event).expect(200);
    clock += HOUR;
    await request(h.url)
      .patch(`/api/event/events/${event._id}`)
      .set(author.headers)
      .send({ venue: 'Room 2' })
      .expect(200);
    const after = await entryOf(event).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const [was] = parse(before.body as string).vevents;
    const [now] = parse(after.body as string).vevents;
    expect(now!.uid).toBe(was!.uid);
    expect(now!.sequence).toBeGreaterThan(was!.sequence);
    expect(now).toMatchObject({ location: 'Room 2', dtstamp: expect.stringMatching(/^2026-03-01T10:00/) });
  });
});

describe('GET /api/event/calendar.ics', () => {
  test('when a guest subscribes, then the upcoming dated events soonest first; ended, undated, hidden and deleted ones are not in it', async () => {
    const later = await dated(11, 72);
    const sooner = await dated(12, 6);
    // Started an hour ago and ends in four: running, so still in it (first).
    const running = await dated(13, 0, { startsAt: at(-1), endsAt: at(4) });
    const ended = await dated(14, 2, { startsAt: at(1), endsAt: at(2) });
    await postEvent(h, signedIn(h, 'Bela').headers, 15, { title: 'Undated' });
    const hidden = await dated(16, 8);
    await h.database.db
      .update(eventsTable)
      .set({ moderation: 'hidden' })
      .where(eq(eventsTable.id, hidden._id));
    const ravi = signedIn(h, 'Ravi');
    const deleted = await postEvent(h, ravi.headers, 17, {
      startsAt: at(9),
      endsAt: at(10),
      venue: 'Online',
    });
    await request(h.url).delete(`/api/event/events/${deleted._id}`).set(ravi.headers).expect(200);
    clock = START + 3 * HOUR; // `ended` is over
    const res = await ics('/api/event/calendar.ics').expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const { calendar, vevents } = parse(res.body as string);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Campus Connect events');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(vevents.map((v) => v.uid)).toEqual(
      [running._id, sooner._id, later._id].map((id) => `${id}@campus.example`),
    );
    expect(vevents.map((v) => v.uid)).not.toContain(`${ended._id}@campus.example`);
  });

  test('when no event is upcoming, then still a valid, empty calendar', async () => {
    const res = await ics('/api/event/calendar.ics').expect(200);
    const { calendar, vevents } = parse(res.body as string);
    expect(calendar.name).toBe('vcalendar');
    expect(vevents).toEqual([]);
  });
});
