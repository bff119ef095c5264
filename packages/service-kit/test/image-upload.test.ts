import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import pino from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { createAccessTokenVerifier } from '../src/auth';
import { createHttpApp } from '../src/http-app';
import { acceptImageUpload } from '../src/uploads/accept-image-upload';
import { createPostgresBlobStore, blobTable } from '../src/uploads/postgres-blob-store';
import { serveBlob } from '../src/uploads/serve-blob';
import { generateTestKeys } from '../src/testing/test-keys';
import { openKitTestDatabase, type KitTestDatabase } from './kit-test-database';

const MAX_BYTES = 2 * 1024 * 1024;

let database: KitTestDatabase<{ blobs: ReturnType<typeof blobTable> }>;
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  database = await openKitTestDatabase('uploads_test', (schema) => ({ blobs: blobTable(schema) }));
  const store = createPostgresBlobStore({ db: database.db, table: database.tables.blobs });
  const routes = Router();
  // What the events service's POST /api/event/upload and poster route will look like.
  routes.post('/api/posters', async (req, res) => {
    const image = await acceptImageUpload(req, {
      field: 'poster',
      maxBytes: MAX_BYTES,
      missingMessage: 'Please select a poster to upload.',
      store,
    });
    const largest = image.variants.filter((v) => v.format === 'webp').at(-1)!;
    res.status(201).json({
      posterUrl: `/api/posters/${largest.key}`,
      source: image.source,
      variants: image.variants.map(({ key, width, height, contentType, bytes }) => ({
        key,
        width,
        height,
        contentType,
        size: bytes.length,
      })),
    });
  });
  routes.get('/api/posters/:key', serveBlob(store));
  app = createHttpApp({
    logger: pino({ level: 'silent' }),
    verifyAccessToken: createAccessTokenVerifier(generateTestKeys().publicKey),
    routes,
  });
});
afterAll(() => database.close());
beforeEach(() => database.reset());

interface UploadAnswer {
  posterUrl: string;
  source: { contentType: string; width: number; height: number };
  variants: Array<{ key: string; width: number; height: number; contentType: string; size: number }>;
}

/** A photo as a phone writes it: camera and GPS position in EXIF, an author in XMP, a P3 colour profile. */
async function photoWithGpsPosition(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="100" y="100" width="600" height="400" fill="#f5c000"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'CampusCam', Model: 'Leaky 3000', ImageDescription: 'hostel room 214' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '18/1 31/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '73/1 51/1 0/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Asha from room 214"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

const pngBytes = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 160, b: 80, alpha: 0.5 } } })
    .png()
    .toBuffer();

const upload = (bytes: Buffer, filename: string, contentType: string, field = 'poster') =>
  request(app).post('/api/posters').attach(field, bytes, { filename, contentType });

describe('an image upload through HTTP, stored in PostgreSQL', () => {
  it('when a phone photo with a GPS position is uploaded, then every stored variant is re-encoded without any metadata', async () => {
    const photo = await photoWithGpsPosition();
    const original = await sharp(photo).metadata();
    expect(original.exif).toBeDefined();
    expect(original.xmp).toBeDefined();
    expect(original.icc).toBeDefined();
    expect(photo.includes('CampusCam')).toBe(true);

    const res = await upload(photo, 'IMG_2041.jpg', 'image/jpeg');

    expect(res.status).toBe(201);
    const body = res.body as UploadAnswer;
    expect(body.source).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1200 });
    expect(body.variants.map((v) => `${v.contentType} ${v.width}x${v.height}`)).toEqual([
      'image/webp 320x240',
      'image/webp 640x480',
      'image/webp 1280x960',
      'image/jpeg 320x240',
      'image/jpeg 640x480',
      'image/jpeg 1280x960',
    ]);
    for (const variant of body.variants) {
      const served = await request(app).get(`/api/posters/${variant.key}`).buffer(true);
      expect(served.status).toBe(200);
      const bytes = served.body as Buffer;
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ width: variant.width, height: variant.height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(bytes.includes('CampusCam')).toBe(false);
      expect(bytes.includes('hostel room')).toBe(false);
      expect(bytes.includes('room 214')).toBe(false);
    }
  });

  it('when a stored image is fetched, then it is served with its type, nosniff and immutable caching', async () => {
    const res = await upload(await photoWithGpsPosition(800, 600), 'a.jpg', 'image/jpeg');
    const { posterUrl } = res.body as UploadAnswer;

    const served = await request(app).get(posterUrl);

    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await request(app).get(posterUrl).set('If-None-Match', served.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('when the same image is uploaded twice, then it gets the same content-addressed names', async () => {
    const photo = await photoWithGpsPosition(700, 500);
    const first = (await upload(photo, 'a.jpg', 'image/jpeg')).body as UploadAnswer;
    const second = (await upload(photo, 'b.jpg', 'image/jpeg')).body as UploadAnswer;
    expect(second.variants.map((v) => v.key)).toEqual(first.variants.map((v) => v.key));
    expect(first.posterUrl).toMatch(/^\/api\/posters\/[a-f0-9]{64}\.webp$/);
  });

  it('when a PNG is named .jpg and declared as JPEG, then its content decides: it is a PNG', async () => {
    const res = await upload(await pngBytes(300, 200), 'holiday.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    expect((res.body as UploadAnswer).source).toMatchObject({
      contentType: 'image/png',
      width: 300,
      height: 200,
    });
  });

  it('when a text file is named .png and declared as PNG, then it is refused as not an image', async () => {
    const res = await upload(
      Buffer.from('<html><script>alert(1)</script></html>'),
      'poster.png',
      'image/png',
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      success: false,
      code: 'UNSUPPORTED_IMAGE_TYPE',
      message: 'Only images can be uploaded: JPEG, PNG, WebP, GIF.',
    });
  });

  it('when an SVG is uploaded, then it is refused (it can carry script)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
    );
    const res = await upload(svg, 'logo.svg', 'image/svg+xml');
    expect(res.status).toBe(415);
  });

  it('when the file is over the size cap, then the answer is 413 PAYLOAD_TOO_LARGE and nothing is stored', async () => {
    const res = await upload(Buffer.alloc(MAX_BYTES + 1, 0xff), 'huge.jpg', 'image/jpeg');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large: at most 2 MB.',
    });
    expect(await database.db.$count(database.tables.blobs)).toBe(0);
  });

  it('when a chunked body declares no length, then the file is still counted while it streams and refused at the cap', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const boundary = 'campus-boundary';
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            port: (server.address() as AddressInfo).port,
            host: '127.0.0.1',
            agent: false,
            method: 'POST',
            path: '/api/posters',
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'transfer-encoding': 'chunked',
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="poster"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        );
        const chunk = Buffer.alloc(256 * 1024, 0xab);
        for (let sent = 0; sent <= MAX_BYTES; sent += chunk.length) req.write(chunk);
        req.end(`\r\n--${boundary}--\r\n`);
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('when an image is wider than the cap, then it is refused before it is decoded', async () => {
    const res = await upload(await pngBytes(30_000, 2), 'banner.png', 'image/png');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect((res.body as { message: string }).message).toContain('at most 8000 pixels on a side');
  });

  it('when an image has more pixels than the cap within the side limit, then it is refused as too large', async () => {
    const res = await upload(await pngBytes(7_000, 7_000), 'huge.png', 'image/png');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect((res.body as { message: string }).message).toContain('40 megapixels');
  });

  it('when an image is cut off after its header, then it is refused as unreadable', async () => {
    const photo = await photoWithGpsPosition(800, 600);
    const res = await upload(photo.subarray(0, 2_000), 'cut.jpg', 'image/jpeg');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'IMAGE_UNREADABLE', message: 'The image could not be read.' });
  });

  it('when no file is chosen, then the spec message says so', async () => {
    const res = await request(app).post('/api/posters').field('registerLink', 'https://example.org');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'FILE_REQUIRED', message: 'Please select a poster to upload.' });
  });

  it('when the file comes in another field, then the answer names the right one', async () => {
    const res = await upload(await pngBytes(10, 10), 'a.png', 'image/png', 'image');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'UNEXPECTED_FILE_FIELD',
      message: 'Send the file in the "poster" field.',
    });
  });

  it('when the body is JSON instead of multipart, then the answer is 415', async () => {
    const res = await request(app).post('/api/posters').send({ posterLink: 'x' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'NOT_MULTIPART' });
  });

  it('when an unknown or malformed key is asked for, then the answer is 404', async () => {
    expect((await request(app).get(`/api/posters/${'a'.repeat(64)}.webp`)).status).toBe(404);
    expect((await request(app).get('/api/posters/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});
