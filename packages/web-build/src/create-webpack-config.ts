import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import type { Configuration, PathData, RuleSetRule } from 'webpack';
import { sharedSingletons, writeWorkspaceModulesProvider } from './shared-singletons';

export type BuildMode = 'production' | 'development';

interface CommonOptions {
  /** Federation container name: a JS identifier, also the remote's key in remotes.json. */
  name: string;
  /** Absolute directory of the frontend workspace (holds src/). */
  root: string;
  /** Absolute output directory. */
  outputDir: string;
  repoRoot: string;
  mode: BuildMode;
  /** Development builds of `npm run dev`: components compiled for React Fast Refresh (see build-web.ts). */
  reactRefresh?: boolean;
}

export interface HostBuildOptions extends CommonOptions {
  kind: 'host';
  /** HTML template, relative to root. */
  htmlTemplate: string;
}

export interface RemoteBuildOptions extends CommonOptions {
  kind: 'remote';
  /** Module Federation exposes, e.g. { './routes': './src/routes.tsx' }. */
  exposes: Record<string, string>;
  /**
   * Also build the remote's own page (src/index.ts at /remotes/<name>/), for working on one domain
   * alone. Default: in development builds only. `npm run dev` leaves it out (the platform shows it).
   */
  standalonePage?: boolean;
}

export type FrontendBuildOptions = HostBuildOptions | RemoteBuildOptions;

function standaloneHtml(name: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="description" content="The ${name} remote of Campus Connect, on its own." /><title>${name} remote | Campus Connect</title></head><body><div id="root"></div></body></html>`;
}

function scriptRule(mode: BuildMode, reactRefresh: boolean): RuleSetRule {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: {
            react: { runtime: 'automatic', development: mode === 'development', refresh: reactRefresh },
          },
        },
      },
    },
  };
}

function styleRules(mode: BuildMode, repoRoot: string): RuleSetRule[] {
  return [
    {
      // CSS modules keep every remote's class names private, so nothing leaks between remotes.
      test: /\.module\.css$/,
      use: [
        MiniCssExtractPlugin.loader,
        {
          loader: 'css-loader',
          options: {
            esModule: true,
            modules: {
              namedExport: false,
              exportLocalsConvention: 'as-is',
              localIdentName: mode === 'production' ? '[hash:base64:7]' : '[name]__[local]--[hash:base64:5]',
              // Hash the path from the repository root: two remotes' `src/pages/list.module.css`
              // must not get the same class names, while a @campus/ui module gets the same everywhere.
              localIdentContext: repoRoot,
            },
          },
        },
      ],
    },
    {
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: [MiniCssExtractPlugin.loader, 'css-loader'],
    },
  ];
}

/**
 * Entry chunks are content-hashed too, but webpack 5.111 makes the federation runtime resolve this
 * template while hashing, before the content hash exists (module-federation/core#5077); the
 * unhashed name it then gets has the same directory, which is all the runtime needs from it.
 */
const entryFilename = (pathData: PathData) =>
  pathData.chunk && 'contentHash' in pathData.chunk && pathData.chunk.contentHash?.javascript
    ? '[name].[contenthash:10].js'
    : '[name].js';

/**
 * The federation packages the shell's own runtime imports, each resolved to its CommonJS build.
 * The runtime core the shell lends to the remotes (provideExternalRuntime) is injected with
 * `require()`, so it is the CommonJS build; the shell's own bundler runtime imports the same
 * packages as ES modules, and without these aliases main.js carried both builds of runtime-core,
 * the sdk and the error codes (ADR 0032). One build of each: one copy, one global state.
 */
const federationRuntimePackages = [
  '@module-federation/runtime-core',
  '@module-federation/sdk',
  '@module-federation/error-codes',
  '@module-federation/runtime',
  '@module-federation/runtime/core',
  '@module-federation/runtime/helpers',
  '@module-federation/runtime-tools/runtime-core',
  '@module-federation/webpack-bundler-runtime',
];

function federationRuntimeAliases(): Record<string, string> {
  return Object.fromEntries(federationRuntimePackages.map((name) => [`${name}$`, require.resolve(name)]));
}

/** @tanstack/react-query's ES module entry (what `import` resolves to in a browser build). */
function reactQueryEntry(): string {
  const directory = path.dirname(require.resolve('@tanstack/react-query/package.json'));
  return path.join(directory, 'build/modern/index.js');
}

function reactRouterDirectory(build: 'development' | 'production'): string {
  return path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', build);
}

/**
 * The shell's async chunks in three groups that every screen needs anyway: the framework (react,
 * react-dom, the router, the query client, the federation runtime's loading API), the kit (every module of @campus/ui and
 * @campus/web-kit, CSS merged) and the form library (react-hook-form, only for screens with a
 * form). A remote's routes chunk holds all of its own code and CSS; its fallback copies of the
 * kit are one chunk.
 */
function splitChunks(kind: 'host' | 'remote'): NonNullable<Configuration['optimization']>['splitChunks'] {
  const group = (name: string, test: RegExp, priority: number) => ({
    name,
    test,
    priority,
    chunks: 'async' as const,
    enforce: true,
    reuseExistingChunk: false,
  });
  // A remote's fallback copies of @campus/ui and @campus/web-kit (used when the shell's are not
  // picked) in one chunk, not one per component.
  if (kind === 'remote')
    return {
      chunks: 'async',
      cacheGroups: {
        default: false,
        defaultVendors: false,
        kit: group('kit', /[\\/]packages[\\/](ui|web-kit)[\\/]src[\\/]/, 10),
      },
    };
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      framework: group(
        'framework',
        /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|@module-federation[\\/](enhanced|runtime-tools|runtime))[\\/]|[\\/]web-build[\\/]src[\\/]shared-react-(router-dom|query)/,
        30,
      ),
      forms: group('forms', /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/, 20),
      // With the kit: the typed client's own contracts (the operation helpers and identity's
      // catalogue, which web-kit's client and auth use), and the moderation rules and catalogue of
      // the ReportButton on every domain's cards, or they would be one more file on every screen.
      kit: group(
        'kit',
        /[\\/]packages[\\/]((ui|web-kit)[\\/]src[\\/]|contracts[\\/]src[\\/](api-operation|moderation-rules|generated[\\/](identity|moderation)-api)\.ts$)/,
        10,
      ),
    },
  };
}

/**
 * One webpack configuration for the shell (host) and every remote, so they agree on the shared
 * singletons, loaders and output naming: content-hashed files, except the stable entry points
 * (index.html, remoteEntry.js, mf-manifest.json) that browsers must revalidate.
 */
export function createWebpackConfig(options: FrontendBuildOptions): Configuration {
  const { name, root, outputDir, repoRoot, mode } = options;
  const production = mode === 'production';
  const hashed = production ? '[name].[contenthash:10]' : '[name]';
  const standalonePage = options.kind === 'remote' && (options.standalonePage ?? !production);
  // A remote without its own page is only ever started by the shell: it borrows the shell's
  // federation runtime instead of shipping its own.
  const loadedByShellOnly = options.kind === 'remote' && !standalonePage;

  const federation = new ModuleFederationPlugin({
    name,
    filename: options.kind === 'remote' ? 'remoteEntry.js' : undefined,
    exposes: options.kind === 'remote' ? options.exposes : undefined,
    // The host learns its remotes at run time from /remotes.json, so none are baked in.
    remotes: {},
    shared: sharedSingletons(repoRoot),
    // 'version-first' would load every registered remote to compare versions before any shared
    // module runs, so one unreachable remote would break the whole page; versions are pinned anyway.
    shareStrategy: 'loaded-first',
    // Browser-only runtime: drops the federation runtime's Node code paths (~2 KB gzip per container).
    // The runtime once per page: the shell puts its runtime core on globalThis
    // (provideExternalRuntime) and every remote takes it from there (externalRuntime), so a remote's
    // remoteEntry.js holds its container, not a second ~25 KB copy of the runtime (see ADR 0032).
    experiments: {
      optimization: { target: 'web' },
      ...(options.kind === 'host' ? { provideExternalRuntime: true } : {}),
      ...(loadedByShellOnly ? { externalRuntime: true } : {}),
    },
    manifest: options.kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
    dts: false,
  });

  return {
    name,
    mode,
    context: root,
    // A remote's own page (its standalone harness) is for development; in production the shell
    // only needs remoteEntry.js, and skipping the harness spares compiling react-dom/client 6 times.
    // zod-jitless runs first: no schema may be built before zod is told not to probe for eval.
    entry:
      options.kind === 'host'
        ? {
            main: [
              path.join(__dirname, 'zod-jitless.ts'),
              writeWorkspaceModulesProvider(repoRoot),
              './src/index.ts',
            ],
          }
        : standalonePage
          ? { main: [path.join(__dirname, 'zod-jitless.ts'), './src/index.ts'] }
          : {},
    target: 'web',
    // No eval-based source maps: the gateway's CSP (script-src 'self') forbids eval.
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: outputDir,
      // The shell is served from / with deep links, the remotes from wherever their manifest says.
      publicPath: options.kind === 'host' ? '/' : 'auto',
      uniqueName: `campus_${name}`,
      filename: production ? entryFilename : '[name].js',
      chunkFilename: `${hashed}.js`,
      assetModuleFilename: production ? '[name].[contenthash:10][ext]' : '[name][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // react-router 7's package exports point every condition at its development build (dev
      // warnings and checks, ~10 KB more); production builds take the production one.
      alias: {
        ...(production ? { [reactRouterDirectory('development')]: reactRouterDirectory('production') } : {}),
        ...(options.kind === 'host' ? federationRuntimeAliases() : {}),
        // The query package under a name no share key matches (see shared-react-query.ts).
        'tanstack-react-query-package$': reactQueryEntry(),
      },
    },
    module: {
      rules: [
        scriptRule(mode, options.reactRefresh ?? false),
        ...styleRules(mode, repoRoot),
        { test: /\.(svg|png|webp|avif)$/, type: 'asset' },
      ],
    },
    plugins: [
      federation,
      new MiniCssExtractPlugin({ filename: `${hashed}.css`, chunkFilename: `${hashed}.css` }),
      ...(options.kind === 'host'
        ? [
            new HtmlWebpackPlugin({
              template: path.join(root, options.htmlTemplate),
              scriptLoading: 'defer',
              minify: production ? { collapseWhitespace: true, removeComments: true } : false,
            }),
          ]
        : !standalonePage
          ? []
          : [
              // Opens the remote on its own (/remotes/<name>/) for working on one domain.
              new HtmlWebpackPlugin({
                templateContent: standaloneHtml(name),
                scriptLoading: 'defer',
                minify: false,
              }),
            ]),
    ],
    optimization: {
      // A handful of files per screen, not fifty 1-3 KB chunks that each cost a round trip on
      // HTTP/1.1 and mobile data (see ADR 0032).
      splitChunks: splitChunks(options.kind),
      minimize: production,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          extractComments: false,
          terserOptions: { compress: { passes: 2 } },
        }),
      ],
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
    // No persistent cache: writing it made a cold build twice as slow, and a warm one was no faster.
    cache: false,
  };
}
