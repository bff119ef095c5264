import fs from 'node:fs';
import path from 'node:path';

/**
 * Which suites a change needs (`npm run test:affected`, docs/operations.md): a team that changed
 * `services/careers` or `frontends/careers` runs that domain's suites, what depends on what it
 * changed (a change to @campus/ui reaches every remote and the shell), and the contract checks, in
 * minutes. Main keeps the full run (`npm test`, .ci/run).
 *
 * The plan is computed from the changed paths and the workspaces' own package.json dependencies, so
 * a new domain is covered the day it is generated.
 */

export interface Workspace {
  /** Repo-relative directory, e.g. `services/careers`. */
  dir: string;
  name: string;
  /** The workspace packages it depends on (package names). */
  dependsOn: string[];
}

export interface AffectedPlan {
  /** Everything runs: a change to the root configuration, the lock, CI or the build. */
  everything: boolean;
  /** Why each workspace is in the plan (`services/careers: changed`, `shell: uses @campus/ui`). */
  reasons: string[];
  /** Roots for the main jest configuration (node and web projects). */
  unit: string[];
  /** API suites (e2e-api/<domain>) for the services the change reaches. */
  api: string[];
  /** Browser specs (e2e/specs/<file>) for the screens the change reaches. */
  browser: string[];
  /** Whether the contract snapshot and migration checks apply (always, unless nothing but docs changed). */
  contracts: boolean;
}

/**
 * Workspaces that assemble the others (the runner, the browser specs, the benches): a change to a
 * service does not re-run their suites; a change to them does.
 */
const AGGREGATORS = new Set(['infra/local', 'e2e', 'bench']);

/** Outside every workspace, but read by every build or test: a change here runs everything. */
const EVERYTHING = [
  /^package(-lock)?\.json$/,
  /^tsconfig[^/]*\.json$/,
  /^jest\.[^/]+\.js$/,
  /^eslint\.config\.mjs$/,
  /^\.ci\//,
  /^\.npmrc$/,
  /^scripts\/build-web\.ts$/,
];

/** Read, never run: no suite covers them. */
const NO_TESTS = [/^docs\//, /\.md$/, /^\.env\.example$/, /^\.gitignore$/, /^\.prettier(rc\.json|ignore)$/];

/** Cross-cutting suites that are cheap and guard every change (layout rules, the topology). */
const ALWAYS_UNIT = ['infra/local/test/architecture-boundaries.test.ts'];

/** Browser specs that exercise what every screen shares (the budget, a remote failing). */
const SHELL_SPECS = ['web-budget.spec.ts', 'remote-failure.spec.ts', 'guest.spec.ts', 'session.spec.ts'];

/** The workspace that owns a file: the longest workspace directory that prefixes it. */
function ownerOf(file: string, workspaces: ReadonlyArray<Workspace>): Workspace | undefined {
  let best: Workspace | undefined;
  for (const ws of workspaces)
    if ((file === ws.dir || file.startsWith(`${ws.dir}/`)) && (!best || ws.dir.length > best.dir.length))
      best = ws;
  return best;
}

/** `services/careers` -> `careers`; the domain a service or remote workspace belongs to. */
const domainOf = (dir: string) => /^(?:services|frontends)\/([^/]+)$/.exec(dir)?.[1];

export interface PlanInputs {
  changed: ReadonlyArray<string>;
  workspaces: ReadonlyArray<Workspace>;
  /** The API suites there are (directories of e2e-api, e.g. `careers`). */
  apiSuites: ReadonlyArray<string>;
  /** The browser specs there are (files of e2e/specs, e.g. `careers.spec.ts`). */
  browserSpecs: ReadonlyArray<string>;
}

export function planAffected({ changed, workspaces, apiSuites, browserSpecs }: PlanInputs): AffectedPlan {
  const files = changed.filter((f) => !NO_TESTS.some((re) => re.test(f)));
  const plan: AffectedPlan = {
    everything: false,
    reasons: [],
    unit: [],
    api: [],
    browser: [],
    contracts: false,
  };
  if (files.length === 0) return plan;
  plan.contracts = true;

  const everythingBecause = files.find((f) => EVERYTHING.some((re) => re.test(f)));
  if (everythingBecause) {
    plan.everything = true;
    plan.reasons.push(`${everythingBecause}: read by every build and test`);
    return plan;
  }

  const reached = new Map<string, string>();
  const queue: Workspace[] = [];
  const reach = (ws: Workspace, why: string) => {
    if (reached.has(ws.dir)) return;
    reached.set(ws.dir, why);
    queue.push(ws);
  };
  const outside = new Set<string>();
  for (const file of files) {
    const ws = ownerOf(file, workspaces);
    if (ws) reach(ws, 'changed');
    else outside.add(file);
  }
  while (queue.length) {
    const ws = queue.shift()!;
    for (const other of workspaces)
      if (!AGGREGATORS.has(other.dir) && other.dependsOn.includes(ws.name)) reach(other, `uses ${ws.name}`);
    // The build configuration is not a package dependency of the apps, but every bundle is made by it.
    if (ws.name === '@campus/web-build')
      for (const other of workspaces)
        if (other.dir === 'shell' || other.dir.startsWith('frontends/'))
          reach(other, 'built by @campus/web-build');
  }

  for (const [dir, why] of reached) plan.reasons.push(`${dir}: ${why}`);

  const unit = new Set<string>(ALWAYS_UNIT);
  const api = new Set<string>();
  const browser = new Set<string>();
  for (const dir of reached.keys()) {
    if (dir !== 'e2e' && dir !== 'bench') unit.add(dir);
    const domain = domainOf(dir);
    if (domain && dir.startsWith('services/') && apiSuites.includes(domain)) api.add(`e2e-api/${domain}`);
    // A domain's screens: its specs are named after it (profile-first-time.spec.ts for the profile).
    if (domain && dir.startsWith('frontends/'))
      for (const spec of browserSpecs) if (spec.startsWith(`${domain}`)) browser.add(`e2e/specs/${spec}`);
    if (dir === 'shell')
      for (const spec of SHELL_SPECS) if (browserSpecs.includes(spec)) browser.add(`e2e/specs/${spec}`);
    if (dir === 'gateway') api.add('e2e-api');
  }
  for (const file of outside) {
    plan.reasons.push(`${file}: outside the workspaces`);
    if (file.startsWith('e2e-api/')) {
      const suite = /^e2e-api\/([^/]+)\//.exec(file)?.[1];
      api.add(suite && suite !== 'support' ? `e2e-api/${suite}` : 'e2e-api');
    } else if (
      file === 'docker-compose.yml' ||
      file.startsWith('infra/docker/') ||
      file.startsWith('infra/rabbitmq/') ||
      file.startsWith('infra/postgres/')
    ) {
      unit.add('infra/docker');
      unit.add('infra/local/test/compose-topology.test.ts');
    } else if (file.startsWith('packages/contracts/snapshots/')) {
      // the contract check covers it
    } else {
      // A script or file no rule knows: safer to run everything than to guess.
      plan.everything = true;
      plan.reasons = [`${file}: no rule maps it to a suite, so everything runs`];
      return plan;
    }
  }
  plan.unit = [...unit].sort();
  // The whole API suite covers each of its parts.
  plan.api = api.has('e2e-api') ? ['e2e-api'] : [...api].sort();
  plan.browser = [...browser].sort();
  return plan;
}

/** The workspaces named in the root package.json, with their @campus dependencies. */
export function readWorkspaces(repoRoot: string): Workspace[] {
  const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const dirs = root.workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return fs
      .readdirSync(path.join(repoRoot, parent), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${parent}/${e.name}`);
  });
  return dirs
    .filter((dir) => fs.existsSync(path.join(repoRoot, dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      const deps = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies };
      return { dir, name: pkg.name, dependsOn: Object.keys(deps).filter((d) => d.startsWith('@campus/')) };
    });
}
