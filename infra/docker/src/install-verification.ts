/**
 * What `infra/docker/install-from-lock.sh` checks after `npm install` (docs/adr/0082): the install is
 * exactly what package-lock.json pins, and every install script it skipped has been reviewed.
 */

/** One `packages` entry of a lockfile (package-lock.json or npm's node_modules/.package-lock.json). */
export interface LockEntry {
  version?: string;
  integrity?: string;
  resolved?: string;
  link?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** The fields that decide what gets installed; `resolved` of a registry package only says where from. */
const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const;

/** `node_modules/a/node_modules/@s/b` -> `@s/b`; a workspace folder (`services/identity`) stays as is. */
export function packageName(location: string): string {
  const index = location.lastIndexOf('node_modules/');
  return index === -1 ? location || '(root)' : location.slice(index + 'node_modules/'.length);
}

const label = (location: string, entry: LockEntry | undefined) =>
  entry?.version ? `${packageName(location)}@${entry.version}` : packageName(location);

function canonical(value: Record<string, string> | undefined): string {
  return JSON.stringify(Object.entries(value ?? {}).sort(([a], [b]) => a.localeCompare(b)));
}

function entryDifferences(committed: LockEntry, rewritten: LockEntry): string[] {
  const differences: string[] = [];
  if (committed.version !== rewritten.version)
    differences.push(`version ${committed.version} -> ${rewritten.version}`);
  if (committed.integrity && committed.integrity !== rewritten.integrity) differences.push('integrity');
  if (Boolean(committed.link) !== Boolean(rewritten.link)) differences.push('link');
  if (committed.link && committed.resolved !== rewritten.resolved)
    differences.push(`link target ${committed.resolved} -> ${rewritten.resolved}`);
  for (const field of DEPENDENCY_FIELDS)
    if (canonical(committed[field]) !== canonical(rewritten[field])) differences.push(field);
  return differences;
}

export interface LockComparison {
  /** Each way in which the install differs from the committed lock; empty when it matches. */
  problems: string[];
  /**
   * Optional packages npm added to the lock and did not install: other platforms' native builds that
   * the committed lock lacks because the registry it was written against does not serve them.
   */
  otherPlatformPackages: string[];
}

/**
 * Compares the committed lock with the lock `npm install` rewrote and with what it installed
 * (node_modules/.package-lock.json). The install matches when npm kept every pinned package as it was,
 * dropped none, and added only optional packages that it did not install. That is the check `npm ci`
 * makes, less its refusal of a lock without other platforms' optional builds.
 */
export function compareInstallWithLock(
  committed: Lockfile,
  rewritten: Lockfile,
  installed: Lockfile,
): LockComparison {
  const problems: string[] = [];
  const otherPlatformPackages: string[] = [];
  if (committed.lockfileVersion !== rewritten.lockfileVersion)
    problems.push(`lockfileVersion ${committed.lockfileVersion} -> ${rewritten.lockfileVersion}`);
  for (const [location, entry] of Object.entries(committed.packages)) {
    const now = rewritten.packages[location];
    if (!now) problems.push(`${label(location, entry)} (${location}) is pinned but npm removed it`);
    else {
      const differences = entryDifferences(entry, now);
      if (differences.length)
        problems.push(
          `${label(location, entry)} (${location || 'package.json'}) changed: ${differences.join(', ')}`,
        );
    }
  }
  for (const [location, entry] of Object.entries(rewritten.packages)) {
    if (location in committed.packages) continue;
    if ((entry.optional || entry.devOptional) && !(location in installed.packages))
      otherPlatformPackages.push(label(location, entry));
    else problems.push(`${label(location, entry)} (${location}) is installed but not pinned in the lock`);
  }
  for (const [location, entry] of Object.entries(installed.packages)) {
    const pinned = committed.packages[location];
    if (pinned && pinned.version !== entry.version)
      problems.push(`${label(location, entry)} is installed but the lock pins ${pinned.version}`);
  }
  return { problems, otherPlatformPackages };
}

/** Installed packages whose install scripts were skipped (--ignore-scripts) and nobody has reviewed. */
export function unreviewedInstallScripts(installed: Lockfile, reviewed: ReadonlySet<string>): string[] {
  return Object.entries(installed.packages)
    .filter(([location, entry]) => entry.hasInstallScript && !reviewed.has(packageName(location)))
    .map(([location, entry]) => `${label(location, entry)} (${location})`);
}
