import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { libraryService } from '@campus/library-service/service';
import { startBenchService } from './support/bench-service';
import { latencySummary, timed } from './support/latency-stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_BYTES = 20 * 1024 * 1024 - 512 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * A notes PDF just under the 20 MB limit: 40 text pages, each carrying an incompressible
 * (random-bytes) attachment stream so the file is as large as a scanned one, made with pdf-lib.
 */
async function twentyMbPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = 40;
  const perPage = Math.floor(TARGET_BYTES / pages);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawRectangle({ x: 40, y: 720, width: 515, height: 80, color: rgb(0.1, 0.3, 0.7) });
    page.drawText(`Data structures, unit ${i + 1}`, { x: 50, y: 680, size: 22, font });
    for (let line = 0; line < 30; line++)
      page.drawText(`${line + 1}. Trees, heaps and graphs: worked example ${line + 1}`, {
        x: 50,
        y: 640 - line * 18,
        size: 11,
        font,
      });
    const noise = randomBytes(perPage);
    await doc.attach(noise, `scan-${i + 1}.bin`, { mimeType: 'application/octet-stream' });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * Issue 27's figures: a 20 MB PDF through POST /api/book/upload (HTTP to the service: multipart,
 * %PDF- check, page 1 rendered in the worker, WebP, both stored in PostgreSQL) to its previewUrl,
 * p50/p95; then what a phone downloads to see the card (the preview) and to open page 1 with a
 * Range request (the first 64 KB, as a PDF viewer's first read), against the whole file.
 */
export async function run(): Promise<void> {
  const service = await startBenchService(libraryService, {
    env: { BOOK_UPLOADS_PER_HOUR: '1000', BOOK_UPLOAD_MB_PER_DAY: '10000' },
  });
  const token = service.tokenFor({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Bench',
    isTeacher: false,
  });
  try {
    const pdf = await twentyMbPdf();
    console.log(`${service.database.kind}: a ${mb(pdf.length)} PDF of 40 pages, ${ROUNDS} uploads`);
    const times: number[] = [];
    let answer: { fileUrl: string; previewUrl: string } | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'notes.pdf');
      times.push(
        await timed(async () => {
          const res = await fetch(`${service.url}/api/book/upload`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}` },
            body,
          });
          if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
          answer = (await res.json()) as typeof answer;
        }),
      );
    }
    console.log(`  upload to previewUrl: ${latencySummary(times)}`);
    const auth = { Authorization: `Bearer ${token}` };
    const preview = await (
      await fetch(`${service.url}${answer!.previewUrl}`, { headers: auth })
    ).arrayBuffer();
    console.log(
      `  the card's preview (480 px WebP): ${kb(preview.byteLength)} = ${((preview.byteLength / pdf.length) * 100).toFixed(2)}% of the PDF`,
    );
    const first = await fetch(`${service.url}${answer!.fileUrl}`, {
      headers: { ...auth, Range: 'bytes=0-65535' },
    });
    const firstBytes = (await first.arrayBuffer()).byteLength;
    console.log(
      `  page 1 by Range (${first.status} ${first.headers.get('content-range')}): ${kb(firstBytes)} instead of ${mb(pdf.length)}`,
    );
  } finally {
    await service.stop();
  }
}
