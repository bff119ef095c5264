import type { RequestHandler, Response } from 'express';
import { AppError } from '../errors';
import { BLOB_KEY_PATTERN, type BlobStore } from './blob-store';

/**
 * Answers with a stored blob: the stored content type, `X-Content-Type-Options: nosniff` (the
 * browser never second-guesses it), a CSP under which nothing in the file can run, and, keys being
 * content-addressed, a year's immutable caching with the key as ETag (a revalidation answers 304).
 * An unknown or malformed key is a 404. For a declared route's handler (`({ res, params }) =>
 * sendBlob(res, store, params.key)`); serveBlob below is the same as plain Express middleware.
 * `private`: a file only some readers may see now (its item is hidden): kept by no cache at all.
 */
export async function sendBlob(
  res: Response,
  store: BlobStore,
  key: unknown,
  options: { private?: boolean } = {},
): Promise<void> {
  const blob = typeof key === 'string' && BLOB_KEY_PATTERN.test(key) ? await store.get(key) : undefined;
  if (!blob) throw AppError.notFound('No such file.', 'FILE_NOT_FOUND');
  res.set({
    'Content-Type': blob.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    ...(options.private
      ? { 'Cache-Control': 'private, no-store' }
      : { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: `"${blob.key}"` }),
  });
  // Express answers 304 itself when the request's If-None-Match matches the ETag (req.fresh).
  res.send(blob.bytes);
}

/** sendBlob as a route handler: the key is the path parameter `param` (`key` unless said). */
export function serveBlob(store: BlobStore, options: { param?: string } = {}): RequestHandler {
  const param = options.param ?? 'key';
  return (req, res) => sendBlob(res, store, req.params[param]);
}
