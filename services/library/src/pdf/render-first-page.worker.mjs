// Runs in a worker thread (pdf-preview.ts starts it): reads the PDF with pdf.js and draws its first
// page with @napi-rs/canvas, off the service's event loop and under the worker's memory limits.
// Input (workerData): { bytes: Uint8Array, width: number, maxPixels: number }.
// Output (one message): { ok: true, png: Uint8Array, pages, width, height } or { ok: false, reason }.
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function render({ bytes, width, maxPixels }) {
  const task = getDocument({
    data: bytes,
    // No fonts, scripts or files fetched from anywhere: the bytes are all there is.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0)) throw new Error('empty page');
    let scale = width / base.width;
    if (base.width * scale * base.height * scale > maxPixels)
      scale = Math.sqrt(maxPixels / (base.width * base.height));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise;
    const png = canvas.toBuffer('image/png');
    return { ok: true, png, pages: doc.numPages, width: canvas.width, height: canvas.height };
  } finally {
    await task.destroy();
  }
}

render(workerData).then(
  (result) => parentPort.postMessage(result),
  (error) => parentPort.postMessage({ ok: false, reason: String(error?.message ?? error) }),
);
