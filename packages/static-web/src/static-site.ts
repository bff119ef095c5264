import compression from 'compression';
import express, { Router, type Response } from 'express';
import { pickEncoding, precompressedFiles } from './precompressed-files';
import { shellPages } from './shell-page';

/** Content-hashed names (main.3f9a1c2b.js) never change meaning, so browsers may keep them for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|png|jpe?g|webp|avif|svg|woff2?)$/;

/**
 * Hashed files for a year; everything else (index.html, remotes.json, a remote's mf-manifest.json and
 * remoteEntry.js, which name the hashed files of the current release) revalidated on every use, so a
 * redeploy is seen at once.
 */
export function setCacheHeaders(res: Response, file: string): void {
  res.setHeader('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Client routes only: a path whose last segment has a dot is a file, and a missing file is a 404. */
const CLIENT_ROUTE = /^\/+(?!api(\/|$)|remotes(\/|$))(?:[^/]+\/)*[^/.]*$/;

/**
 * One built frontend folder: the build-time .br/.gz twins sent as they are (ADR 0032), what has no
 * twin compressed on the fly, the files themselves, and for the shell (`spa`) its index.html, with
 * the boot files' preload links, for every client route that wants HTML: status 200 for a page the
 * shell or /remotes.json declares, 404 for any other (the shell renders its 404 screen). A missing
 * file falls through (the caller answers 404): a stale chunk must fail loudly, not as a syntax error
 * in HTML.
 */
export function staticSiteRouter(dir: string, options: { spa: boolean }): Router {
  const router = Router();
  router.use(precompressedFiles(dir, setCacheHeaders));
  router.use(compression());
  router.use(express.static(dir, { index: false, fallthrough: true, setHeaders: setCacheHeaders }));
  if (!options.spa) return router;
  const shellPageFor = shellPages(dir);
  router.get(CLIENT_ROUTE, (req, res, next) => {
    if (req.accepts(['html', 'json']) !== 'html') return next();
    const answer = shellPageFor(req.path);
    if (!answer) return next();
    const { page } = answer;
    // A page nobody declares still gets the shell, which shows its 404 screen, with status 404.
    res.status(answer.status);
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Accept-Encoding');
    res.type('html');
    const encoding = pickEncoding(req.headers['accept-encoding'], () => true);
    if (!encoding) return void res.send(page.html);
    res.setHeader('Content-Encoding', encoding.name);
    res.send(encoding.name === 'br' ? page.br : page.gzip);
  });
  return router;
}
