import fs from 'node:fs';
import path from 'node:path';
import webpack, { type Compiler, type Configuration, type Stats } from 'webpack';
import { SHELL_PUBLIC_DIR, webpackConfigs } from '../../../../scripts/build-web';
import { withHotReload, type HotReloadEvents } from './hot-reload';

export interface WebWatch {
  /** Resolves when every app (shell and remotes) has been built once, with or without errors. */
  firstBuild: Promise<void>;
}

const TAP_NAME = 'campus-dev-web-watch';

/**
 * Emits shell/public (remotes.json) with the shell's build and watches it: `npm run build:web`
 * copies it after webpack, which a watch that cleans its output on every build cannot do.
 */
class ShellPublicFilesPlugin {
  constructor(private readonly folder: string) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(TAP_NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: TAP_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.contextDependencies.add(this.folder);
          for (const entry of fs.readdirSync(this.folder, { recursive: true, withFileTypes: true })) {
            if (!entry.isFile()) continue;
            const file = path.join(entry.parentPath, entry.name);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(
              path.relative(this.folder, file).split(path.sep).join('/'),
              new sources.RawSource(fs.readFileSync(file)),
            );
          }
        },
      );
    });
  }
}

function forWatching(config: Configuration): Configuration {
  return {
    ...config,
    // Kept in memory between rebuilds, so a rebuild compiles only the changed modules. (The
    // production build has no cache at all: see create-webpack-config.ts.)
    cache: { type: 'memory' },
    plugins: [
      ...(config.plugins ?? []),
      ...(config.name === 'shell' ? [new ShellPublicFilesPlugin(SHELL_PUBLIC_DIR)] : []),
    ],
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The shell and every remote in one webpack watch (development mode, into `outputDir`): each app is
 * its own compiler, so a change to one remote's screen rebuilds that remote alone, and only the
 * modules that changed. A change to a shared package rebuilds every app that uses it. With
 * `hotReload`, the page takes each rebuild in by itself (React Fast Refresh, else a reload).
 */
export async function watchWeb(options: {
  outputDir: string;
  log: (line: string) => void;
  hotReload?: HotReloadEvents;
}): Promise<WebWatch> {
  const { log, hotReload } = options;
  const configs = await webpackConfigs('development', {
    outputDir: options.outputDir,
    // The platform shows every remote inside the shell; a standalone page per remote would compile
    // react-dom/client once more for each of them.
    standalonePages: false,
    reactRefresh: hotReload !== undefined,
  });
  const started = performance.now();
  const compiler = webpack(
    configs
      .map(forWatching)
      .map((config) => (hotReload ? withHotReload(config, hotReload.eventStreamUrl) : config)),
  );
  hotReload?.attach(compiler);
  const seen = hotReload ? 'the page updates itself' : 'reload the page';
  const changedFiles = new Map<string, string>();
  const built = new Set<string>();
  let resolveFirstBuild!: () => void;
  const firstBuild = new Promise<void>((resolve) => (resolveFirstBuild = resolve));

  for (const child of compiler.compilers) {
    const name = child.name ?? '?';
    child.hooks.invalid.tap(TAP_NAME, (file) => {
      if (file) changedFiles.set(name, path.relative(process.cwd(), file));
    });
    child.hooks.done.tap(TAP_NAME, (stats: Stats) => {
      const took = seconds(stats.endTime - stats.startTime);
      if (stats.hasErrors())
        log(
          `web: ${name} failed to build (${took}):\n${stats.toString({ all: false, errors: true, colors: true })}`,
        );
      else if (built.has(name)) {
        const cause = changedFiles.get(name);
        log(`web: ${name} rebuilt in ${took}${cause ? ` (${cause})` : ''}; ${seen}`);
      }
      changedFiles.delete(name);
      if (built.has(name)) return;
      built.add(name);
      if (built.size === compiler.compilers.length) {
        log(`web: shell and ${built.size - 1} remotes built in ${seconds(performance.now() - started)}`);
        resolveFirstBuild();
      }
    });
  }

  // Runs until the process exits (it holds no state worth closing; see dev.ts).
  compiler.watch({ ignored: '**/node_modules/**' }, (error) => {
    // Compile errors are reported per app above; this is webpack itself failing (a bad config).
    if (error) log(`web: webpack stopped: ${error.message}`);
  });
  return { firstBuild };
}
