/**
 * `npm run test:affected`: the suites a change needs, not the whole run (docs/operations.md).
 *
 *   npm run test:affected                     node/web suites + contract checks for what changed
 *   npm run test:affected -- --api --browser  also the API suites and browser specs it reaches
 *   npm run test:affected -- --base v1.4.0    compare with a tag or commit instead of main
 *   npm run test:affected -- --dry-run        print the plan only
 *
 * "What changed": the commits since the branch left main (origin/main when there is one) and the
 * working tree, untracked files included. Jest picks the node/web suites (`--changedSince`); the
 * rest of the plan is infra/local/src/affected-tests.ts. Main keeps the full run (`npm test`, .ci/run).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  endToEndSuites,
  listUnitSuites,
  nearestTestedFolder,
  scopeOfChange,
} from '../infra/local/src/affected-tests';

const repoRoot = path.resolve(__dirname, '..');
const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    api: { type: 'boolean', default: false },
    browser: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
});

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const revExists = (rev: string) => {
  try {
    git('rev-parse', '--verify', '--quiet', `${rev}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

/** What the change is compared with; `<base>...HEAD` starts where the branch left it. */
function baseRevision(): string {
  if (values.base) {
    if (!revExists(values.base)) throw new Error(`--base ${values.base}: no such commit`);
    return values.base;
  }
  return ['origin/main', 'main'].find(revExists) ?? 'HEAD';
}

/** The same files jest's --changedSince reads: committed since the base, staged, modified, untracked. */
function changedFiles(base: string): string[] {
  const committed = git('diff', '--name-only', `${base}...HEAD`).split('\n');
  const working = git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter(Boolean)
    // `XY path` or `XY old -> new`: both sides of a rename changed.
    .flatMap((line) => line.slice(3).split(' -> '));
  return [...new Set([...committed, ...working].filter(Boolean))].sort();
}

const listDir = (dir: string, keep: (name: string, isDir: boolean) => boolean) =>
  fs.existsSync(path.join(repoRoot, dir))
    ? fs
        .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
        .filter((e) => keep(e.name, e.isDirectory()))
        .map((e) => e.name)
    : [];

function run(command: string, args: string[]): void {
  console.log(`\n$ ${command} ${args.length > 12 ? `${args.slice(0, 12).join(' ')} ...` : args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    process.exitCode = result.status ?? 1;
    throw new Error(`${command} ${args[0] ?? ''} failed`);
  }
}

function main() {
  const base = baseRevision();
  const changed = changedFiles(base);
  console.log(`test:affected: ${changed.length} changed file(s) since ${base}`);
  const scope = scopeOfChange(changed, (file) => nearestTestedFolder(repoRoot, file));
  if (scope.documentationOnly) return console.log('  -> nothing to test (documentation only)');
  if (scope.everythingBecause) {
    console.log(`  ${scope.everythingBecause}: jest cannot tell what it reaches -> everything: npm test`);
    return values['dry-run'] ? undefined : run('npm', ['test']);
  }

  const unitSuites = [
    ...new Set([
      ...listUnitSuites(repoRoot, ['--changedSince', base]),
      ...(scope.untracedFolders.length
        ? listUnitSuites(
            repoRoot,
            scope.untracedFolders.map((f) => `${path.join(repoRoot, f)}/`),
          )
        : []),
    ]),
  ].sort();
  const { api, browser } = endToEndSuites({
    changed,
    unitSuites,
    apiSuites: listDir('e2e-api', (name, isDir) => isDir && name !== 'support'),
    browserSpecs: listDir('e2e/specs', (name) => name.endsWith('.spec.ts')),
  });
  for (const folder of scope.untracedFolders) console.log(`  ${folder}: a file jest does not follow changed`);
  console.log(`  -> node/web suites (${unitSuites.length}): ${unitSuites.join(' ') || 'none'}`);
  console.log('  -> contract checks: npm run contracts:check');
  if (api.length) console.log(`  -> API suites${values.api ? '' : ' (with --api)'}: ${api.join(' ')}`);
  if (browser.length)
    console.log(`  -> browser specs${values.browser ? '' : ' (with --browser)'}: ${browser.join(' ')}`);
  if (values['dry-run']) return;

  const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
  if (unitSuites.length) run('node', [...jest, '--runTestsByPath', ...unitSuites]);
  run('npm', ['run', '--silent', 'contracts:check']);
  if (values.api && api.length)
    run('node', [
      ...jest,
      '-c',
      'e2e-api/jest.config.js',
      ...api.map((suite) => `${path.join(repoRoot, suite)}/`),
    ]);
  if (values.browser && browser.length)
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...browser]);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode ||= 1;
}
