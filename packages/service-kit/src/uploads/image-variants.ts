import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type/core';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { AppError } from '../errors';
import type { BlobToStore } from './blob-store';

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
): Promise<ProcessedImage> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !ACCEPTED_IMAGE_TYPES[sniffed.mime])
    throw new AppError(
      415,
      'UNSUPPORTED_IMAGE_TYPE',
      `Only images can be uploaded: ${Object.values(ACCEPTED_IMAGE_TYPES).join(', ')}.`,
    );

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
  const decoded = sharp(bytes, input);
  try {
    const variants = await Promise.all(
      policy.formats.flatMap((format) =>
        widths.map(async (target): Promise<ImageVariant> => {
          const { data, info } = await encode(
            decoded.clone().resize({ width: target, withoutEnlargement: true }),
            format,
          ).toBuffer({ resolveWithObject: true });
          const { contentType, extension } = CONTENT_TYPES[format];
          return {
            key: contentAddressedKey(data, extension),
            contentType,
            bytes: data,
            width: info.width,
            height: info.height,
            format,
          };
        }),
      ),
    );
    return { source: { contentType: sniffed.mime, width, height, bytes: bytes.length }, variants };
  } catch {
    // Truncated or corrupt past the header: libvips fails while decoding.
    throw new AppError(422, 'IMAGE_UNREADABLE', 'The image could not be read.');
  }
}
