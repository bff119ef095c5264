import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { Router } from 'express';

/** Content-hashed names (main.3f9a1c2b.js) never change meaning, so browsers may keep them for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|png|jpe?g|webp|avif|svg|woff2?)$/;

const setCacheHeaders = (res: express.Response, file: string) => {
  res.setHeader('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * Serves the built frontends: remotes under /remotes/<name>/, the shell at / with the single-page
 * fallback to its index.html for any other GET that wants HTML.
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
  // Scripts and styles shrink about 3x (JSON API answers are compressed in gateway.ts).
  router.use(compression());
  router.use('/remotes', express.static(path.join(webRoot, 'remotes'), staticOptions));
  router.use(express.static(shellDir, staticOptions));
  // Client routes only: a path whose last segment has a dot is a file, and a missing file is a 404, not
  // the shell (a stale chunk must fail loudly, not as a syntax error in HTML).
  router.get(/^\/+(?!api(\/|$)|remotes(\/|$))(?:[^/]+\/)*[^/.]*$/, (req, res, next) => {
    if (req.accepts(['html', 'json']) !== 'html') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
