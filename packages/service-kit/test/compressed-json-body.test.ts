import zlib from 'node:zlib';
import { Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { createAccessTokenVerifier } from '../src/auth';
import { createHttpApp } from '../src/http-app';
import { generateTestKeys } from '../src/testing/test-keys';

const routes = Router();
routes.post('/api/echo', (req, res) => {
  res.json({ received: req.body as unknown });
});
const app = createHttpApp({
  logger: pino({ level: 'silent' }),
  verifyAccessToken: createAccessTokenVerifier(generateTestKeys().publicKey),
  routes,
});

const json = Buffer.from(JSON.stringify({ title: 'Robotics club meet-up', seats: 40 }));
const post = (encoding: string, body: Buffer) =>
  request(app)
    .post('/api/echo')
    .set('Content-Type', 'application/json')
    .set('Content-Encoding', encoding)
    // The bytes as they are (superagent would serialise a Buffer as JSON for a JSON content type).
    .serialize((bytes: Buffer) => bytes as unknown as string)
    .send(body);

describe('a JSON body sent compressed', () => {
  test.each([
    ['br', zlib.brotliCompressSync(json)],
    ['gzip', zlib.gzipSync(json)],
    ['deflate', zlib.deflateSync(json)],
  ])('when it is valid %s, then the route reads the JSON', async (encoding, body) => {
    const res = await post(encoding, body).expect(200);
    expect(res.body).toEqual({ received: { title: 'Robotics club meet-up', seats: 40 } });
  });

  test.each(['br', 'gzip', 'deflate'])(
    'when it claims %s but the bytes are not, then 400 JSON naming the encoding, never a 500',
    async (encoding) => {
      const res = await post(encoding, Buffer.from('{"title":"not compressed at all, just plain JSON"}'));

      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: 'BODY_NOT_DECOMPRESSIBLE',
        message: 'The request body could not be decompressed: it does not match its Content-Encoding.',
      });
    },
  );

  test('when a valid br stream is cut short, then 400 JSON, never a 500', async () => {
    const whole = zlib.brotliCompressSync(Buffer.from(JSON.stringify({ notes: 'x'.repeat(5000) })));
    const res = await post('br', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: expect.any(String) });
  });
});
