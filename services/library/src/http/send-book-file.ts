import type { Request, Response } from 'express';
import type { StoredBlob } from '@campus/service-kit/uploads/blob-store';

/** A filename safe in a header: no quotes, backslashes, control characters or path; ASCII for `filename`. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\;]/g, '')
    .trim()
    .slice(0, 150);
  const withExt = /\.pdf$/i.test(base) ? base : `${base || 'notes'}.pdf`;
  const ascii = withExt.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(withExt).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** One `bytes=` range of a `size`-byte file: [start, end] inclusive, or 'unsatisfiable', or undefined for none/ignored. */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header);
  // Several ranges, or another unit: answered with the whole file (RFC 9110 lets a server ignore Range).
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}

/**
 * Sends a stored book file: its type, nosniff, a CSP under which nothing runs, `Accept-Ranges: bytes`,
 * the key as ETag (content-addressed) and 206 Partial Content for one byte range (If-Range honoured),
 * 416 with `Content-Range: bytes *\/size` for one past the end, 304 for a matching If-None-Match.
 * `cache` says whether shared caches may keep it (public for an accepted book's file).
 */
export function sendBookFile(
  req: Request,
  res: Response,
  blob: StoredBlob,
  options: { cache: 'public' | 'private'; downloadName?: string },
): void {
  const etag = `"${blob.key}"`;
  res.set({
    'Content-Type': blob.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control':
      options.cache === 'public'
        ? // Not immutable: a book hidden, deleted or forgotten later must stop being served within
          // minutes; the ETag is the content's hash, so revalidating costs a 304.
          'public, max-age=300, must-revalidate'
        : 'private, max-age=0, must-revalidate',
    ETag: etag,
    'Accept-Ranges': 'bytes',
  });
  if (options.downloadName !== undefined)
    res.set('Content-Disposition', contentDisposition('inline', options.downloadName));
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch && noneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    res.status(304).end();
    return;
  }
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, blob.size);
  if (range === 'unsatisfiable') {
    res.status(416).set('Content-Range', `bytes */${blob.size}`).end();
    return;
  }
  if (range) {
    const [start, end] = range;
    res.status(206).set({
      'Content-Range': `bytes ${start}-${end}/${blob.size}`,
      'Content-Length': String(end - start + 1),
    });
    res.end(req.method === 'HEAD' ? undefined : blob.bytes.subarray(start, end + 1));
    return;
  }
  res.set('Content-Length', String(blob.size));
  res.end(req.method === 'HEAD' ? undefined : blob.bytes);
}
