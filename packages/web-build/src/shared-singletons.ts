import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(__filename);

/**
 * Libraries that hold React state or context must exist once per page, or hooks break and the
 * auth state splits between host and remotes. Each is shared as a singleton at the one version
 * installed at the repository root. A trailing slash shares every subpath (react/jsx-runtime,
 * react-dom/client, @campus/web-kit/auth-context, ...).
 */
const singletonPackages = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@campus/web-kit',
  '@campus/ui',
] as const;

function installedVersion(packageName: string, repoRoot: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`, { paths: [repoRoot] });
  return (require(manifestPath) as { version: string }).version;
}

function workspaceVersion(packageName: string, repoRoot: string): string {
  const directory = packageName.replace('@campus/', 'packages/');
  return (require(path.join(repoRoot, directory, 'package.json')) as { version: string }).version;
}

export interface SharedConfig {
  singleton: boolean;
  requiredVersion: string;
  version: string;
  strictVersion: boolean;
}

export function sharedSingletons(repoRoot: string): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const packageName of singletonPackages) {
    const version = packageName.startsWith('@campus/')
      ? workspaceVersion(packageName, repoRoot)
      : installedVersion(packageName, repoRoot);
    const config = { singleton: true, requiredVersion: version, version, strictVersion: false };
    // Workspace packages have no root entry (no barrel files), only subpaths.
    if (!packageName.startsWith('@campus/')) shared[packageName] = config;
    shared[`${packageName}/`] = config;
  }
  return shared;
}
