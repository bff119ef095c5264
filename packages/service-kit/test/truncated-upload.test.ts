import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import pino from 'pino';
import { createAccessTokenVerifier } from '../src/auth';
import { createHttpApp } from '../src/http-app';
import { sendRawHttpRequest } from '../src/testing/raw-http-request';
import { generateTestKeys } from '../src/testing/test-keys';
import { readSingleFileUpload } from '../src/uploads/read-single-file-upload';

const BOUNDARY = 'campus-boundary-7';

/** A multipart form with one file in `field`; `complete: false` leaves out the closing boundary. */
function form(field: string, bytes: Buffer, complete = true): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(complete ? `\r\n--${BOUNDARY}--\r\n` : ''),
  ]);
}

let server: http.Server;
let url: string;

beforeAll(async () => {
  const routes = Router();
  routes.post('/api/files', async (req, res) => {
    const { file } = await readSingleFileUpload(req, { field: 'poster', maxBytes: 1024 * 1024 });
    res.json({ received: file.bytes.length });
  });
  const app = createHttpApp({
    logger: pino({ level: 'silent' }),
    verifyAccessToken: createAccessTokenVerifier(generateTestKeys().publicKey),
    routes,
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const upload = (body: Buffer, options: { contentLength?: number; halfClose?: boolean } = {}) =>
  sendRawHttpRequest({
    url,
    path: '/api/files',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    ...options,
  });

const fileBytes = Buffer.alloc(40_000, 7);

describe('a multipart upload that ends before its form does', () => {
  test('when the body ends mid-file with an honest Content-Length (no closing boundary), then 400 JSON and the next upload is answered', async () => {
    const cut = await upload(form('poster', fileBytes, false));

    expect(cut.status).toBe(400);
    expect(cut.body).toEqual({
      success: false,
      code: 'UPLOAD_INCOMPLETE',
      message: 'The upload ended before the whole file arrived. Please try again.',
    });
    const next = await upload(form('poster', fileBytes));
    expect(next).toMatchObject({ status: 200, body: { received: fileBytes.length } });
  });

  test('when the file in another field is cut the same way, then 400 JSON and the next upload is answered', async () => {
    const cut = await upload(form('image', fileBytes, false));

    expect(cut.status).toBe(400);
    expect(cut.body).toMatchObject({ success: false, code: expect.any(String) });
    expect((await upload(form('poster', fileBytes))).status).toBe(200);
  });

  test('when the body ends inside the part headers, then 400 JSON and the next upload is answered', async () => {
    const cut = await upload(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="pos`));

    expect(cut.status).toBe(400);
    expect(cut.body).toMatchObject({ success: false, code: expect.any(String) });
    expect((await upload(form('poster', fileBytes))).status).toBe(200);
  });

  test('when the client declares more than it sends and half-closes, then it is answered 400 (or closed) and the next upload is answered', async () => {
    const body = form('poster', fileBytes, false);
    const cut = await upload(body, { contentLength: body.length + 10_000, halfClose: true });

    expect([0, 400]).toContain(cut.status);
    const next = await upload(form('poster', fileBytes));
    expect(next).toMatchObject({ status: 200, body: { received: fileBytes.length } });
  });
});
