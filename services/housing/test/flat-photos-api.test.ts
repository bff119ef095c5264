import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import type {
  EventEnvelope,
  EventName,
  EventPayload,
  ModerationDecisionPayload,
} from '@campus/contracts/events';
import type { FlatRequest } from '@campus/contracts/housing';
import { FLAT_MESSAGES, flatLink } from '@campus/contracts/housing-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { blobs, flatPhotos, outbox } from '../src/data/schema';
import { PHOTO_UPLOADS_PER_HOUR } from '../src/domain/flat-photos';
import { createPrunePhotosJob } from '../src/domain/prune-photos';
import { housingService } from '../src/service';
import { validFlat } from './helpers';

/**
 * Photos on a flat request (issue 28): uploaded through the kit's image pipeline (judged by their
 * bytes, re-encoded to WebP without EXIF), put on a request by its owner's create or edit (at most
 * six, in order), served with caching, and deleted with the request (its owner's delete, a
 * moderator's, the owner's account going) or after a day when no request took them.
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
const now = () => new Date(clock);
const HOUR = 60 * 60 * 1000;
beforeAll(async () => {
  h = await startServiceForTest(housingService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

function signedIn(name: string, isTeacher = false) {
  const user = { id: randomUUID(), name, isTeacher };
  return { user, headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
}

/** A phone photo: camera and GPS position in EXIF. */
const phonePhoto = (seed = 1) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: seed * 40, g: 90, b: 120 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'CampusCam', Model: 'Leaky 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '18/1 31/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '73/1 51/1 0/1',
      },
    })
    .toBuffer();
/** A small PNG of one colour (distinct seeds: distinct images). */
const photo = (seed: number) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: seed * 30, g: 10, b: 200 } } })
    .png()
    .toBuffer();

const upload = (headers: Record<string, string>, bytes: Buffer, filename = 'room.png') =>
  request(h.url).post('/api/flat/photos').set(headers).attach('photo', bytes, { filename });
async function uploaded(headers: Record<string, string>, seed: number): Promise<string> {
  return ((await upload(headers, await photo(seed)).expect(201)).body as { url: string }).url;
}
const create = async (headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
  (
    await request(h.url)
      .post('/api/flat')
      .set(headers)
      .send({ ...validFlat, ...extra })
      .expect(201)
  ).body.data as FlatRequest;
const edit = (id: string, headers: Record<string, string>, body: object) =>
  request(h.url).patch(`/api/flat/${id}`).set(headers).send(body);
const publicList = async () => (await request(h.url).get('/api/flat').expect(200)).body.data as FlatRequest[];
const served = (url: string, headers: Record<string, string> = {}) =>
  request(h.url)
    .get(url)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
async function stored() {
  const [p] = await h.database.db.select({ n: count() }).from(flatPhotos);
  const [b] = await h.database.db.select({ n: count() }).from(blobs);
  return { photos: p?.n ?? 0, blobs: b?.n ?? 0 };
}

async function deliver<N extends EventName>(name: N, payload: EventPayload<N>) {
  const envelope: EventEnvelope = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: name.split('.')[0]!,
    payload,
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
}
const decision = (flat: FlatRequest): ModerationDecisionPayload => ({
  targetType: 'flat',
  targetId: flat._id,
  authorId: flat.userId,
  title: flat.name,
  link: flatLink(flat._id),
  reason: 'Photos of someone else’s flat.',
  by: 'moderator',
});

describe('POST /api/flat/photos', () => {
  test('when a student uploads a phone photo, then 201 names a WebP served without EXIF or GPS, in widths for srcset, cached for a year', async () => {
    const asha = signedIn('Asha Rao');
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(asha.headers, original, 'IMG_0001.jpg').expect(201);
    const body = res.body as { url: string; variants: Array<{ url: string; width: number; height: number }> };
    expect(body.url).toMatch(/^\/api\/flat\/photo\/[a-f0-9]{64}\.webp$/);
    expect(body.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 213],
      [640, 427],
      [900, 600],
    ]);
    expect(body.variants.at(-1)!.url).toBe(body.url);

    for (const variant of body.variants) {
      const file = await served(variant.url).expect(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect((file.body as Buffer).includes(Buffer.from('CampusCam'))).toBe(false);
    }
    // A revalidation is answered 304 (the key is the ETag).
    await served(body.url, { 'If-None-Match': `"${body.url.split('/').pop()}"` }).expect(304);
  });

  test('when a guest uploads, then 401 and nothing is stored', async () => {
    await upload({}, await photo(1)).expect(401);
    expect(await stored()).toEqual({ photos: 0, blobs: 0 });
  });

  test('when the file is no image, is missing, comes in another field or is over 8 MB, then 4xx with a sentence and nothing is stored', async () => {
    const asha = signedIn('Asha Rao');
    const fake = await upload(asha.headers, Buffer.from('<script>alert(1)</script>'), 'room.jpg').expect(415);
    expect(fake.body).toMatchObject({ success: false, code: 'UNSUPPORTED_IMAGE_TYPE' });
    expect(fake.body.message).toMatch(/^Only images can be uploaded/);

    const none = await request(h.url)
      .post('/api/flat/photos')
      .set(asha.headers)
      .field('note', 'no file')
      .expect(400);
    expect(none.body).toMatchObject({ code: 'FILE_REQUIRED', message: FLAT_MESSAGES.photoRequired });

    const elsewhere = await request(h.url)
      .post('/api/flat/photos')
      .set(asha.headers)
      .attach('poster', await photo(1), 'room.png')
      .expect(400);
    expect(elsewhere.body.code).toBe('UNEXPECTED_FILE_FIELD');

    const big = await upload(asha.headers, Buffer.alloc(8 * 1024 * 1024 + 1, 1), 'huge.jpg').expect(413);
    expect(big.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large: at most 8 MB.',
    });

    const json = await request(h.url)
      .post('/api/flat/photos')
      .set(asha.headers)
      .send({ photo: 'x' })
      .expect(415);
    expect(json.body.code).toBe('NOT_MULTIPART');
    expect(await stored()).toEqual({ photos: 0, blobs: 0 });
  });

  test(`when a student has uploaded ${PHOTO_UPLOADS_PER_HOUR} photos in the last hour, then the next is 429 with Retry-After until the hour has passed`, async () => {
    const asha = signedIn('Asha Rao');
    const at = new Date(clock);
    await h.database.db.insert(flatPhotos).values(
      Array.from({ length: PHOTO_UPLOADS_PER_HOUR }, (_, i) => ({
        key: `${String(i).padStart(64, '0')}.webp`,
        uploadedBy: asha.user.id,
        variants: [],
        createdAt: at,
      })),
    );
    const refused = await upload(asha.headers, await photo(1)).expect(429);
    expect(refused.body.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held back by her uploads.
    await upload(signedIn('Rohan Mehta').headers, await photo(2)).expect(201);
    clock += HOUR;
    await upload(asha.headers, await photo(1)).expect(201);
  });
});

describe('photos on a request', () => {
  test('when the owner creates a request with photos, then it answers and lists them in her order with their variants, and moderation reads their addresses', async () => {
    const asha = signedIn('Asha Rao');
    const urls = [
      await uploaded(asha.headers, 3),
      await uploaded(asha.headers, 1),
      await uploaded(asha.headers, 2),
    ];
    const flat = await create(asha.headers, { photos: urls });
    expect(flat.photos).toEqual(urls);
    expect(flat.photoVariants.map((v) => v.at(-1)!.url)).toEqual(urls);
    expect(flat.photoVariants[0]!.map((v) => v.width)).toEqual([48]);

    const [listed] = await publicList();
    expect(listed!.photos).toEqual(urls);
    const mine = (await request(h.url).get(`/api/flat/my/${asha.user.id}`).set(asha.headers).expect(200)).body
      .data as FlatRequest[];
    expect(mine[0]!.photos).toEqual(urls);

    const [changed] = await h.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.name, 'housing.content.changed'));
    expect((changed!.payload as { text: string }).text).toContain(
      urls.map((url, i) => `Photo ${i + 1}: ${url}`).join(' '),
    );

    // Without photos, the spec's create answers an empty list.
    const plain = await create(asha.headers);
    expect(plain).toMatchObject({ photos: [], photoVariants: [] });
  });

  test('when a create names more than six photos, the same one twice, an address that is no photo, another student’s upload or a photo on another request, then 400 and no request is made', async () => {
    const asha = signedIn('Asha Rao');
    const rohan = signedIn('Rohan Mehta');
    const seven = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((s) => uploaded(asha.headers, s)));
    const tooMany = await request(h.url)
      .post('/api/flat')
      .set(asha.headers)
      .send({ ...validFlat, photos: seven })
      .expect(400);
    expect(tooMany.body.message).toContain(FLAT_MESSAGES.photosTooMany);

    const twice = await request(h.url)
      .post('/api/flat')
      .set(asha.headers)
      .send({ ...validFlat, photos: [seven[0], seven[0]] })
      .expect(400);
    expect(twice.body.message).toContain(FLAT_MESSAGES.photoTwice);

    const foreign = await request(h.url)
      .post('/api/flat')
      .set(asha.headers)
      .send({ ...validFlat, photos: ['https://evil.example/cat.webp'] })
      .expect(400);
    expect(foreign.body.message).toContain(FLAT_MESSAGES.photosInvalid);

    const rohans = await uploaded(rohan.headers, 9);
    const stolen = await request(h.url)
      .post('/api/flat')
      .set(asha.headers)
      .send({ ...validFlat, photos: [rohans] })
      .expect(400);
    expect(stolen.body).toMatchObject({ code: 'PHOTO_UNKNOWN', message: FLAT_MESSAGES.photoUnknown });

    const first = await create(asha.headers, { photos: [seven[0]] });
    const reused = await request(h.url)
      .post('/api/flat')
      .set(asha.headers)
      .send({ ...validFlat, photos: [seven[0]] })
      .expect(400);
    expect(reused.body.code).toBe('PHOTO_UNKNOWN');
    expect((await publicList()).map((f) => f._id)).toEqual([first._id]);
  });

  test('when the owner edits the photos, then the list is reordered, a photo left out is deleted (404) and [] removes the rest; photos not sent stay', async () => {
    const asha = signedIn('Asha Rao');
    const [a, b, c] = [
      await uploaded(asha.headers, 1),
      await uploaded(asha.headers, 2),
      await uploaded(asha.headers, 3),
    ];
    const flat = await create(asha.headers, { photos: [a, b] });

    const reordered = await edit(flat._id, asha.headers, { photos: [c, b] }).expect(200);
    expect(reordered.body.data.photos).toEqual([c, b]);
    await served(a!).expect(404);
    await served(b!).expect(200);

    const renamed = await edit(flat._id, asha.headers, { name: 'Renamed flat' }).expect(200);
    expect(renamed.body.data.photos).toEqual([c, b]);

    const none = await edit(flat._id, asha.headers, { photos: [] }).expect(200);
    expect(none.body.data.photos).toEqual([]);
    await served(b!).expect(404);
    await served(c!).expect(404);
    expect(await stored()).toEqual({ photos: 0, blobs: 0 });
  });

  test('when a guest or another student changes a request’s photos, then 401 / 403 and its photos are unchanged', async () => {
    const asha = signedIn('Asha Rao');
    const rohan = signedIn('Rohan Mehta');
    const mine = await uploaded(asha.headers, 1);
    const flat = await create(asha.headers, { photos: [mine] });
    const his = await uploaded(rohan.headers, 2);

    await edit(flat._id, {}, { photos: [] }).expect(401);
    const stranger = await edit(flat._id, rohan.headers, { photos: [his] }).expect(403);
    expect(stranger.body.message).toBe(FLAT_MESSAGES.notOwnerEdit);
    expect((await publicList())[0]!.photos).toEqual([mine]);
    await served(mine).expect(200);
  });
});

describe('photos go with their request', () => {
  test('when the owner deletes the request, then its photos answer 404 and their files are gone; a photo on another request stays', async () => {
    const asha = signedIn('Asha Rao');
    const [a, b] = [await uploaded(asha.headers, 1), await uploaded(asha.headers, 2)];
    const gone = await create(asha.headers, { photos: [a] });
    await create(asha.headers, { photos: [b] });
    await request(h.url).delete(`/api/flat/${gone._id}`).set(asha.headers).expect(200);
    await served(a!).expect(404);
    await served(b!).expect(200);
    expect(await stored()).toEqual({ photos: 1, blobs: 1 });
  });

  test('when a moderator hides a request, then its photos are only for its owner and teachers (not cached); when one deletes it, they are gone', async () => {
    const asha = signedIn('Asha Rao');
    const url = await uploaded(asha.headers, 1);
    const flat = await create(asha.headers, { photos: [url] });
    await deliver('moderation.content.hidden', decision(flat));
    await served(url).expect(404);
    await served(url, signedIn('Rohan Mehta').headers).expect(404);
    for (const who of [asha, signedIn('Prof. Iyer', true)]) {
      const seen = await served(url, who.headers).expect(200);
      expect(seen.headers['cache-control']).toBe('private, no-store');
    }

    await deliver('moderation.content.deleted', decision(flat));
    await served(url, asha.headers).expect(404);
    expect(await stored()).toEqual({ photos: 0, blobs: 0 });
  });

  test('when the owner’s account is deleted, then every photo they uploaded is gone, on a request or not', async () => {
    const asha = signedIn('Asha Rao');
    const rohan = signedIn('Rohan Mehta');
    await create(asha.headers, { photos: [await uploaded(asha.headers, 1)] });
    const loose = await uploaded(asha.headers, 2);
    const his = await uploaded(rohan.headers, 3);
    await deliver('identity.user.deleted', { userId: asha.user.id, contributions: 'delete' });
    await served(loose).expect(404);
    await served(his).expect(200);
    expect(await stored()).toEqual({ photos: 1, blobs: 1 });
  });

  test('when a day passes after an upload no request took, then the prune job deletes it; photos on requests stay', async () => {
    const asha = signedIn('Asha Rao');
    const used = await uploaded(asha.headers, 1);
    await create(asha.headers, { photos: [used] });
    const unused = await uploaded(asha.headers, 2);
    const job = createPrunePhotosJob({ db: h.database.db, logger: pino({ level: 'silent' }), now });

    expect(await job.tick()).toBe('ran');
    await served(unused).expect(200);
    clock += 25 * HOUR;
    expect(await job.tick()).toBe('ran');
    await served(unused).expect(404);
    await served(used).expect(200);
    expect(await stored()).toEqual({ photos: 1, blobs: 1 });
  });
});
