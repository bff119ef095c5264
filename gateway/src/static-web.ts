import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { staticSiteRouter } from '@campus/static-web/static-site';

/**
 * Serves the built frontends from one folder (`npm start`, WEB_ROOT): remotes under
 * /remotes/<name>/, the shell at / with the single-page fallback to its index.html (with the
 * shell's preload links) for any other GET that wants HTML. In production each frontend is its own
 * container and the gateway forwards to it instead (web-proxy.ts, ADR 0084).
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
  router.use('/remotes', staticSiteRouter(path.join(webRoot, 'remotes'), { spa: false }));
  router.use(staticSiteRouter(shellDir, { spa: true }));
  return router;
}
