import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { isWebBuildStale, WEB_DIST_DIR } from '../../scripts/build-web';

const repoRoot = path.resolve(__dirname, '../..');
const STARTUP_TIMEOUT_MS = 120_000;
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');

/**
 * Builds the frontends when stale, then starts the whole platform on a free port with a fresh
 * database and a known teacher code. Specs read E2E_BASE_URL and E2E_TEACHER_CODE.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (isWebBuildStale()) {
    console.log('e2e: building the frontends...');
    // In its own process: the build loads TypeScript configs, which tsx understands.
    const build = spawnSync(process.execPath, [tsxCli, path.join(repoRoot, 'scripts/build-web.ts')], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the frontend build failed (see above)');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-e2e-'));
  // Served from a copy, so a build started meanwhile (it cleans dist/web) cannot pull files away.
  const webRoot = path.join(dataDir, 'web');
  cpSync(WEB_DIST_DIR, webRoot, { recursive: true });
  const teacherCode = `E2E-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const child = spawn(
    process.execPath,
    [tsxCli, path.join(__dirname, 'serve-platform.ts'), dataDir, webRoot, teacherCode],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );

  const ready = await new Promise<{ url: string; teacherCode: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the platform did not start in time')),
      STARTUP_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`the platform exited early (code ${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as { url: string; teacherCode: string });
    });
  });
  process.env.E2E_BASE_URL = ready.url;
  process.env.E2E_TEACHER_CODE = ready.teacherCode;

  return async () => {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
