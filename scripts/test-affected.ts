/**
 * `npm run test:affected`: the suites a change needs, not the whole run (docs/operations.md).
 *
 *   npm run test:affected                     node/web suites + contract checks for what changed
 *   npm run test:affected -- --api --browser  also the API suite and browser specs it reaches
 *   npm run test:affected -- --base v1.4.0    compare with a tag or commit instead of main
 *   npm run test:affected -- --dry-run        print the plan only
 *
 * "What changed": the commits since the branch left main (origin/main when there is one) and the
 * working tree, untracked files included. Main itself keeps the full run (`npm test`, .ci/run).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { planAffected, readWorkspaces, type AffectedPlan } from '../infra/local/src/affected-tests';

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

function baseRevision(): string {
  if (values.base) {
    if (!revExists(values.base)) throw new Error(`--base ${values.base}: no such commit`);
    return values.base;
  }
  for (const main of ['origin/main', 'main']) if (revExists(main)) return git('merge-base', 'HEAD', main);
  return 'HEAD';
}

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

function printPlan(base: string, changed: string[], plan: AffectedPlan) {
  console.log(`test:affected: ${changed.length} changed file(s) since ${base.slice(0, 12)}`);
  for (const reason of plan.reasons) console.log(`  ${reason}`);
  if (plan.everything) return console.log('  -> everything: npm test');
  if (!plan.contracts) return console.log('  -> nothing to test (documentation only)');
  console.log(`  -> node/web suites: ${plan.unit.join(' ')}`);
  console.log('  -> contract checks: npm run contracts:check');
  if (plan.api.length)
    console.log(`  -> API suites${values.api ? '' : ' (with --api)'}: ${plan.api.join(' ')}`);
  if (plan.browser.length)
    console.log(`  -> browser specs${values.browser ? '' : ' (with --browser)'}: ${plan.browser.join(' ')}`);
}

function run(command: string, args: string[]): void {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    process.exitCode = result.status ?? 1;
    throw new Error(`${command} ${args[0] ?? ''} failed`);
  }
}

function main() {
  const base = baseRevision();
  const changed = changedFiles(base);
  const plan = planAffected({
    changed,
    workspaces: readWorkspaces(repoRoot),
    apiSuites: listDir('e2e-api', (name, isDir) => isDir && name !== 'support'),
    browserSpecs: listDir('e2e/specs', (name) => name.endsWith('.spec.ts')),
  });
  printPlan(base, changed, plan);
  if (values['dry-run'] || !plan.contracts) return;
  if (plan.everything) return run('npm', ['test']);
  const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
  // Absolute, with a trailing slash for a directory: `shell/` must not match `frontends/x/shell-y`.
  const pattern = (root: string) =>
    path.join(repoRoot, root) + (fs.statSync(path.join(repoRoot, root)).isDirectory() ? '/' : '');
  run('node', [...jest, ...plan.unit.map(pattern)]);
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  if (scripts['contracts:check']) run('npm', ['run', '--silent', 'contracts:check']);
  if (values.api && plan.api.length)
    run('node', [...jest, '-c', 'e2e-api/jest.config.js', ...plan.api.map(pattern)]);
  if (values.browser && plan.browser.length)
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...plan.browser]);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode ||= 1;
}
