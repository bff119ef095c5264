import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPlatform } from '../../infra/local/src/platform';
import { isWebBuildStale, WEB_DIST_DIR } from '../../scripts/build-web';

const repoRoot = path.resolve(__dirname, '../..');

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The middle of some runs' figures (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

export interface BenchPlatform {
  url: string;
  teacherCode: string;
}

/**
 * Builds the frontends if stale, runs the whole platform on a fresh database, calls `work`, stops.
 * `sourceWebRoot` serves another build instead of dist/web (e.g. a copy kept from before a change).
 */
export async function withWebPlatform<T>(
  work: (platform: BenchPlatform) => Promise<T>,
  { sourceWebRoot }: { sourceWebRoot?: string } = {},
): Promise<T> {
  if (!sourceWebRoot && isWebBuildStale()) {
    const build = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-web.ts'],
      {
        cwd: repoRoot,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) throw new Error('the frontend build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-bench-web-'));
  const teacherCode = 'BENCH-TEACHER-CODE';
  // Served from a copy, so a build started meanwhile (it cleans dist/web) cannot pull files away.
  const webRoot = path.join(dataDir, 'web');
  cpSync(sourceWebRoot ?? WEB_DIST_DIR, webRoot, { recursive: true });
  const platform = await startPlatform({
    dataDir,
    port: 0,
    webRoot,
    seed: false,
    logLevel: 'error',
    env: { TEACHER_CODE: teacherCode, PASSWORD_HASH_COST: '1024' },
  });
  try {
    return await work({ url: platform.url, teacherCode });
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Registers an account through the API and returns its credentials. */
export async function registerAccount(baseUrl: string, kind: 'student' | 'teacher', teacherCode: string) {
  const id = Date.now().toString(36);
  const account = {
    name: kind === 'teacher' ? 'Dr. Meera Iyer' : 'Aarav Sharma',
    email: `${kind}.${id}@campus.test`,
    password: `${kind}-bench-pass`,
    isTeacher: kind === 'teacher',
    teacherCode: kind === 'teacher' ? teacherCode : '',
  };
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 201)
    throw new Error(`registering the ${kind} failed: ${response.status} ${await response.text()}`);
  return account;
}
