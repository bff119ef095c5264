import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { events, posters } from '../src/data/schema';
import { createExpireEventsJob, EXPIRE_EVERY_MS, UNUSED_POSTER_MS } from '../src/domain/expire-events';
import { eventsService } from '../src/service';
import { postEvent, poster, signedIn, storedCounts, uploadPoster } from './helpers';

let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
const now = () => new Date(clock);
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  h = await startServiceForTest(eventsService, {}, { now });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** A replica's expiry job on the shared database and the test's clock. */
const replicaJob = () => createExpireEventsJob({ db: h.database.db, logger: pino({ level: 'silent' }), now });

describe('the 30-day expiry', () => {
  test('when the clock moves 31 days, then the old event, its poster and its files are removed once, and a newer event stays', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const old = await postEvent(h, asha.headers, 1);
    clock += 20 * DAY;
    const newer = await postEvent(h, asha.headers, 2);
    const before = await storedCounts(h);
    expect(before).toMatchObject({ events: 2, posters: 2 });

    clock += 11 * DAY; // the first event is 31 days old, the second 11
    const job = replicaJob();
    expect(await job.tick()).toBe('ran');

    const listed = (await request(h.url).get('/api/event/allevents').expect(200)).body as Array<{
      _id: string;
    }>;
    expect(listed.map((e) => e._id)).toEqual([newer._id]);
    for (const variant of old.posterVariants) await request(h.url).get(variant.url).expect(404);
    for (const variant of newer.posterVariants) await request(h.url).get(variant.url).expect(200);
    expect(await storedCounts(h)).toEqual({
      events: 1,
      posters: 1,
      blobs: before.blobs - old.posterVariants.length,
    });

    // Once: the next check within the hour does nothing, on this replica or on one started since (a
    // restart: the last run is in the database, not in the process); after the hour it runs again.
    expect(await job.tick()).toBe('not-due');
    expect(await replicaJob().tick()).toBe('not-due');
    clock += EXPIRE_EVERY_MS;
    expect(await replicaJob().tick()).toBe('ran');
    expect((await storedCounts(h)).events).toBe(1);
  });

  test('when two replicas check at the same moment, then exactly one runs the expiry', async () => {
    await postEvent(h, signedIn(h, 'Asha Rao').headers, 3);
    clock += 31 * DAY;
    const outcomes = await Promise.all([replicaJob().tick(), replicaJob().tick()]);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'ran' || o === 'busy' || o === 'not-due')).toHaveLength(2);
    expect((await storedCounts(h)).events).toBe(0);
  });

  test('when two users upload the same image and one event expires, then the other’s poster still serves', async () => {
    const bytes = await poster(4);
    const asha = signedIn(h, 'Asha Rao');
    const old = await postEvent(h, asha.headers, 4);
    clock += 20 * DAY;
    const ravi = signedIn(h, 'Ravi');
    const same = await uploadPoster(h, ravi.headers, bytes).expect(200);
    expect(same.body.posterUrl).toBe(old.posterLink);
    await request(h.url)
      .post('/api/event/createform')
      .set(ravi.headers)
      .send({ posterLink: same.body.posterUrl, registerLink: 'https://x.example.org' })
      .expect(201);

    clock += 11 * DAY;
    expect(await replicaJob().tick()).toBe('ran');
    await request(h.url).get(same.body.posterUrl).expect(200);
    expect(await storedCounts(h)).toMatchObject({ events: 1, posters: 1 });
  });

  test('when a poster was uploaded but never used, then it goes after a day, not before', async () => {
    const uploaded = await uploadPoster(h, signedIn(h, 'Asha Rao').headers, await poster(5)).expect(200);
    clock += UNUSED_POSTER_MS - 1000;
    expect(await replicaJob().tick()).toBe('ran');
    await request(h.url).get(uploaded.body.posterUrl).expect(200);
    clock += EXPIRE_EVERY_MS + 2000;
    expect(await replicaJob().tick()).toBe('ran');
    await request(h.url).get(uploaded.body.posterUrl).expect(404);
    expect(await storedCounts(h)).toEqual({ events: 0, posters: 0, blobs: 0 });
  });

  // Only PostgreSQL runs the post and the expiry at once (PGlite runs one transaction at a time).
  (process.env.DATABASE_URL ? test : test.skip)(
    'when a day-old unused poster is being posted while the expiry runs, then the post keeps it and the expiry still runs, never failing on it',
    async () => {
      const asha = signedIn(h, 'Asha Rao');
      const uploaded = await uploadPoster(h, asha.headers, await poster(7)).expect(200);
      const [row] = await h.database.db.select().from(posters);
      clock += UNUSED_POSTER_MS + 1000;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      // A create under way, as the service's: its poster row share-locked, its event written, not committed.
      const posting = h.database.db.transaction(async (tx) => {
        await tx.select({ id: posters.id }).from(posters).where(eq(posters.id, row!.id)).for('share');
        await tx.insert(events).values({
          posterId: row!.id,
          registerLink: 'https://x.example.org',
          postedBy: asha.user.id,
          createdAt: now(),
        });
        held();
        await released;
      });
      await Promise.race([holding, posting]);
      let ended = false;
      const job = replicaJob()
        .tick()
        .finally(() => (ended = true));
      try {
        // Either the expiry is done (it passed the poster by), or it waits for the post's lock.
        await waitFor('the expiry done or waiting for the post', async () => {
          if (ended) return true;
          const waiting = (await h.database.db.execute(
            sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
          )) as unknown as { rows: Array<{ n: number }> };
          return waiting.rows[0]!.n > 0;
        });
      } finally {
        release();
        await posting;
      }
      expect(await job).toBe('ran');
      await request(h.url).get(uploaded.body.posterUrl).expect(200);
      expect(await storedCounts(h)).toMatchObject({ events: 1, posters: 1 });
    },
  );

  test('when an event is a moment short of 30 days old, then the expiry keeps it; at the next run past 30 days it is removed', async () => {
    const event = await postEvent(h, signedIn(h, 'Asha Rao').headers, 6);
    clock += 30 * DAY - 1000;
    expect(await replicaJob().tick()).toBe('ran');
    const listed = (await request(h.url).get('/api/event/allevents').expect(200)).body as Array<{
      _id: string;
    }>;
    expect(listed.map((e) => e._id)).toEqual([event._id]);
    expect((await storedCounts(h)).events).toBe(1);

    clock += EXPIRE_EVERY_MS;
    expect(await replicaJob().tick()).toBe('ran');
    expect((await storedCounts(h)).events).toBe(0);
  });
});
