import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { EVENTS_MAX_LIMIT, EVENTS_MESSAGES, EVENT_LIFETIME_MS } from '@campus/contracts/events-domain-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { outbox, posters } from '../src/data/schema';
import { eventsService } from '../src/service';
import { postEvent, poster, signedIn, storedCounts, uploadPoster, type PostedEvent } from './helpers';

let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  // The service's clock: each reading a second after the last, so "newest first" never ties.
  h = await startServiceForTest(eventsService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** Whether this file runs on a PostgreSQL server (CI's pass 2), where transactions really overlap. */
const onPostgres = () => Boolean(process.env.DATABASE_URL);

const ids = (body: PostedEvent[]) => body.map((e) => e._id);

describe('POST /api/event/createform', () => {
  test('when a user posts with their poster, then 201, the poster is theirs whatever userid says, and events.event.posted is in the outbox', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const uploaded = await uploadPoster(h, asha.headers, await poster(1)).expect(200);
    const res = await request(h.url)
      .post('/api/event/createform')
      .set(asha.headers)
      .send({
        userid: 'someone-else',
        posterLink: uploaded.body.posterUrl,
        registerLink: 'https://forms.example.org/hackathon',
        instagramLink: 'https://www.instagram.com/campus.hack/',
      })
      .expect(201);

    expect(res.body.data).toMatchObject({
      title: null,
      description: null,
      posterLink: uploaded.body.posterUrl,
      registerLink: 'https://forms.example.org/hackathon',
      instagramLink: 'https://www.instagram.com/campus.hack/',
      view: 0,
      postedBy: asha.user.id,
    });
    expect(res.body.data.posterVariants).toEqual(uploaded.body.variants);
    const emitted = await h.database.db.select().from(outbox).where(eq(outbox.name, 'events.event.posted'));
    expect(emitted.map((e) => e.payload)).toEqual([{ eventId: res.body.data._id, postedBy: asha.user.id }]);
  });

  test('when the poster link is absolute on any host, then it still names the upload; title and description are kept trimmed', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const uploaded = await uploadPoster(h, asha.headers, await poster(2)).expect(200);
    const res = await request(h.url)
      .post('/api/event/createform')
      .set(asha.headers)
      .send({
        posterLink: `https://campus.example.org${uploaded.body.posterUrl}`,
        registerLink: 'http://forms.example.org/talk',
        instagramLink: '',
        title: '  Robotics Talk ',
        description: 'Two hours of robots.',
      })
      .expect(201);
    expect(res.body.data).toMatchObject({
      title: 'Robotics Talk',
      description: 'Two hours of robots.',
      instagramLink: null,
    });
  });

  test('when the poster was uploaded by someone else, then 400 on posterLink and no event', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const uploaded = await uploadPoster(h, asha.headers, await poster(3)).expect(200);
    const res = await request(h.url)
      .post('/api/event/createform')
      .set(signedIn(h, 'Mallory').headers)
      .send({
        userid: asha.user.id,
        posterLink: uploaded.body.posterUrl,
        registerLink: 'https://x.example.org',
      })
      .expect(400);
    expect(res.body).toMatchObject({
      code: 'POSTER_UNKNOWN',
      issues: [{ path: 'posterLink', message: EVENTS_MESSAGES.posterUnknown }],
    });
    expect((await storedCounts(h)).events).toBe(0);
  });

  test('when the poster link is not one of our posters, then 400', async () => {
    for (const posterLink of [
      'https://evil.example.org/poster.png',
      '/api/event/poster/' + 'b'.repeat(64) + '.webp',
      'not a link',
    ])
      await request(h.url)
        .post('/api/event/createform')
        .set(signedIn(h, 'Asha Rao').headers)
        .send({ posterLink, registerLink: 'https://x.example.org' })
        .expect(400);
  });

  test('when a poster already has an event, then a second event with it is 409', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 4);
    const res = await request(h.url)
      .post('/api/event/createform')
      .set(asha.headers)
      .send({ posterLink: event.posterLink, registerLink: 'https://x.example.org' })
      .expect(409);
    expect(res.body.code).toBe('POSTER_USED');
  });

  test('when the same poster is posted by concurrent requests, then one 201 and the others 409 POSTER_USED, never a 500', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const uploaded = await uploadPoster(h, asha.headers, await poster(14)).expect(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        request(h.url)
          .post('/api/event/createform')
          .set(asha.headers)
          .send({ posterLink: uploaded.body.posterUrl, registerLink: 'https://x.example.org' }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body.code).toBe('POSTER_USED');
    expect((await storedCounts(h)).events).toBe(1);
  });

  // Only PostgreSQL runs the two transactions at once; PGlite runs one at a time, so there the post
  // could only ever follow the delete and the race this checks does not exist (CI's pass 2 runs it).
  (onPostgres() ? test : test.skip)(
    'when the expiry removes the poster while the event is being posted, then 400 POSTER_UNKNOWN, never a 500',
    async () => {
      const asha = signedIn(h, 'Asha Rao');
      const uploaded = await uploadPoster(h, asha.headers, await poster(15)).expect(200);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let deleted!: () => void;
      const deleting = new Promise<void>((resolve) => (deleted = resolve));
      // The expiry's delete of the unused poster, not yet committed when the post arrives.
      const expiry = h.database.db.transaction(async (tx) => {
        await tx.delete(posters);
        deleted();
        await released;
      });
      // The post is sent only once the delete holds the poster's row: sent any earlier, the post may
      // take the row first and win (201), and this delete of a used poster then fails on the foreign
      // key: the other order, which is not the race this test is about.
      await Promise.race([deleting, expiry]);
      const posting = request(h.url)
        .post('/api/event/createform')
        .set(asha.headers)
        .send({ posterLink: uploaded.body.posterUrl, registerLink: 'https://x.example.org' })
        .then((r) => r);
      try {
        // The post is under way once it waits for the row the expiry holds: a lock not granted. A row
        // lock is waited for as the holder's transaction id, whose pg_locks row names no database: the
        // waiter is found by its backend's database instead.
        await waitFor('the post waiting for the poster row the expiry holds', async () => {
          const waiting = (await h.database.db.execute(
            sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
          )) as unknown as { rows: Array<{ n: number }> };
          return waiting.rows[0]!.n > 0;
        });
      } finally {
        // Whatever happened, the expiry's transaction ends: left open, it would hold every later test.
        release();
        await expiry;
      }
      const res = await posting;
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('POSTER_UNKNOWN');
      expect((await storedCounts(h)).events).toBe(0);
    },
  );

  test('when a guest posts, then 401 and nothing is stored', async () => {
    await request(h.url)
      .post('/api/event/createform')
      .send({ posterLink: '/api/event/poster/x', registerLink: 'https://x.example.org' })
      .expect(401);
    expect((await storedCounts(h)).events).toBe(0);
  });

  test.each([
    [{}, 'posterLink', EVENTS_MESSAGES.posterRequired],
    [{ registerLink: undefined }, 'registerLink', EVENTS_MESSAGES.registerRequired],
    [{ registerLink: '  ' }, 'registerLink', EVENTS_MESSAGES.registerRequired],
    [{ registerLink: 'javascript:alert(1)' }, 'registerLink', EVENTS_MESSAGES.registerInvalid],
    [{ registerLink: 'ftp://files.example.org' }, 'registerLink', EVENTS_MESSAGES.registerInvalid],
    [
      { instagramLink: 'https://evil.example.org/instagram.com' },
      'instagramLink',
      EVENTS_MESSAGES.instagramInvalid,
    ],
    [
      { instagramLink: 'https://instagram.com.evil.example.org/x' },
      'instagramLink',
      EVENTS_MESSAGES.instagramInvalid,
    ],
    [
      { instagramLink: 'javascript:alert(1)//instagram.com' },
      'instagramLink',
      EVENTS_MESSAGES.instagramInvalid,
    ],
    // Issue 22 §5: these were 500s (the Instagram host check parsed a link that had already failed).
    [{ instagramLink: 'not a url' }, 'instagramLink', EVENTS_MESSAGES.instagramInvalid],
    [{ instagramLink: 'https://[::1' }, 'instagramLink', EVENTS_MESSAGES.instagramInvalid],
    [{ title: 'x'.repeat(121) }, 'title', 'Title must be at most 120 characters.'],
    [{ description: 42 }, 'description', 'Description must be text.'],
  ])('when the body is %j, then 400 naming %s', async (change, path, message) => {
    const asha = signedIn(h, 'Asha Rao');
    const uploaded = await uploadPoster(h, asha.headers, await poster(5)).expect(200);
    const body = {
      posterLink: Object.keys(change).length > 0 ? uploaded.body.posterUrl : undefined,
      registerLink: 'https://forms.example.org',
      ...change,
    };
    const res = await request(h.url).post('/api/event/createform').set(asha.headers).send(body).expect(400);
    expect(res.body.issues).toEqual(expect.arrayContaining([{ path, message }]));
    expect((await storedCounts(h)).events).toBe(0);
  });
});

describe('GET /api/event/allevents', () => {
  test('when events exist, then a bare array, newest first, 10 by default, and page 2 goes on', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const posted: string[] = [];
    for (let i = 0; i < 12; i++) posted.unshift((await postEvent(h, asha.headers, 10 + i))._id);

    const first = await request(h.url).get('/api/event/allevents').expect(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(ids(first.body)).toEqual(posted.slice(0, 10));
    const second = await request(h.url).get('/api/event/allevents?page=2&limit=10').expect(200);
    expect(ids(second.body)).toEqual(posted.slice(10));
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  test('when events are posted while a reader pages by cursor, then no event is repeated or skipped', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const posted: string[] = [];
    for (let i = 0; i < 5; i++) posted.unshift((await postEvent(h, asha.headers, 30 + i))._id);

    const first = await request(h.url).get('/api/event/allevents?page=1&limit=2').expect(200);
    for (let i = 0; i < 3; i++) await postEvent(h, asha.headers, 40 + i);
    const seen = ids(first.body);
    let cursor = first.headers['x-next-cursor'] as string | undefined;
    while (cursor) {
      const next = await request(h.url).get(`/api/event/allevents?limit=2&cursor=${cursor}`).expect(200);
      seen.push(...ids(next.body));
      cursor = next.headers['x-next-cursor'] as string | undefined;
    }
    expect(seen).toEqual(posted);
  });

  test('when an event is older than 30 days, then it is not listed even before the expiry runs', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const old = await postEvent(h, asha.headers, 50);
    clock += EVENT_LIFETIME_MS;
    const fresh = await postEvent(h, asha.headers, 51);
    const res = await request(h.url).get('/api/event/allevents').expect(200);
    expect(ids(res.body)).toEqual([fresh._id]);
    await request(h.url).patch(`/api/event/events/${old._id}/view`).expect(404);
  });

  test.each([
    ['limit=0', `Limit must be a whole number from 1 to ${EVENTS_MAX_LIMIT}`],
    [`limit=${EVENTS_MAX_LIMIT + 1}`, `Limit must be a whole number from 1 to ${EVENTS_MAX_LIMIT}`],
    ['page=-1', 'Page must be a whole number'],
    ['cursor=not-a-cursor', 'The cursor is not one this list gave out'],
  ])('when the query is %s, then 400 with the paging message', async (query, message) => {
    const res = await request(h.url).get(`/api/event/allevents?${query}`).expect(400);
    expect(res.body.message).toContain(message);
  });

  test('when nothing is posted, then an empty array', async () => {
    expect((await request(h.url).get('/api/event/allevents').expect(200)).body).toEqual([]);
  });
});

describe('PATCH /api/event/events/:id/view', () => {
  // Concurrent views, and views counted once per viewer per day: event-views-api.test.ts.
  test('when a guest opens an event, then the view counts and the answer is the new count', async () => {
    const event = await postEvent(h, signedIn(h, 'Asha Rao').headers, 61);
    const res = await request(h.url).patch(`/api/event/events/${event._id}/view`).expect(200);
    expect(res.body).toEqual({ success: true, view: 1 });
  });

  test('when the id is unknown or malformed, then 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await request(h.url)
        .patch(`/api/event/events/${encodeURIComponent(id)}/view`)
        .expect(404);
      expect(res.body.message).toBe(EVENTS_MESSAGES.eventNotFound);
    }
  });
});
