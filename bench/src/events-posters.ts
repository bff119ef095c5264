import { performance } from 'node:perf_hooks';
import pino from 'pino';
import sharp from 'sharp';
import { eventsService } from '@campus/events-service/service';
import { signAccessToken } from '@campus/service-kit/auth';
import { createInProcessBus } from '@campus/service-kit/bus/in-process-bus';
import { openDatabase, openEmbeddedPostgres } from '@campus/service-kit/db';
import { startService } from '@campus/service-kit/service-runtime';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/**
 * A phone photo of about 4 MB: 12 MP (4032 × 3024, portrait), a gradient with noise so it does not
 * compress away, EXIF with a GPS position, as a phone writes it.
 */
export async function phonePhoto(): Promise<Buffer> {
  const width = 3024;
  const height = 4032;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 26 },
    },
  })
    .raw()
    .toBuffer();
  const gradient = await sharp(
    Buffer.from(
      `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    ),
  )
    .removeAlpha()
    .raw()
    .toBuffer();
  for (let i = 0; i < noise.length; i++) noise[i] = (noise[i]! >> 1) + (gradient[i]! >> 1);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1' } })
    .toBuffer();
}

/** The width a browser picks from `srcset` for a slot of `cssWidth` px at `dpr`: the smallest that covers it. */
const pick = (variants: Array<{ width: number; url: string }>, cssWidth: number, dpr: number) =>
  variants.find((v) => v.width >= cssWidth * dpr) ?? variants.at(-1)!;

/**
 * Poster uploads: a ~4 MB phone photo through POST /api/event/upload (HTTP to the service: multipart,
 * sniffing, five WebP widths, stored in PostgreSQL) to `posterUrl`, p50/p95; then the bytes a 360 px
 * phone fetches for a poster (the grid card's slot, `calc(100vw - 2rem)`) against the original upload.
 */
export async function run(): Promise<void> {
  const logger = pino({ level: 'warn' });
  const keys = generateTestKeys();
  const url = process.env.DATABASE_URL;
  const database = url
    ? openDatabase({ url, poolSize: 4 })
    : openDatabase({ pglite: await openEmbeddedPostgres(), closeWithHandle: true });
  const bus = createInProcessBus({ logger });
  const service = await startService(eventsService, {
    config: {
      PORT: 0,
      LOG_LEVEL: 'warn',
      JWT_PUBLIC_KEY: keys.publicKey,
      // One bench user uploads every round: out of the quotas' way.
      POSTER_UPLOADS_PER_HOUR: 1_000,
      POSTER_STORAGE_MB_PER_DAY: 1_000,
    },
    database,
    bus,
    logger,
  });
  const token = signAccessToken({ id: 'bench-user', name: 'Bench', isTeacher: false }, keys.privateKey, 3600);
  try {
    const photo = await phonePhoto();
    console.log(`${database.kind}: a 4032 × 3024 JPEG of ${kb(photo.length)}, ${ROUNDS} uploads`);
    const times: number[] = [];
    let answer: { posterUrl: string; variants: Array<{ url: string; width: number }> } | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const body = new FormData();
      body.append('poster', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
      const started = performance.now();
      const res = await fetch(`${service.url}/api/event/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body,
      });
      if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      answer = (await res.json()) as typeof answer;
      times.push(performance.now() - started);
    }
    console.log(
      `  upload to posterUrl: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    );

    const sizes = new Map<string, number>();
    for (const variant of answer!.variants) {
      const res = await fetch(`${service.url}${variant.url}`);
      sizes.set(variant.url, (await res.arrayBuffer()).byteLength);
    }
    console.log(
      `  variants: ${answer!.variants.map((v) => `${v.width}w ${kb(sizes.get(v.url)!)}`).join(', ')}`,
    );
    for (const dpr of [1, 2, 3]) {
      const chosen = pick(answer!.variants, 360 - 32, dpr);
      const bytes = sizes.get(chosen.url)!;
      console.log(
        `  360 px phone at DPR ${dpr}: the ${chosen.width}w poster, ${kb(bytes)} = ${((bytes / photo.length) * 100).toFixed(1)}% of the ${kb(photo.length)} upload`,
      );
    }
  } finally {
    await service.stop();
    await bus.close();
    await database.close();
  }
}
