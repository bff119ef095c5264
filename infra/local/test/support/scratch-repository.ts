import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SKIPPED = new Set(['node_modules', '.git', 'dist', '.data', 'coverage']);

/** The repository's files as a developer has them: tracked and new (not ignored), deleted ones left out. */
function repositoryFiles(repoRoot: string): string[] {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (git.status === 0)
    return git.stdout.split('\0').filter((f) => f && fs.existsSync(path.join(repoRoot, f)));
  // Not a git checkout: everything but dependencies and build output.
  return (fs.readdirSync(repoRoot, { recursive: true, encoding: 'utf8' }) as string[]).filter(
    (f) =>
      !f.split(path.sep).some((part) => SKIPPED.has(part)) && fs.statSync(path.join(repoRoot, f)).isFile(),
  );
}

/**
 * A copy of the repository in a temporary folder, to change freely (the generator's test writes a
 * domain into it). Dependencies are the repository's own, linked, except the workspace links in
 * node_modules/@campus, which point into the copy, as `npm install` would make them.
 */
export function copyRepository(repoRoot: string, prefix = 'campus-scratch-'): string {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const file of repositoryFiles(repoRoot)) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(scratch, file));
  }
  const modules = path.join(repoRoot, 'node_modules');
  fs.mkdirSync(path.join(scratch, 'node_modules', '@campus'), { recursive: true });
  for (const entry of fs.readdirSync(modules)) {
    if (entry === '@campus') continue;
    fs.symlinkSync(path.join(modules, entry), path.join(scratch, 'node_modules', entry));
  }
  for (const entry of fs.readdirSync(path.join(modules, '@campus'))) {
    // Workspace links are relative (../../services/library): the same link resolves inside the copy.
    const target = fs.readlinkSync(path.join(modules, '@campus', entry));
    fs.symlinkSync(target, path.join(scratch, 'node_modules', '@campus', entry));
    // A workspace's own node_modules holds what npm could not hoist (a version another package
    // pins differently at the root, e.g. service-kit's OpenTelemetry): linked too.
    const nested = path.join(path.resolve(modules, '@campus', target), 'node_modules');
    const workspace = path.relative(repoRoot, path.dirname(nested));
    if (fs.existsSync(nested) && !workspace.startsWith('..'))
      fs.symlinkSync(nested, path.join(scratch, workspace, 'node_modules'), 'dir');
  }
  return scratch;
}
