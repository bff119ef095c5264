import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Which suites a change needs (`npm run test:affected`, docs/operations.md). Jest picks the node and
 * web suites itself: `--changedSince <base>` takes the files changed since the branch left main
 * (commits, staged, modified and untracked) and every suite that imports one, followed through every
 * workspace, so a new domain is covered the day it is generated. What jest cannot see is here:
 *
 * - its own configuration, the lock, CI and the build every app is made with: everything runs;
 * - a file that code reads rather than imports (a migration, a snapshot, a stylesheet, a Dockerfile):
 *   the suites of the nearest folder with a `test/` folder beside it run;
 * - the API suites and browser specs, which drive the platform over HTTP and import none of its
 *   code: they are named after their domain (`e2e-api/careers`, `e2e/specs/profile-first-time.spec.ts`).
 */

/** Read by every build and test, and not by jest's graph: a change here runs everything. */
const EVERYTHING = [
  /^package(-lock)?\.json$/,
  /^tsconfig[^/]*\.json$/,
  /^jest\.[^/]+\.js$/,
  /^eslint\.config\.mjs$/,
  /^\.ci\//,
  /^\.npmrc$/,
  /^scripts\/build-web\.ts$/,
  /^packages\/web-build\//,
];

/** Read, never run: no suite covers them. */
const NO_TESTS = [/^docs\//, /\.md$/, /^\.env\.example$/, /^\.gitignore$/, /^\.prettier(rc\.json|ignore)$/];

/** What jest's graph follows: modules that tests import. Anything else is read by the code at run time. */
const IMPORTED = /\.[cm]?[jt]sx?$/;

/** Browser specs that exercise what every screen shares (the budget, a remote failing, the session). */
const SHELL_SPECS = ['web-budget.spec.ts', 'remote-failure.spec.ts', 'guest.spec.ts', 'session.spec.ts'];

/** Server code every API suite runs on: the gateway, the runner that starts the platform, the suite's support. */
const WHOLE_API_SUITE = [/^gateway\//, /^infra\/local\/src\//, /^e2e-api\/(support\/|[^/]+$)/];

export interface ChangeScope {
  /** Nothing but documentation changed: nothing to run. */
  documentationOnly: boolean;
  /** The file that makes everything run, if one changed. */
  everythingBecause?: string;
  /** Folders whose suites run because a file jest does not follow changed there (`services/careers`). */
  untracedFolders: string[];
}

/**
 * What the changed files ask for beyond jest's graph. `testedFolderOf` names the nearest folder of a
 * file that has its own `test/` folder (nearestTestedFolder), or undefined when none has.
 */
export function scopeOfChange(
  changed: ReadonlyArray<string>,
  testedFolderOf: (file: string) => string | undefined,
): ChangeScope {
  const files = changed.filter((f) => !NO_TESTS.some((re) => re.test(f)));
  const scope: ChangeScope = { documentationOnly: files.length === 0, untracedFolders: [] };
  scope.everythingBecause = files.find((f) => EVERYTHING.some((re) => re.test(f)));
  if (scope.everythingBecause) return scope;
  const folders = new Set<string>();
  for (const file of files.filter((f) => !IMPORTED.test(f))) {
    const folder = testedFolderOf(file);
    // A file no tested folder holds (the compose file): safer to run everything than to guess.
    if (!folder) return { ...scope, everythingBecause: file };
    folders.add(folder);
  }
  scope.untracedFolders = [...folders].sort();
  return scope;
}

/** The nearest folder above a repo-relative file that has a `test/` folder of its own. */
export function nearestTestedFolder(repoRoot: string, file: string): string | undefined {
  for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir))
    if (fs.existsSync(path.join(repoRoot, dir, 'test'))) return dir;
  return undefined;
}

export interface EndToEndInputs {
  changed: ReadonlyArray<string>;
  /** The node and web suites the change needs (repo-relative), as jest listed them. */
  unitSuites: ReadonlyArray<string>;
  /** The API suites there are (folders of e2e-api, e.g. `careers`). */
  apiSuites: ReadonlyArray<string>;
  /** The browser specs there are (files of e2e/specs, e.g. `careers.spec.ts`). */
  browserSpecs: ReadonlyArray<string>;
}

/**
 * The API suites and browser specs a change reaches: those of each domain that changed or whose
 * suites jest picked (a change to @campus/ui reaches the suites of every remote, hence their specs).
 */
export function endToEndSuites({ changed, unitSuites, apiSuites, browserSpecs }: EndToEndInputs): {
  api: string[];
  browser: string[];
} {
  const api = new Set<string>();
  const browser = new Set<string>();
  for (const file of changed) {
    const [top, name = '', rest = ''] = file.split('/');
    if (WHOLE_API_SUITE.some((re) => re.test(file))) api.add('e2e-api');
    if (top === 'e2e-api' && apiSuites.includes(name)) api.add(`e2e-api/${name}`);
    if (top === 'e2e' && name === 'specs' && browserSpecs.includes(rest)) browser.add(file);
  }
  // A domain is reached when a file of it changed or jest picked one of its suites.
  for (const file of [...changed, ...unitSuites]) {
    const [top, name = ''] = file.split('/');
    if (top === 'services' && apiSuites.includes(name)) api.add(`e2e-api/${name}`);
    // Its screens: the specs named after it (profile-first-time.spec.ts for the profile).
    if (top === 'frontends')
      for (const spec of browserSpecs) if (spec.startsWith(name)) browser.add(`e2e/specs/${spec}`);
    if (top === 'shell')
      for (const spec of SHELL_SPECS) if (browserSpecs.includes(spec)) browser.add(`e2e/specs/${spec}`);
  }
  return {
    // The whole API suite covers each of its parts.
    api: api.has('e2e-api') ? ['e2e-api'] : [...api].sort(),
    browser: [...browser].sort(),
  };
}

/** The node and web suites jest selects with these arguments (`--changedSince main`, folders), repo-relative. */
export function listUnitSuites(repoRoot: string, jestArgs: ReadonlyArray<string>): string[] {
  const out = execFileSync(
    process.execPath,
    ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--listTests', '--json', ...jestArgs],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return (JSON.parse(out) as string[]).map((file) => path.relative(repoRoot, file).split(path.sep).join('/'));
}
