import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** The encodings the web build writes beside each file (scripts/build-web.ts), best first. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** The encoding to send: the best one the client accepts (q > 0) and the build wrote, or null. */
export function pickEncoding(acceptEncoding: string | undefined, available: (extension: string) => boolean) {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(token, q === undefined ? 1 : Number(q));
  }
  const acceptable = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ENCODINGS.find((encoding) => acceptable(encoding.name) && available(encoding.extension)) ?? null;
}

/**
 * Serves `<file>.br` or `<file>.gz`, compressed once at build time, in place of `<file>` when the
 * browser accepts it: Content-Encoding set, Content-Type of the original, `Vary: Accept-Encoding`
 * so caches keep one copy per encoding. Files without a compressed twin fall through to
 * express.static (the build skips files too small to gain anything).
 */
export function precompressedFiles(
  root: string,
  setHeaders: (res: Response, file: string) => void,
): (req: Request, res: Response, next: NextFunction) => void {
  const resolvedRoot = path.resolve(root);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(resolvedRoot, `.${relative}`);
    if (!file.startsWith(resolvedRoot + path.sep) || relative.includes('\0')) return next();
    res.vary('Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding'], (extension) =>
      isFile(`${file}${extension}`),
    );
    if (!encoding || !isFile(file)) return next();
    setHeaders(res, file);
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding.name);
    res.sendFile(`${file}${encoding.extension}`, { dotfiles: 'deny', cacheControl: false }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
