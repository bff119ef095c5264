import { eventsService } from '@campus/events-service/service';
import { startBenchService } from './support/bench-service';
import { latencySummary, timed } from './support/latency-stats';
import { phonePhoto, posterUploadBody } from './support/poster-upload';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The width a browser picks from `srcset` for a slot of `cssWidth` px at `dpr`: the smallest that covers it. */
const pick = (variants: Array<{ width: number; url: string }>, cssWidth: number, dpr: number) =>
  variants.find((v) => v.width >= cssWidth * dpr) ?? variants.at(-1)!;

/**
 * Poster uploads: a ~4 MB phone photo through POST /api/event/upload (HTTP to the service: multipart,
 * sniffing, five WebP widths, stored in PostgreSQL) to `posterUrl`, p50/p95; then the bytes a 360 px
 * phone fetches for a poster (the grid card's slot, `calc(100vw - 2rem)`) against the original upload.
 */
export async function run(): Promise<void> {
  const service = await startBenchService(eventsService, {
    // One bench user uploads every round: out of the quotas' way.
    env: { POSTER_UPLOADS_PER_HOUR: '1000', POSTER_STORAGE_MB_PER_DAY: '1000' },
  });
  const token = service.tokenFor({ id: 'bench-user', name: 'Bench', isTeacher: false });
  try {
    const photo = await phonePhoto();
    console.log(`${service.database.kind}: a 4032 × 3024 JPEG of ${kb(photo.length)}, ${ROUNDS} uploads`);
    const times: number[] = [];
    let answer: { posterUrl: string; variants: Array<{ url: string; width: number }> } | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const body = posterUploadBody(photo);
      times.push(
        await timed(async () => {
          const res = await fetch(`${service.url}/api/event/upload`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}` },
            body,
          });
          if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
          answer = (await res.json()) as typeof answer;
        }),
      );
    }
    console.log(`  upload to posterUrl: ${latencySummary(times)}`);

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
  }
}
