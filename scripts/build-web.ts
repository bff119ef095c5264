/**
 * Builds the shell into dist/web/shell and every remote (frontends/<name>) into
 * dist/web/remotes/<name>, in one webpack run. `npm start` calls isWebBuildStale() and buildWeb()
 * to build only when the output is missing or older than its sources.
 *
 *   npm run build:web                 production build
 *   npm run build:web -- --dev        development build (readable output, eval source maps)
 *   npm run build:web -- --if-stale   build only when isWebBuildStale()
 *   npm run build:web -- --only careers   one app (shell or a remote), as its image does
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpack, { type Configuration, type MultiStats } from 'webpack';
import { createWebpackConfig, type BuildMode } from '../packages/web-build/src/create-webpack-config';
import type { RemoteFederationConfig } from '../packages/web-build/src/remote-federation-config';

const repoRoot = path.resolve(__dirname, '..');
export const WEB_DIST_DIR = path.join(repoRoot, 'dist/web');
/** Which modules each emitted file holds, per app (not served): bench/src/web-size.ts reads it. */
export const WEB_STATS_DIR = path.join(repoRoot, 'dist/web-stats');
const SHELL_DIR = path.join(repoRoot, 'shell');
/** Files the shell reads at run time (remotes.json), copied beside its build. */
export const SHELL_PUBLIC_DIR = path.join(SHELL_DIR, 'public');
const FRONTENDS_DIR = path.join(repoRoot, 'frontends');
const STAMP_FILE = path.join(WEB_DIST_DIR, 'build-stamp.json');

/** Server-only packages; every other package may end up in a browser bundle. */
const SERVER_ONLY_PACKAGES = new Set(['service-kit', 'static-web']);

/** Everything the browser bundles depend on; tests and docs are not inputs. */
function inputRoots(): string[] {
  const packages = readdirSync(path.join(repoRoot, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SERVER_ONLY_PACKAGES.has(entry.name))
    .map((entry) => `packages/${entry.name}`);
  return ['shell', 'frontends', ...packages];
}
const INPUT_FILES = ['package-lock.json', 'scripts/build-web.ts'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'test', '.cache']);

export interface WebBuildResult {
  mode: BuildMode;
  outputDir: string;
  remotes: string[];
  durationMs: number;
}

export function remoteNames(): string[] {
  return readdirSync(FRONTENDS_DIR, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(path.join(FRONTENDS_DIR, entry.name, 'federation.config.ts')),
    )
    .map((entry) => entry.name)
    .sort();
}

function listFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return SKIPPED_DIRECTORIES.has(entry.name) ? [] : listFiles(path.join(directory, entry.name));
    return [path.join(directory, entry.name)];
  });
}

/** A hash of every input file's path and content, so a touched-but-unchanged file does not rebuild. */
export function webInputsHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...inputRoots().flatMap((root) => listFiles(path.join(repoRoot, root))),
    ...INPUT_FILES.map((file) => path.join(repoRoot, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(repoRoot, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function expectedOutputs(): string[] {
  return [
    path.join(WEB_DIST_DIR, 'shell/index.html'),
    path.join(WEB_DIST_DIR, 'shell/remotes.json'),
    ...remoteNames().map((name) => path.join(WEB_DIST_DIR, 'remotes', name, 'mf-manifest.json')),
  ];
}

/** True when dist/web is missing, incomplete, a development build, or built from other sources. */
export function isWebBuildStale(): boolean {
  if (!existsSync(STAMP_FILE) || expectedOutputs().some((file) => !existsSync(file))) return true;
  try {
    const stamp = JSON.parse(readFileSync(STAMP_FILE, 'utf8')) as { inputsHash?: string; mode?: string };
    return stamp.mode !== 'production' || stamp.inputsHash !== webInputsHash();
  } catch {
    return true;
  }
}

async function loadRemoteConfig(name: string): Promise<RemoteFederationConfig> {
  const imported = (await import(path.join(FRONTENDS_DIR, name, 'federation.config.ts'))) as {
    default: RemoteFederationConfig | { default: RemoteFederationConfig };
  };
  const config = 'default' in imported.default ? imported.default.default : imported.default;
  if (config.name !== name)
    throw new Error(`frontends/${name}/federation.config.ts names itself "${config.name}"`);
  return config;
}

export interface WebpackConfigsOptions {
  /** Where shell/ and remotes/<name>/ go; dist/web unless told (`npm run dev` builds into dist/web-dev). */
  outputDir?: string;
  /** A standalone page per remote (development builds have one unless told otherwise). */
  standalonePages?: boolean;
  /**
   * Development builds of `npm run dev` only: components compiled for React Fast Refresh (the dev
   * loop adds the update client and the runtime: infra/local/src/dev-loop/hot-reload.ts).
   */
  reactRefresh?: boolean;
}

/** The shell's and every remote's webpack configuration, in that order (shell first). */
export async function webpackConfigs(
  mode: BuildMode,
  { outputDir = WEB_DIST_DIR, standalonePages, reactRefresh = false }: WebpackConfigsOptions = {},
): Promise<Configuration[]> {
  if (reactRefresh && mode !== 'development')
    throw new Error('React Fast Refresh is for development builds only');
  const remotes = await Promise.all(remoteNames().map(loadRemoteConfig));
  return [
    createWebpackConfig({
      kind: 'host',
      name: 'shell',
      root: SHELL_DIR,
      outputDir: path.join(outputDir, 'shell'),
      htmlTemplate: 'src/index.html',
      repoRoot,
      mode,
      reactRefresh,
    }),
    ...remotes.map((remote) =>
      createWebpackConfig({
        kind: 'remote',
        name: remote.name,
        exposes: remote.exposes,
        root: path.join(FRONTENDS_DIR, remote.name),
        outputDir: path.join(outputDir, 'remotes', remote.name),
        repoRoot,
        mode,
        standalonePage: standalonePages,
        reactRefresh,
      }),
    ),
  ];
}

function runWebpack(configs: Configuration[]): Promise<MultiStats> {
  return new Promise((resolve, reject) => {
    const compiler = webpack(configs);
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error);
        if (!stats) return reject(new Error('webpack returned no stats'));
        if (stats.hasErrors())
          return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
        if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: false }));
        resolve(stats);
      });
    });
  });
}

function writeChunkModules(stats: MultiStats): void {
  mkdirSync(WEB_STATS_DIR, { recursive: true });
  for (const { compilation } of stats.stats) {
    const files: Record<string, string[]> = {};
    for (const chunk of compilation.chunks) {
      const modules = compilation.chunkGraph
        .getChunkModules(chunk)
        .map((module) => path.relative(repoRoot, module.nameForCondition() ?? module.identifier()));
      for (const file of chunk.files) files[file] = modules;
    }
    writeFileSync(path.join(WEB_STATS_DIR, `${compilation.name}.json`), JSON.stringify(files));
  }
}

/** Files worth compressing, and the size below which a compressed twin saves nothing worth a file. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;
const COMPRESS_MIN_BYTES = 256;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of the
 * build, so the gateway sends compressed bytes without compressing anything per request. A twin
 * that is not smaller than the file is not written (the gateway then sends the file as is).
 */
export function precompress(directory: string): number {
  let written = 0;
  for (const file of listFiles(directory)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < COMPRESS_MIN_BYTES) continue;
    const twins: Array<[string, Buffer]> = [
      [`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })],
      [`${file}.gz`, gzipSync(content, { level: 9 })],
    ];
    for (const [twin, compressed] of twins) {
      if (compressed.length >= content.length) continue;
      writeFileSync(twin, compressed);
      written += 1;
    }
  }
  return written;
}

/**
 * shell/preload.json, read by the static server (packages/static-web/src/shell-page.ts) to put preload links in the
 * first HTML: the shell's boot files, the chunks every screen needs but only main.js discovers
 * (bootstrap, framework, kit), and main.js itself, so it is fetched first. The route's remote is
 * preloaded by its manifest only (see shell-page.ts).
 */
function writePreloadList(stats: MultiStats, outputDir: string): void {
  const shellCompilation = stats.stats.find(({ compilation }) => compilation.name === 'shell')?.compilation;
  // main.js first: the page's deferred entry script would otherwise be fetched at low priority,
  // behind the chunks it is the one to start.
  const shell = ['main', 'bootstrap', 'framework', 'kit'].flatMap((name) => {
    const chunk = shellCompilation?.namedChunks.get(name);
    return chunk ? [...chunk.files].filter((file) => /\.(js|css)$/.test(file)).map((file) => `/${file}`) : [];
  });
  writeFileSync(path.join(outputDir, 'shell', 'preload.json'), `${JSON.stringify({ shell }, null, 2)}\n`);
}

/** Where one app's build goes: `shell`, or a remote's name. */
const appOutputDir = (app: string) =>
  app === 'shell' ? path.join(WEB_DIST_DIR, 'shell') : path.join(WEB_DIST_DIR, 'remotes', app);

/**
 * Builds the shell and every remote, or with `only` one of them (`shell` or a remote's name), as
 * its own image does (infra/docker/web.Dockerfile, ADR 0084). A partial build leaves the build stamp
 * alone, so `npm start` still rebuilds everything when it needs to.
 */
export async function buildWeb({
  mode = 'production',
  only,
}: { mode?: BuildMode; only?: string } = {}): Promise<WebBuildResult> {
  const started = performance.now();
  const inputsHash = webInputsHash();
  const apps = ['shell', ...remoteNames()];
  if (only && !apps.includes(only))
    throw new Error(`--only ${only}: not the shell nor a remote (${apps.join(', ')})`);
  const configs = (await webpackConfigs(mode)).filter((config) => !only || config.name === only);
  const stats = await runWebpack(configs);
  writeChunkModules(stats);
  const built = only ? [only] : apps;
  // Read at run time by the shell; copied after webpack because the output directory is cleaned.
  if (built.includes('shell'))
    cpSync(SHELL_PUBLIC_DIR, path.join(WEB_DIST_DIR, 'shell'), { recursive: true });
  if (mode === 'production') {
    if (built.includes('shell')) writePreloadList(stats, WEB_DIST_DIR);
    for (const app of built) precompress(appOutputDir(app));
  }
  mkdirSync(WEB_DIST_DIR, { recursive: true });
  if (!only)
    writeFileSync(
      STAMP_FILE,
      `${JSON.stringify({ inputsHash, mode, builtAt: new Date().toISOString() }, null, 2)}\n`,
    );
  return {
    mode,
    outputDir: WEB_DIST_DIR,
    remotes: built.filter((app) => app !== 'shell'),
    durationMs: Math.round(performance.now() - started),
  };
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--if-stale') && !isWebBuildStale()) {
    console.log('dist/web is up to date');
    return;
  }
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? argv[onlyAt + 1] : undefined;
  if (onlyAt >= 0 && !only) throw new Error('--only needs an app: shell or a remote name');
  const result = await buildWeb({ mode: argv.includes('--dev') ? 'development' : 'production', only });
  const size = (directory: string) =>
    listFiles(directory).reduce((total, file) => total + statSync(file).size, 0);
  console.log(
    `Built ${only && only !== 'shell' ? '' : 'the shell and '}${result.remotes.length} remote(s) (${result.remotes.join(', ') || 'none'}) in ${(result.durationMs / 1000).toFixed(1)} s ` +
      `(${result.mode}, ${Math.round(size(WEB_DIST_DIR) / 1024)} KB in dist/web)`,
  );
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
