import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type/core';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { AppError } from '../errors';
import type { BlobToStore } from './blob-store';
import { processImageWorkQueue, type ImageWorkQueue } from './image-work-queue';

// One libvips thread per pipeline (its default is one per core, on top of the libuv thread each
// pipeline runs on), and no operation cache: uploads are never decoded twice, and the cache would
// hold decoded megapixels in memory for nothing. Image work takes its turn in the process's queue.
sharp.concurrency(1);
sharp.cache(false);

/** What an upload may be, judged by its bytes (magic numbers), never by its name or declared type. */
export const ACCEPTED_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};

export type VariantFormat = 'webp' | 'jpeg' | 'avif';

export interface ImagePolicy {
  /** Longest side accepted, in pixels (checked from the header, before anything is decoded). */
  maxDimension: number;
  /** Pixels accepted (width × height): the decompression-bomb guard, also given to libvips. */
  maxPixels: number;
  /** Widths of the responsive variants; a narrower source is never enlarged. */
  widths: readonly number[];
  formats: readonly VariantFormat[];
}

export const DEFAULT_IMAGE_POLICY: ImagePolicy = {
  maxDimension: 8000,
  maxPixels: 40_000_000,
  widths: [320, 640, 1280],
  formats: ['webp', 'jpeg'],
};

export interface ImageVariant extends BlobToStore {
  width: number;
  height: number;
  format: VariantFormat;
}

export interface ProcessedImage {
  /** The upload as sniffed: its real type and size (the client's claims are not used). */
  source: { contentType: string; width: number; height: number; bytes: number };
  /** Smallest first within each format; keys are content-addressed (`<sha256>.<ext>`). */
  variants: ImageVariant[];
}

const CONTENT_TYPES: Record<VariantFormat, { contentType: string; extension: string }> = {
  webp: { contentType: 'image/webp', extension: 'webp' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  avif: { contentType: 'image/avif', extension: 'avif' },
};

/** A stored image's name: the hash of its bytes, so the same bytes are one blob and a key never changes meaning. */
export function contentAddressedKey(bytes: Buffer, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}

function encode(pipeline: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'webp':
      return pipeline.webp({ quality: 80, effort: 4 });
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 4 });
    case 'jpeg':
      // JPEG has no transparency: a transparent PNG or GIF goes onto white, not black.
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  }
}

/**
 * Turns uploaded bytes into images safe to serve: the type is sniffed from the content (JPEG, PNG,
 * WebP, GIF; anything else 415), the size checked from the header before decoding (422), then
 * every variant is re-encoded by sharp from the decoded pixels, upright (EXIF orientation applied)
 * and with no metadata at all (no EXIF, no GPS position, no XMP, no comments). Animated GIF/WebP
 * keep their first frame.
 */
export async function processImageUpload(
  bytes: Buffer,
  policy: ImagePolicy = DEFAULT_IMAGE_POLICY,
  options: { queue?: ImageWorkQueue } = {},
): Promise<ProcessedImage> {
  const mime = await sniffImageType(bytes);
  return (options.queue ?? processImageWorkQueue).run(() => makeVariants(bytes, mime, policy));
}

/**
 * The image type the bytes are (magic numbers; JS, no image work), or 415. Callers may sniff before
 * they count an upload against a quota: a file that is no image costs nothing.
 */
export async function sniffImageType(bytes: Buffer): Promise<string> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !ACCEPTED_IMAGE_TYPES[sniffed.mime])
    throw new AppError(
      415,
      'UNSUPPORTED_IMAGE_TYPE',
      `Only images can be uploaded: ${Object.values(ACCEPTED_IMAGE_TYPES).join(', ')}.`,
    );
  return sniffed.mime;
}

async function makeVariants(bytes: Buffer, mime: string, policy: ImagePolicy): Promise<ProcessedImage> {
  // failOn stays sharp's default ('warning'), the level it advises for untrusted input.
  const input: SharpOptions = { limitInputPixels: policy.maxPixels, autoOrient: true };
  let width: number;
  let height: number;
  try {
    // The header only: the size is known before a single pixel is decoded. Upright sizes (EXIF
    // orientation applied), as the variants will be.
    // Read without the pixel limit (a header decodes nothing), so an oversized image is named as such
    // below; the limit stays on every pipeline that decodes.
    ({ width, height } = (await sharp(bytes, { ...input, limitInputPixels: false }).metadata()).autoOrient);
  } catch {
    throw new AppError(422, 'IMAGE_UNREADABLE', 'The image could not be read.');
  }
  if (Math.max(width, height) > policy.maxDimension || width * height > policy.maxPixels)
    throw new AppError(
      422,
      'IMAGE_TOO_LARGE',
      `The image is too large: at most ${policy.maxDimension} pixels on a side and ${policy.maxPixels / 1_000_000} megapixels.`,
    );

  const widths = [...new Set(policy.widths.map((w) => Math.min(w, width)))].sort((a, b) => a - b);
  try {
    // The upload is decoded once, straight to the largest width (a JPEG shrinks while it decodes),
    // and every variant is made from those pixels: one full decode instead of one per variant.
    const { data: pixels, info: base } = await sharp(bytes, input)
      .resize({ width: widths.at(-1), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.width, height: base.height, channels: base.channels };
    // One pipeline at a time: the job holds one threadpool thread, not one per variant.
    const variants: ImageVariant[] = [];
    for (const format of policy.formats)
      for (const target of widths) {
        const { data, info } = await encode(
          sharp(pixels, { raw }).resize({ width: target, withoutEnlargement: true }),
          format,
        ).toBuffer({ resolveWithObject: true });
        const { contentType, extension } = CONTENT_TYPES[format];
        variants.push({
          key: contentAddressedKey(data, extension),
          contentType,
          bytes: data,
          width: info.width,
          height: info.height,
          format,
        });
      }
    return { source: { contentType: mime, width, height, bytes: bytes.length }, variants };
  } catch {
    // Truncated or corrupt past the header: libvips fails while decoding.
    throw new AppError(422, 'IMAGE_UNREADABLE', 'The image could not be read.');
  }
}
