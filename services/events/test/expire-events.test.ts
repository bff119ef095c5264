import pino from 'pino';
import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
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
