import zlib from 'node:zlib';
import sharp from 'sharp';
import type { CampusEvent, PosterUploadResponse } from '@campus/contracts/events-domain';
import { ApiClient } from '../support/api-client';
import { signUp, type SignedInUser } from '../support/accounts';
import { POSTER_MAX_BYTES } from '@campus/contracts/events-domain-rules';
import { sendRawHttpRequest } from '@campus/service-kit/testing/raw-http-request';

let asha: SignedInUser;
beforeAll(async () => {
  asha = await signUp('student', 'Asha Events');
});

/** A multipart upload through the gateway, with the user's session cookie and the gateway's Origin. */
async function upload(user: SignedInUser | null, bytes: Buffer, name: string, type: string) {
  const body = new FormData();
  body.append('poster', new Blob([new Uint8Array(bytes)], { type }), name);
  const base = new ApiClient().baseUrl;
  const access = user?.client.cookie('cc_access');
  const res = await fetch(`${base}/api/event/upload`, {
    method: 'POST',
    headers: { origin: base, ...(access ? { cookie: `cc_access=${access}` } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as PosterUploadResponse & { code?: string } };
}

const photo = (width = 1200, height = 1600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1' } })
    .toBuffer();

describe('events through the gateway', () => {
  test('a poster is uploaded, served with its type, nosniff and immutable caching, posted, listed and viewed', async () => {
    const uploaded = await upload(asha, await photo(), 'IMG_1.jpg', 'image/jpeg');
    expect(uploaded.status).toBe(200);
    const served = await fetch(`${new ApiClient().baseUrl}${uploaded.body.posterUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).exif).toBeUndefined();

    const created = await asha.client.post<{ data: CampusEvent }>('/api/event/createform', {
      userid: 'someone-else',
      posterLink: uploaded.body.posterUrl,
      registerLink: 'https://forms.example.org/api-suite',
      title: 'API suite fest',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.postedBy).toBe(asha._id);

    const listed = await new ApiClient().get<CampusEvent[]>('/api/event/allevents?page=1&limit=10');
    expect(listed.body.map((e) => e._id)).toContain(created.body.data._id);
    const viewed = await new ApiClient().request<{ view: number }>(
      'PATCH',
      `/api/event/events/${created.body.data._id}/view`,
    );
    expect(viewed).toMatchObject({ status: 200, body: { view: 1 } });
  });

  test('a guest cannot upload or post; a text file named .png is 415; a file over the cap is 413', async () => {
    expect((await upload(null, await photo(), 'a.jpg', 'image/jpeg')).status).toBe(401);
    expect(
      (
        await new ApiClient().post('/api/event/createform', {
          posterLink: 'x',
          registerLink: 'https://x.org',
        })
      ).status,
    ).toBe(401);
    expect((await upload(asha, Buffer.from('not an image'), 'notes.png', 'image/png')).status).toBe(415);
    const big = Buffer.concat([await photo(400, 400), Buffer.alloc(POSTER_MAX_BYTES)]);
    expect((await upload(asha, big, 'big.jpg', 'image/jpeg')).status).toBe(413);
  });

  test('an upload cut mid-file (honest Content-Length, no closing boundary) is a 400 JSON and the platform keeps answering', async () => {
    const base = new ApiClient().baseUrl;
    const boundary = 'cut-through-gateway';
    const cut = await sendRawHttpRequest({
      url: base,
      path: '/api/event/upload',
      headers: {
        origin: base,
        cookie: `cc_access=${asha.client.cookie('cc_access')}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="poster"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        await photo(600, 800),
      ]),
    });
    expect(cut).toMatchObject({ status: 400, body: { success: false, code: 'UPLOAD_INCOMPLETE' } });

    expect((await upload(asha, await photo(), 'IMG_2.jpg', 'image/jpeg')).status).toBe(200);
    expect((await new ApiClient().get('/api/event/allevents?page=1&limit=10')).status).toBe(200);
  });

  test('a JSON body sent as br passes the gateway: valid Brotli is read, bytes that are not are a 400 JSON, never a 500', async () => {
    const base = new ApiClient().baseUrl;
    const post = (bytes: Buffer) =>
      fetch(`${base}/api/event/createform`, {
        method: 'POST',
        headers: {
          origin: base,
          cookie: `cc_access=${asha.client.cookie('cc_access')}`,
          'content-type': 'application/json',
          'content-encoding': 'br',
        },
        body: new Blob([new Uint8Array(bytes)]),
      });
    const json = JSON.stringify({
      posterLink: '/api/event/poster/nothing.webp',
      registerLink: 'https://x.org',
    });

    const valid = await post(zlib.brotliCompressSync(Buffer.from(json)));
    // Read and judged: the poster link is not one of Asha's uploads.
    expect(valid.status).toBe(400);
    expect(await valid.json()).toMatchObject({ code: 'POSTER_UNKNOWN' });

    const invalid = await post(Buffer.from(json));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ success: false, code: 'BODY_NOT_DECOMPRESSIBLE' });
  });

  test('over the hourly poster quota, an upload is a 429 JSON with Retry-After through the gateway, answered before its body is read', async () => {
    const ravi = await signUp('student', 'Ravi Quota');
    const small = await photo(300, 400);
    for (let i = 0; i < 20; i++)
      expect((await upload(ravi, small, `p${i}.jpg`, 'image/jpeg')).status).toBe(200);
    // About 2 MB: the service answers from the quota check while the gateway is still sending it.
    const large = Buffer.concat([small, Buffer.alloc(2 * 1024 * 1024)]);
    const body = new FormData();
    body.append('poster', new Blob([new Uint8Array(large)], { type: 'image/jpeg' }), 'big.jpg');
    const base = new ApiClient().baseUrl;
    const refused = await fetch(`${base}/api/event/upload`, {
      method: 'POST',
      headers: { origin: base, cookie: `cc_access=${ravi.client.cookie('cc_access')}` },
      body,
    });

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message: expect.stringMatching(/^You have uploaded 20 posters in the last hour/),
    });
    expect((await upload(asha, small, 'asha.jpg', 'image/jpeg')).status).toBe(200);
  });
});
