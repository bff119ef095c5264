import { sum } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { blobs } from '../src/data/schema';
import { eventsService } from '../src/service';
import { poster, signedIn, storedCounts, uploadPoster } from './helpers';

const HOUR = 60 * 60 * 1000;
let clock = Date.parse('2026-04-01T09:00:00Z');
const now = () => new Date(clock);

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(
    eventsService,
    { POSTER_UPLOADS_PER_HOUR: '3', POSTER_STORAGE_MB_PER_DAY: '20' },
    { now },
  );
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** A poster whose variants do not compress away (noise), so its stored size is real. */
const noisyPoster = (seed: number) =>
  sharp({
    create: {
      width: 1280,
      height: 900,
      channels: 3,
      background: { r: seed % 256, g: 40, b: 90 },
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 40 },
    },
  })
    .png()
    .toBuffer();

const storedBytes = async () => {
  const [row] = await h.database.db.select({ bytes: sum(blobs.size) }).from(blobs);
  return Number(row?.bytes ?? 0);
};

describe('poster upload quotas (per user, in the database)', () => {
  test('when a student has uploaded the hour’s posters (one used by an event, two not), then the next is 429 with Retry-After and a human message, nothing is stored, another student still uploads, and an hour later they may again', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const first = await uploadPoster(h, asha.headers, await poster(1)).expect(200);
    await request(h.url)
      .post('/api/event/createform')
      .set(asha.headers)
      .send({ posterLink: first.body.posterUrl, registerLink: 'https://forms.example.org/fest' })
      .expect(201);
    clock += 20 * 60 * 1000;
    await uploadPoster(h, asha.headers, await poster(2)).expect(200);
    await uploadPoster(h, asha.headers, await poster(3)).expect(200);
    const before = await storedCounts(h);

    const refused = await uploadPoster(h, asha.headers, await poster(4)).expect(429);

    expect(refused.body).toEqual({
      success: false,
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message:
        'You have uploaded 3 posters in the last hour, the most allowed. Please try again in 40 minutes.',
    });
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    expect(await storedCounts(h)).toEqual(before);
    await uploadPoster(h, signedIn(h, 'Ravi Kumar').headers, await poster(5)).expect(200);

    clock += 40 * 60 * 1000 + 1;
    await uploadPoster(h, asha.headers, await poster(6)).expect(200);
  });

  test('when a student sends six uploads at once to two replicas with room for three, then exactly three are stored and the others are 429', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const replica = await h.startAnother({ POSTER_UPLOADS_PER_HOUR: '3' });
    const images = await Promise.all([11, 12, 13, 14, 15, 16].map((seed) => poster(seed)));

    const answers = await Promise.all(
      images.map((bytes, i) =>
        request(i % 2 ? replica.url : h.url)
          .post('/api/event/upload')
          .set(asha.headers)
          .attach('poster', bytes, { filename: 'p.png', contentType: 'image/png' }),
      ),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect((await storedCounts(h)).posters).toBe(3);
  });

  test('when a student’s posters of the last 24 hours fill the day’s storage, then the next is 429 naming the daily limit, with Retry-After until the oldest one leaves the window', async () => {
    const asha = signedIn(h, 'Asha Rao');
    await uploadPoster(h, asha.headers, await noisyPoster(1)).expect(200);
    const oneUpload = await storedBytes();
    const tightMb = (oneUpload * 1.5) / (1024 * 1024);
    const replica = await h.startAnother({ POSTER_STORAGE_MB_PER_DAY: String(tightMb) });
    clock += 2 * HOUR;

    const refused = await request(replica.url)
      .post('/api/event/upload')
      .set(asha.headers)
      .attach('poster', await noisyPoster(2), { filename: 'p.png', contentType: 'image/png' })
      .expect(429);

    expect(refused.body).toMatchObject({ success: false, code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(refused.body.message).toMatch(
      /^Your posters of the last 24 hours take .+ of the .+ allowed a day\. Please try again in 22 hours\.$/,
    );
    expect(refused.headers['retry-after']).toBe(String(22 * 60 * 60));
    expect((await storedCounts(h)).posters).toBe(1);
  });
});
