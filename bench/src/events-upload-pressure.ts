import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { signAccessToken } from '@campus/service-kit/auth';
import { startPlatformProcess } from './platform-process';
import { latencySummary, timed } from './support/latency-stats';
import { phonePhoto, posterUploadBody } from './support/poster-upload';

const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 12);
const UPLOADS_EACH = Number(process.env.BENCH_UPLOADS_EACH ?? 2);
const QUIET_READS = 40;

/** One unrelated read through the gateway, timed: the community's first page, as a guest. */
function timedRead(url: string): Promise<number> {
  return timed(async () => {
    const res = await fetch(`${url}/api/community`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/community answered ${res.status}`);
  });
}

/**
 * Poster uploads against everything else in `npm start`'s one process: p50/p95 of an unrelated
 * read (GET /api/community through the gateway) alone, then while UPLOADERS users each upload
 * UPLOADS_EACH ~4 MB 12 MP phone photos at the same time (issue 22 §6: 12 concurrent uploads took
 * such reads to 5.8 s). Also how each upload was answered (200, 429 over a quota, 503 busy).
 */
export async function run(): Promise<void> {
  const platform = await startPlatformProcess();
  try {
    const privateKey = fs.readFileSync(path.join(platform.secretsDir, 'jwt-private.pem'), 'utf8');
    const photo = await phonePhoto();
    console.log(
      `embedded platform; a 4032 × 3024 JPEG of ${(photo.length / 1024 / 1024).toFixed(1)} MB; ${UPLOADERS} users × ${UPLOADS_EACH} uploads at once`,
    );
    for (let i = 0; i < 5; i++) await timedRead(platform.url);
    const quiet: number[] = [];
    for (let i = 0; i < QUIET_READS; i++) quiet.push(await timedRead(platform.url));
    console.log(`  GET /api/community alone:          ${latencySummary(quiet)}`);

    const statuses = new Map<number, number>();
    const uploadTimes: number[] = [];
    let uploading = true;
    const uploaders = Array.from({ length: UPLOADERS }, async (_, i) => {
      const token = signAccessToken(
        { id: `bench-uploader-${i}-${Date.now()}`, name: `Uploader ${i}`, isTeacher: false },
        privateKey,
        3600,
      );
      for (let n = 0; n < UPLOADS_EACH; n++) {
        const body = posterUploadBody(photo);
        const started = performance.now();
        const res = await fetch(`${platform.url}/api/event/upload`, {
          method: 'POST',
          headers: { origin: platform.url, cookie: `cc_access=${token}` },
          body,
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) uploadTimes.push(performance.now() - started);
      }
    });
    const busy: number[] = [];
    const reader = (async () => {
      while (uploading) busy.push(await timedRead(platform.url));
    })();
    await Promise.all(uploaders);
    uploading = false;
    await reader;
    console.log(`  GET /api/community during uploads: ${latencySummary(busy)}`);
    console.log(`  uploads answered 200:              ${latencySummary(uploadTimes)}`);
    console.log(`  upload answers: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}`);
  } finally {
    await platform.stop();
  }
}
