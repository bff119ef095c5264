/**
 * The second half of infra/docker/install-from-lock.sh: after `npm install --ignore-scripts`, fails
 * unless node_modules is exactly what the committed lock pins and every skipped install script has
 * been reviewed here (and the tool it belongs to works without it).
 *
 *   tsx infra/docker/src/verify-install.ts <copy of the committed package-lock.json>
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  compareInstallWithLock,
  packageName,
  unreviewedInstallScripts,
  type Lockfile,
} from './install-verification';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const load = createRequire(__filename);

interface ReviewedInstallScript {
  /** Why the package works without its install script. */
  why: string;
  /** Uses the installed copy at `dir` the way the project does; throws when it does not work. */
  probe?: (dir: string) => void;
}

/**
 * Every package with an install script that the lock holds. A new one fails the install until it is
 * reviewed here: does it work without its script (then add a probe), or does it need it (then the
 * install script must run it with `npm rebuild <name>`)?
 */
const REVIEWED_INSTALL_SCRIPTS: Record<string, ReviewedInstallScript> = {
  esbuild: {
    why: 'its postinstall checks (and may link in place of the JS launcher) the binary of @esbuild/<platform>, an optional dependency npm installs itself',
    probe: (dir) => {
      const esbuild = load(dir) as { transformSync(code: string, options: { loader: 'ts' }): unknown };
      esbuild.transformSync('const checked: boolean = true', { loader: 'ts' });
    },
  },
  '@swc/core': {
    why: 'its postinstall only falls back to downloading @swc/wasm when the native binding (an optional dependency) does not load',
    probe: (dir) => {
      const swc = load(dir) as { transformSync(code: string, options: object): unknown };
      swc.transformSync('const checked: boolean = true', { jsc: { parser: { syntax: 'typescript' } } });
    },
  },
  '@parcel/watcher': {
    why: 'its install script builds from source only when no prebuilt binding matches; jest loads it for watch mode only',
    probe: (dir) => void load(dir),
  },
  '@scarf/scarf': { why: 'install analytics that swagger-ui-dist depends on; nothing to build' },
  'core-js-pure': {
    why: 'its postinstall prints a funding banner and nothing else; @pmmmwh/react-refresh-webpack-plugin (the dev loop only) loads it',
  },
};

function readLock(file: string): Lockfile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Lockfile;
}

function main(committedLockFile: string | undefined): void {
  if (!committedLockFile)
    throw new Error('usage: verify-install.ts <copy of the committed package-lock.json>');
  const installed = readLock(path.join(repoRoot, 'node_modules/.package-lock.json'));
  const { problems, otherPlatformPackages } = compareInstallWithLock(
    readLock(committedLockFile),
    readLock(path.join(repoRoot, 'package-lock.json')),
    installed,
  );
  if (problems.length) {
    console.error(
      `The install differs from package-lock.json (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Run `npm install` and commit package.json with the lock it writes.',
    );
    process.exit(1);
  }
  if (otherPlatformPackages.length)
    console.log(
      `Not in the lock and not needed here: ${otherPlatformPackages.length} optional builds for other platforms (${otherPlatformPackages.slice(0, 3).join(', ')}, ...)`,
    );

  const unreviewed = unreviewedInstallScripts(installed, new Set(Object.keys(REVIEWED_INSTALL_SCRIPTS)));
  if (unreviewed.length) {
    console.error(
      `Install scripts skipped by --ignore-scripts that nobody has reviewed:\n${unreviewed.map((p) => `  - ${p}`).join('\n')}\n` +
        'Review each in REVIEWED_INSTALL_SCRIPTS (infra/docker/src/verify-install.ts).',
    );
    process.exit(1);
  }
  const probed: string[] = [];
  for (const [location, entry] of Object.entries(installed.packages)) {
    const probe = entry.hasInstallScript && REVIEWED_INSTALL_SCRIPTS[packageName(location)]?.probe;
    if (!probe) continue;
    try {
      probe(path.join(repoRoot, location));
    } catch (err) {
      console.error(`${location} does not work without its install script: ${String(err)}`);
      process.exit(1);
    }
    probed.push(`${packageName(location)}@${entry.version}`);
  }
  const packages = Object.keys(installed.packages).filter((location) => location.includes('node_modules/'));
  console.log(
    `node_modules matches package-lock.json: ${packages.length} packages; install scripts skipped, ${probed.length} tools checked without them (${probed.join(', ')})`,
  );
}

main(process.argv[2]);
