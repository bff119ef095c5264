import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { AppError } from '@campus/service-kit/errors';
import { contentAddressedKey } from '@campus/service-kit/uploads/image-variants';
import { processImageWorkQueue, type ImageWorkQueue } from '@campus/service-kit/uploads/image-work-queue';
import { BOOK_MESSAGES, BOOK_PREVIEW_WIDTH } from '@campus/contracts/library-rules';

export interface PdfPreview {
  pages: number;
  /** The first page as WebP, `BOOK_PREVIEW_WIDTH` wide, content-addressed. */
  preview: { key: string; bytes: Buffer; width: number; height: number };
}

export interface PdfRenderLimits {
  /** Longest a render may take before its worker is stopped (then 422). */
  timeoutMs: number;
  /** The worker's JavaScript heap, in MB (pdf.js's parsed document lives there). */
  maxHeapMb: number;
}

export const DEFAULT_RENDER_LIMITS: PdfRenderLimits = { timeoutMs: 15_000, maxHeapMb: 256 };

/** A PDF starts with `%PDF-` (some writers put up to 1 KB of junk before it; pdf.js reads those too). */
export function looksLikePdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

const unreadable = () => new AppError(422, 'PDF_UNREADABLE', BOOK_MESSAGES.pdfUnreadable);

const WORKER = path.join(__dirname, 'render-first-page.worker.mjs');

/**
 * Draws page 1 twice as wide as the card shows it in a worker thread (pdf.js and @napi-rs/canvas,
 * ADR 0111), so the parse and the drawing never hold the service's event loop, and the worker's
 * heap limit and a timeout bound what a hostile PDF can cost: past either the worker is stopped
 * and the upload is refused 422.
 */
function renderFirstPage(bytes: Buffer, limits: PdfRenderLimits): Promise<{ png: Buffer; pages: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { bytes: new Uint8Array(bytes), width: BOOK_PREVIEW_WIDTH * 2, maxPixels: 4_000_000 },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(unreadable())), limits.timeoutMs);
    worker.once('message', (message: { ok: boolean; png?: Uint8Array; pages?: number }) =>
      finish(() =>
        message.ok && message.png && message.pages
          ? resolve({ png: Buffer.from(message.png), pages: message.pages })
          : reject(unreadable()),
      ),
    );
    worker.once('error', () => finish(() => reject(unreadable())));
    worker.once('exit', () => finish(() => reject(unreadable())));
  });
}

/**
 * Judges uploaded bytes as a PDF by content (415 when they are not one at all, 422 when the
 * renderer cannot open them) and makes the card's preview: page 1 as WebP, taking its turn in the
 * process's image queue (one render at a time, a burst answered 503 with Retry-After).
 */
export async function makePdfPreview(
  bytes: Buffer,
  options: { limits?: PdfRenderLimits; queue?: ImageWorkQueue } = {},
): Promise<PdfPreview> {
  if (!looksLikePdf(bytes)) throw new AppError(415, 'NOT_PDF', BOOK_MESSAGES.notPdf);
  return (options.queue ?? processImageWorkQueue).run(async () => {
    const { png, pages } = await renderFirstPage(bytes, options.limits ?? DEFAULT_RENDER_LIMITS);
    try {
      const { data, info } = await sharp(png)
        .resize({ width: BOOK_PREVIEW_WIDTH, withoutEnlargement: true })
        .webp({ quality: 75, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return {
        pages,
        preview: {
          key: contentAddressedKey(data, 'webp'),
          bytes: data,
          width: info.width,
          height: info.height,
        },
      };
    } catch {
      throw unreadable();
    }
  });
}
