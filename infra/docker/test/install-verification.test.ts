import {
  compareInstallWithLock,
  unreviewedInstallScripts,
  type LockEntry,
  type Lockfile,
} from '../src/install-verification';

const lock = (packages: Record<string, LockEntry>): Lockfile => ({ lockfileVersion: 3, packages });

const committed = lock({
  '': { dependencies: { '@swc/core': '1.16.22' } },
  'services/identity': { version: '0.1.0', dependencies: { express: '5.3.0' } },
  'node_modules/@campus/identity-service': { resolved: 'services/identity', link: true },
  'node_modules/@swc/core': {
    version: '1.16.22',
    integrity: 'sha512-core',
    hasInstallScript: true,
    optionalDependencies: { '@swc/core-linux-x64-gnu': '1.16.22', '@swc/core-darwin-arm64': '1.16.22' },
  },
  'node_modules/@swc/core-linux-x64-gnu': { version: '1.16.22', integrity: 'sha512-linux', optional: true },
  'node_modules/express': { version: '5.3.0', integrity: 'sha512-express' },
});
/** What npm installed from `committed` on linux-x64 (node_modules/.package-lock.json has no root entry). */
const installed = lock(
  Object.fromEntries(Object.entries(committed.packages).filter(([location]) => location)),
);

const darwinBuild: LockEntry = { version: '1.16.22', integrity: 'sha512-darwin', optional: true };

describe('an install compared with the committed lock', () => {
  it('when npm rewrote the lock as it was, then it matches', () => {
    expect(compareInstallWithLock(committed, structuredClone(committed), installed)).toEqual({
      problems: [],
      otherPlatformPackages: [],
    });
  });

  it('when npm only recorded where packages came from, then it matches', () => {
    const rewritten = structuredClone(committed);
    rewritten.packages['node_modules/express']!.resolved = 'https://mirror.example/express-5.3.0.tgz';
    expect(compareInstallWithLock(committed, rewritten, installed).problems).toEqual([]);
  });

  it('when npm added another platform optional build that it did not install, then it matches and names it', () => {
    const rewritten = structuredClone(committed);
    rewritten.packages['node_modules/@swc/core-darwin-arm64'] = darwinBuild;
    expect(compareInstallWithLock(committed, rewritten, installed)).toEqual({
      problems: [],
      otherPlatformPackages: ['@swc/core-darwin-arm64@1.16.22'],
    });
  });

  it('when npm installed a package the lock does not pin, then it is refused, optional or not', () => {
    const rewritten = structuredClone(committed);
    rewritten.packages['node_modules/@swc/core-darwin-arm64'] = darwinBuild;
    const onDarwin = structuredClone(installed);
    onDarwin.packages['node_modules/@swc/core-darwin-arm64'] = darwinBuild;
    expect(compareInstallWithLock(committed, rewritten, onDarwin).problems).toEqual([
      '@swc/core-darwin-arm64@1.16.22 (node_modules/@swc/core-darwin-arm64) is installed but not pinned in the lock',
    ]);
  });

  it('when package.json asks for another version, then the changed pin is refused', () => {
    const rewritten = structuredClone(committed);
    rewritten.packages['services/identity']!.dependencies = { express: '5.4.0' };
    rewritten.packages['node_modules/express'] = { version: '5.4.0', integrity: 'sha512-express-5.4' };
    expect(compareInstallWithLock(committed, rewritten, installed).problems).toEqual([
      'services/identity@0.1.0 (services/identity) changed: dependencies',
      'express@5.3.0 (node_modules/express) changed: version 5.3.0 -> 5.4.0, integrity',
    ]);
  });

  it('when package.json no longer needs a pinned package, then its removal is refused', () => {
    const rewritten = structuredClone(committed);
    delete rewritten.packages['node_modules/express'];
    expect(compareInstallWithLock(committed, rewritten, installed).problems).toEqual([
      'express@5.3.0 (node_modules/express) is pinned but npm removed it',
    ]);
  });

  it('when a workspace link points elsewhere, then it is refused', () => {
    const rewritten = structuredClone(committed);
    rewritten.packages['node_modules/@campus/identity-service']!.resolved = 'services/identity-v2';
    expect(compareInstallWithLock(committed, rewritten, installed).problems).toEqual([
      '@campus/identity-service (node_modules/@campus/identity-service) changed: link target services/identity -> services/identity-v2',
    ]);
  });
});

describe('install scripts skipped by --ignore-scripts', () => {
  it('when every installed package with an install script is reviewed, then none is reported', () => {
    expect(unreviewedInstallScripts(installed, new Set(['@swc/core']))).toEqual([]);
  });

  it('when a package with an install script is not reviewed, then it is reported with its location', () => {
    const withSharp = structuredClone(installed);
    withSharp.packages['node_modules/sharp'] = { version: '0.34.5', hasInstallScript: true };
    expect(unreviewedInstallScripts(withSharp, new Set(['@swc/core']))).toEqual([
      'sharp@0.34.5 (node_modules/sharp)',
    ]);
  });
});
