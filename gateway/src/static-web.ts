import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { Router } from 'express';
import { pickEncoding, precompressedFiles } from './precompressed-files';
import { shellPages } from './shell-page';

/** Content-hashed names (main.3f9a1c2b.js) never change meaning, so browsers may keep them for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|png|jpe?g|webp|avif|svg|woff2?)$/;

const setCacheHeaders = (res: express.Response, file: string) => {
  res.setHeader('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * Serves the built frontends: remotes under /remotes/<name>/, the shell at / with the single-page
 * fallback to its index.html (with the shell's preload links, see shell-page.ts) for any other GET
 * that wants HTML.
 */
export function staticWebRouter(webRoot: string | undefined): Router {
  const router = Router();
  const shellDir = webRoot && path.join(webRoot, 'shell');
  const indexFile = shellDir && path.join(shellDir, 'index.html');
  if (!webRoot || !indexFile || !fs.existsSync(indexFile)) {
    router.get('/', (_req, res) => {
      res
        .status(503)
        .type('text')
        .send(
          'The Campus Connect frontend is not built. Run `npm run build:web` (npm start does it for you).',
        );
    });
    return router;
  }
  const staticOptions = { index: false, fallthrough: true, setHeaders: setCacheHeaders } as const;
  const remotesDir = path.join(webRoot, 'remotes');
  // The production build writes a .br and a .gz beside every script, style and manifest: served as
  // they are, nothing is compressed per request (see ADR 0032).
  router.use('/remotes', precompressedFiles(remotesDir, setCacheHeaders));
  router.use(precompressedFiles(shellDir, setCacheHeaders));
  // Only what has no compressed twin (a development build, files too small to gain) is compressed
  // on the fly; JSON API answers are compressed in gateway.ts.
  router.use(compression());
  router.use('/remotes', express.static(remotesDir, staticOptions));
  router.use(express.static(shellDir, staticOptions));
  const shellPageFor = shellPages(shellDir);
  // Client routes only: a path whose last segment has a dot is a file, and a missing file is a 404, not
  // the shell (a stale chunk must fail loudly, not as a syntax error in HTML).
  router.get(/^\/+(?!api(\/|$)|remotes(\/|$))(?:[^/]+\/)*[^/.]*$/, (req, res, next) => {
    if (req.accepts(['html', 'json']) !== 'html') return next();
    const page = shellPageFor();
    if (!page) return next();
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
