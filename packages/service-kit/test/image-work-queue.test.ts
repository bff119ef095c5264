import { Router } from 'express';
import pino from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { createAccessTokenVerifier } from '../src/auth';
import { createHttpApp } from '../src/http-app';
import { generateTestKeys } from '../src/testing/test-keys';
import { waitFor } from '../src/testing/wait-for';
import { processImageUpload } from '../src/uploads/image-variants';
import { createImageWorkQueue } from '../src/uploads/image-work-queue';
import { readSingleFileUpload } from '../src/uploads/read-single-file-upload';

// One job at a time, one waiting; no deadline that a slow machine could reach.
const queue = createImageWorkQueue({
  concurrency: 1,
  maxWaiting: 1,
  maxWaitMs: 60_000,
  retryAfterSeconds: 3,
});
const routes = Router();
routes.post('/api/images', async (req, res) => {
  const { file } = await readSingleFileUpload(req, { field: 'image', maxBytes: 1024 * 1024 });
  const image = await processImageUpload(file.bytes, undefined, { queue });
  res.json({ variants: image.variants.length });
});
const app = createHttpApp({
  logger: pino({ level: 'silent' }),
  verifyAccessToken: createAccessTokenVerifier(generateTestKeys().publicKey),
  routes,
});

const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#3060c0' } })
    .png()
    .toBuffer();
const upload = async () =>
  request(app)
    .post('/api/images')
    .attach('image', await png(), { filename: 'a.png', contentType: 'image/png' });

/** Holds the queue's one slot, as a long image job would, until released. */
function holdTheSlot() {
  let release!: () => void;
  const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
  return { release: () => (release(), held) };
}

describe('image work takes its turn in a bounded queue', () => {
  test('when the slot is busy and the wait list is full, then an upload is 503 IMAGE_WORK_BUSY with Retry-After at once', async () => {
    const job = holdTheSlot();
    const waiting = upload().then((res) => res);
    await waitFor('an upload waiting for its turn', () => queue.waiting, { until: (n) => n === 1 });

    const refused = await upload();

    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.body).toEqual({
      success: false,
      code: 'IMAGE_WORK_BUSY',
      message: 'Many images are being processed right now. Please try your upload again in a few seconds.',
    });
    await job.release();
    expect((await waiting).status).toBe(200);
  });

  test('when the slot frees up, then the waiting upload runs and the queue is empty again', async () => {
    const job = holdTheSlot();
    const waiting = upload();
    await waitFor('an upload waiting for its turn', () => queue.waiting, { until: (n) => n === 1 });
    expect(queue.running).toBe(1);

    await job.release();

    expect((await waiting).body).toEqual({ variants: 6 });
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  test('when the turn does not come within the longest wait, then 503 IMAGE_WORK_BUSY and the waiter leaves the list', async () => {
    const impatient = createImageWorkQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1 });
    let release!: () => void;
    const held = impatient.run(() => new Promise<void>((resolve) => (release = resolve)));

    await expect(impatient.run(async () => 'never')).rejects.toMatchObject({
      status: 503,
      code: 'IMAGE_WORK_BUSY',
    });
    expect(impatient.waiting).toBe(0);
    release();
    await held;
    expect(await impatient.run(async () => 'ran')).toBe('ran');
  });

  test('when a job fails, then its slot is freed for the next', async () => {
    await expect(queue.run(() => Promise.reject(new Error('libvips gave up')))).rejects.toThrow(
      'libvips gave up',
    );
    expect(queue.running).toBe(0);
    expect((await upload()).status).toBe(200);
  });
});
