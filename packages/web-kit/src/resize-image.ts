/**
 * Shrinks a photo in the browser before it goes into rich text (issue 23 item 6: a 3.9 MB photo
 * was refused only when the whole write-up was sent). Drawn on a canvas with its longest side at
 * most `maxSide`, written as JPEG; when that is still longer than `maxChars` (the room left in the
 * write-up), it is drawn smaller until it fits, down to `minSide`.
 */
export interface ResizeImageOptions {
  /** Longest side in pixels of the first try. */
  maxSide?: number;
  /** JPEG quality (0..1). */
  quality?: number;
  /** The longest data URL that still fits. */
  maxChars: number;
  /** Below this the picture says too little: give up instead. */
  minSide?: number;
}

export type ResizedImage =
  | { ok: true; dataUrl: string; width: number; height: number }
  | { ok: false; reason: 'unreadable' | 'too-large' };

async function decode(file: Blob): Promise<CanvasImageSource & { width: number; height: number }> {
  if (typeof createImageBitmap === 'function') return createImageBitmap(file);
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function resizeImage(
  file: Blob,
  { maxSide = 1600, quality = 0.8, maxChars, minSide = 240 }: ResizeImageOptions,
): Promise<ResizedImage> {
  let source: CanvasImageSource & { width: number; height: number };
  try {
    source = await decode(file);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const longest = Math.max(source.width, source.height);
  if (!longest) return { ok: false, reason: 'unreadable' };
  let side = Math.min(maxSide, longest);
  let q = quality;
  for (;;) {
    const scale = side / longest;
    const width = Math.max(1, Math.round(source.width * scale));
    const height = Math.max(1, Math.round(source.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { ok: false, reason: 'unreadable' };
    // JPEG has no transparency: a transparent PNG goes on white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(source, 0, 0, width, height);
    const dataUrl = canvas.toDataURL('image/jpeg', q);
    if (dataUrl.length <= maxChars) return { ok: true, dataUrl, width, height };
    if (side <= minSide) return { ok: false, reason: 'too-large' };
    // Smaller by the share of characters over the room (area goes with the square of the side).
    side = Math.max(minSide, Math.floor(side * Math.min(0.85, Math.sqrt(maxChars / dataUrl.length))));
    q = Math.max(0.6, q - 0.05);
  }
}
