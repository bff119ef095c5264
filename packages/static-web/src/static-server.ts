import fs from 'node:fs';
import express, { type Express } from 'express';
import { staticSiteRouter } from './static-site';

/**
 * What one frontend's container serves (infra/docker/web.Dockerfile): the shell, or one remote.
 * Read from the environment by main.ts; a remote is mounted at the path the gateway forwards
 * unchanged (`/remotes/library/`), the shell at `/`.
 */
export interface StaticServerConfig {
  /** The built folder: dist/web/shell or dist/web/remotes/<name>. */
  dir: string;
  /** The public path it answers under, with a trailing slash. */
  basePath: string;
  /** The shell: client routes get index.html. */
  spa: boolean;
}

export class StaticServerConfigError extends Error {
  override readonly name = 'StaticServerConfigError';
}

/** The configuration from the environment; a missing or malformed setting is an error naming it. */
export function staticServerConfig(
  env: NodeJS.ProcessEnv,
): StaticServerConfig & { port: number; host: string } {
  const problems: string[] = [];
  const basePath = env.BASE_PATH ?? '';
  if (!/^\/([a-z0-9-]+\/)*$/.test(basePath))
    problems.push(
      'BASE_PATH: required, the public path ending in / (/ for the shell, /remotes/<name>/ for a remote)',
    );
  const dir = env.WEB_DIR ?? '';
  if (!dir || !fs.existsSync(dir)) problems.push(`WEB_DIR: required, an existing folder (got "${dir}")`);
  const spa = env.SPA ?? 'false';
  if (spa !== 'true' && spa !== 'false') problems.push('SPA: true (the shell) or false (a remote)');
  const port = Number(env.PORT ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PORT: a port number');
  if (problems.length) throw new StaticServerConfigError(problems.join('; '));
  return { dir, basePath, spa: spa === 'true', port, host: env.HOST ?? '0.0.0.0' };
}

export function createStaticServer(config: StaticServerConfig): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.get('/healthz', (_req, res) => void res.type('text').send('ok'));
  app.use(config.basePath, staticSiteRouter(config.dir, { spa: config.spa }));
  app.use((_req, res) => void res.status(404).type('text').send('Not found'));
  return app;
}
