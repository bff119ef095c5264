import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  '@campus/web-kit',
  '@campus/ui',
  // Not state holders (react-hook-form's FormProvider aside), but every domain remote and the
  // shell's forms use them: shared, a visitor downloads them once instead of once per remote.
  'react-hook-form',
  '@hookform/resolvers',
] as const;

const workspacePackages = singletonPackages.filter((name) => name.startsWith('@campus/'));

/*
 * zod is deliberately NOT shared: a shared module cannot be tree-shaken, and zod's root module
 * (every schema type, every locale) is ~430 KB raw / 85 KB brotli, against ~26-32 KB brotli for the
 * part each app's schemas actually use. Each app keeps its own tree-shaken copy (see ADR 0032).
 */

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
  import?: string;
}

/**
 * Every import specifier a workspace package exports (`@campus/ui/button`, ...), from its
 * package.json "exports": explicit keys, and `./*` patterns expanded over the matching files.
 */
export function workspaceSpecifiers(packageName: string, repoRoot: string): string[] {
  const directory = path.join(repoRoot, packageName.replace('@campus/', 'packages/'));
  const { exports } = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const specifiers = new Set<string>();
  for (const [key, target] of Object.entries(exports)) {
    if (!key.includes('*')) {
      specifiers.add(`${packageName}/${key.slice(2)}`);
      continue;
    }
    const [targetDirectory, suffix] = [path.dirname(target), path.basename(target).replace('*', '')];
    for (const file of readdirSync(path.join(directory, targetDirectory))) {
      if (file.endsWith(suffix) && !file.endsWith(`.d${suffix}`) && !file.endsWith(`.module${suffix}`)) {
        specifiers.add(`${packageName}/${key.slice(2).replace('*', file.slice(0, -suffix.length))}`);
      }
    }
  }
  return [...specifiers];
}

export function sharedSingletons(repoRoot: string): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const packageName of singletonPackages) {
    const version = packageName.startsWith('@campus/')
      ? workspaceVersion(packageName, repoRoot)
      : installedVersion(packageName, repoRoot);
    // A caret range: a remote built against an earlier compatible release (the previous minor of
    // @campus/ui, a patch of react) takes the shell's copy without a warning; one outside the range
    // still takes it (singleton, not strict) and the runtime warns in the console (ADR 0085).
    const config = { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false };
    // Workspace packages have no root entry (no barrel files), only subpaths.
    if (!packageName.startsWith('@campus/')) shared[packageName] = config;
    shared[`${packageName}/`] = config;
  }
  // Shared as a named subset, so webpack can drop the rest of the package (a shared module is never
  // tree-shaken): the browser part of react-router, and the query client with the hooks we use.
  const subsets = {
    'react-router-dom': 'shared-react-router-dom.ts',
    '@tanstack/react-query': 'shared-react-query.ts',
  };
  for (const [packageName, subset] of Object.entries(subsets)) {
    const version = installedVersion(packageName, repoRoot);
    shared[packageName] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      strictVersion: false,
      import: path.join(__dirname, subset),
    };
  }
  return shared;
}

/**
 * The host provides every module of the shared workspace packages, not only those it imports: a
 * module a remote had to ship itself would bring its own copies of the modules it imports
 * relatively (a second auth store, a second AppLink context), and the remote's whole fallback
 * chunk of the kit (~13 KB brotli of JS and CSS on a remote's screen, measured on /library). The
 * federation plugin provides a shared module only when the host's code imports it, so the host's
 * entry gets this generated module, which names each one in a dynamic import. They land in the
 * host's `kit` chunk; nothing here runs. Returns the file's path.
 */
export function writeWorkspaceModulesProvider(repoRoot: string): string {
  const specifiers = workspacePackages.flatMap((name) => workspaceSpecifiers(name, repoRoot));
  const imports = specifiers
    // A remote's standalone page (development only) brings its own runtime and kit.
    .filter((specifier) => !specifier.endsWith('.css') && specifier !== '@campus/web-kit/standalone-remote')
    .map((specifier) => `  () => import(${JSON.stringify(specifier)}),`);
  const directory = path.join(repoRoot, 'node_modules/.cache/campus-web-build');
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'provide-workspace-modules.js');
  const source = `// Generated by packages/web-build (writeWorkspaceModulesProvider): do not edit.\nexport const workspaceModules = [\n${imports.join('\n')}\n];\n`;
  writeFileSync(file, source);
  return file;
}
