import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * Builds the frontends when there is no build yet or the sources changed since, so `npm start`
 * from a fresh clone serves the real product. Returns the folder to serve, or undefined (API only)
 * when the repository has no frontends.
 */
export async function ensureWebBuild(repoRoot: string): Promise<string | undefined> {
  const webRoot = path.join(repoRoot, 'dist', 'web');
  const builder = path.join(repoRoot, 'scripts', 'build-web.ts');
  if (!fs.existsSync(builder)) return undefined;
  const { isWebBuildStale } = (await import(builder)) as { isWebBuildStale: () => boolean };
  if (isWebBuildStale()) {
    console.log('Building the frontends (first start or changed sources)...');
    const result = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), builder],
      {
        cwd: repoRoot,
        stdio: 'inherit',
      },
    );
    if (result.status !== 0) throw new Error('the frontend build failed (see above)');
  }
  return webRoot;
}
