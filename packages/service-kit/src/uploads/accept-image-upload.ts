import type { IncomingMessage } from 'node:http';
import type { BlobStore } from './blob-store';
import {
  DEFAULT_IMAGE_POLICY,
  processImageUpload,
  type ImagePolicy,
  type ProcessedImage,
} from './image-variants';
import { readSingleFileUpload, type SingleFileUploadOptions } from './read-single-file-upload';

export interface AcceptedImage extends ProcessedImage {
  /** The text fields sent beside the file. */
  fields: Record<string, string>;
}

/**
 * The whole upload of one image, as a route needs it: read the multipart body (size-capped), judge
 * the bytes, re-encode the variants without metadata, store them. Every refusal is an AppError
 * (413, 415, 422, 400) the error handler answers; nothing is stored unless all variants were made.
 */
export async function acceptImageUpload(
  req: IncomingMessage,
  options: SingleFileUploadOptions & { store: BlobStore; policy?: ImagePolicy },
): Promise<AcceptedImage> {
  const { file, fields } = await readSingleFileUpload(req, options);
  const processed = await processImageUpload(file.bytes, options.policy ?? DEFAULT_IMAGE_POLICY);
  for (const variant of processed.variants) await options.store.put(variant);
  return { ...processed, fields };
}
