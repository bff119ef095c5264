import sharp from 'sharp';
import request from 'supertest';
import { EVENTS_MESSAGES, POSTER_MAX_BYTES } from '@campus/contracts/events-domain-rules';
import { sendRawHttpRequest } from '@campus/service-kit/testing/raw-http-request';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { eventsService } from '../src/service';
import { phonePhoto, poster, signedIn, storedCounts, uploadPoster } from './helpers';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(eventsService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const nothingStored = { blobs: 0, posters: 0, events: 0 };

describe('POST /api/event/upload', () => {
  test('when a phone photo is uploaded, then posterUrl names a WebP without EXIF, GPS or XMP, in widths for srcset', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const res = await uploadPoster(h, asha.headers, await phonePhoto(), 'IMG_2041.jpg', 'image/jpeg').expect(
      200,
    );

    expect(res.body.posterUrl).toMatch(/^\/api\/event\/poster\/[a-f0-9]{64}\.webp$/);
    expect(res.body.variants.map((v: { width: number }) => v.width)).toEqual([320, 480, 640, 960, 1200]);
    expect(res.body.variants.at(-1).url).toBe(res.body.posterUrl);
    for (const variant of res.body.variants) {
      const served = await request(h.url).get(variant.url).buffer(true).expect(200);
      const meta = await sharp(served.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect((served.body as Buffer).includes(Buffer.from('Leaky 3000'))).toBe(false);
    }
  });

  test('when a poster is served, then with its type, nosniff and a year of immutable caching', async () => {
    const res = await uploadPoster(h, signedIn(h, 'Asha Rao').headers, await poster(1)).expect(200);
    const served = await request(h.url).get(res.body.posterUrl).expect(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    await request(h.url)
      .get('/api/event/poster/' + 'a'.repeat(64) + '.webp')
      .expect(404);
    await request(h.url).get('/api/event/poster/..%2F..%2Fetc%2Fpasswd').expect(404);
  });

  test('when a second replica is asked for a poster the first stored, then it serves the same bytes', async () => {
    const res = await uploadPoster(h, signedIn(h, 'Asha Rao').headers, await poster(2)).expect(200);
    const replica = await h.startAnother();
    const fromFirst = await request(h.url).get(res.body.posterUrl).buffer(true).expect(200);
    const fromSecond = await request(replica.url).get(res.body.posterUrl).buffer(true).expect(200);
    expect(Buffer.compare(fromFirst.body as Buffer, fromSecond.body as Buffer)).toBe(0);
  });

  test('when a guest uploads, then 401 and nothing is stored', async () => {
    await request(h.url)
      .post('/api/event/upload')
      .attach('poster', await poster(3), { filename: 'p.png', contentType: 'image/png' })
      .expect(401);
    expect(await storedCounts(h)).toEqual(nothingStored);
  });

  test('when no file comes in the field poster, then 400 with the spec’s message', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const res = await request(h.url)
      .post('/api/event/upload')
      .set(asha.headers)
      .field('title', 'x')
      .expect(400);
    expect(res.body.message).toBe(EVENTS_MESSAGES.posterRequired);
    const wrongField = await request(h.url)
      .post('/api/event/upload')
      .set(asha.headers)
      .attach('image', await poster(4), { filename: 'p.png', contentType: 'image/png' });
    expect(wrongField.status).toBeGreaterThanOrEqual(400);
    expect(wrongField.status).toBeLessThan(500);
    expect(await storedCounts(h)).toEqual(nothingStored);
  });

  test('when an upload ends mid-file (honest Content-Length, no closing boundary), then 400 JSON, nothing stored, and the service still takes the next upload', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const boundary = 'cut-form';
    const cut = await sendRawHttpRequest({
      url: h.url,
      path: '/api/event/upload',
      headers: { ...asha.headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="poster"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        await poster(6),
      ]),
    });

    expect(cut).toMatchObject({ status: 400, body: { success: false, code: 'UPLOAD_INCOMPLETE' } });
    expect(await storedCounts(h)).toEqual(nothingStored);
    await uploadPoster(h, asha.headers, await poster(7)).expect(200);
  });

  test('when the body is JSON instead of multipart, then 415', async () => {
    await request(h.url)
      .post('/api/event/upload')
      .set(signedIn(h, 'Asha Rao').headers)
      .send({ poster: 'x' })
      .expect(415);
  });

  const hostile: Array<[string, () => Promise<Buffer>, string, string, number]> = [
    [
      'a text file named .png',
      async () => Buffer.from('just some notes, not an image\n'),
      'notes.png',
      'image/png',
      415,
    ],
    [
      'an SVG with a script',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
        ),
      'poster.svg',
      'image/svg+xml',
      415,
    ],
    [
      'a polyglot: a PNG signature in front of an HTML page',
      async () =>
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.from('<html><script>alert(1)</script></html>'),
        ]),
      'poster.png',
      'image/png',
      415,
    ],
    [
      'a truncated JPEG',
      async () => {
        const photo = await phonePhoto(800, 600);
        return photo.subarray(0, Math.floor(photo.length / 2));
      },
      'cut.jpg',
      'image/jpeg',
      422,
    ],
    [
      'an image of 9000 px on a side',
      () =>
        sharp({ create: { width: 9000, height: 10, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      'wide.png',
      'image/png',
      422,
    ],
    [
      'a huge pixel count (49 MP)',
      () =>
        sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      'bomb.png',
      'image/png',
      422,
    ],
    [
      'a file over 8 MB',
      async () => Buffer.concat([await poster(5), Buffer.alloc(POSTER_MAX_BYTES + 1)]),
      'big.png',
      'image/png',
      413,
    ],
  ];

  test.each(hostile)(
    'when %s is uploaded, then a clear 4xx and nothing is stored',
    async (_, make, name, type, status) => {
      const res = await uploadPoster(h, signedIn(h, 'Mallory').headers, await make(), name, type).expect(
        status,
      );
      expect(res.body).toMatchObject({
        success: false,
        code: expect.any(String),
        message: expect.any(String),
      });
      expect(await storedCounts(h)).toEqual(nothingStored);
    },
  );

  test('when a real JPEG carries a script after its end, then the stored poster is re-encoded and the script is gone', async () => {
    const polyglot = Buffer.concat([await phonePhoto(640, 800), Buffer.from('<script>alert(1)</script>')]);
    const res = await uploadPoster(
      h,
      signedIn(h, 'Asha Rao').headers,
      polyglot,
      'p.jpg',
      'image/jpeg',
    ).expect(200);
    const served = await request(h.url).get(res.body.posterUrl).buffer(true).expect(200);
    expect((served.body as Buffer).includes(Buffer.from('<script>'))).toBe(false);
  });
});
