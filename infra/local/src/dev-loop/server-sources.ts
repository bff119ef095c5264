import fs from 'node:fs';
import path from 'node:path';

/**
 * Which saved files restart what in `npm run dev`. Server code lives in services/, gateway/,
 * infra/local/src/ and the packages; the browser-only packages, the shell and the remotes are
 * webpack's (it rebuilds them without a restart). A save in one service's code restarts that service
 * alone (`serviceFolderOf`); any other server file, the whole platform. A package not listed here
 * counts as server code: a needless restart costs seconds, a missed one leaves old code running.
 */
const SERVER_ROOTS = ['services/', 'gateway/', 'infra/local/src/', 'packages/'];
const BROWSER_ONLY_PACKAGES = new Set(['ui', 'web-kit', 'web-build']);
/** Folders that are never running server code (tests, build output, data, dependencies). */
const SKIPPED_FOLDERS = new Set(['node_modules', 'test', 'dist', 'coverage']);
/** What a service process loads: code, JSON (configs, package manifests) and SQL migrations. */
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.sql']);

function toPosix(relativePath: string): string {
  return relativePath.split(path.sep).join('/');
}

function asFolder(relativeFolder: string): { folder: string; skipped: boolean } {
  const folder = `${toPosix(relativeFolder).replace(/\/+$/, '')}/`;
  const segments = folder.split('/').filter(Boolean);
  const skipped =
    segments.some((segment) => segment.startsWith('.') || SKIPPED_FOLDERS.has(segment)) ||
    (segments[0] === 'packages' && segments[1] !== undefined && BROWSER_ONLY_PACKAGES.has(segments[1]));
  return { folder, skipped };
}

/** True when a folder (repository-relative) holds server code. */
export function isServerFolder(relativeFolder: string): boolean {
  const { folder, skipped } = asFolder(relativeFolder);
  return !skipped && SERVER_ROOTS.some((root) => folder.startsWith(root));
}

/** True when a folder must be watched: it holds server code or leads to it (infra/, infra/local/). */
export function isWatchedFolder(relativeFolder: string): boolean {
  const { folder, skipped } = asFolder(relativeFolder);
  return !skipped && SERVER_ROOTS.some((root) => folder.startsWith(root) || root.startsWith(folder));
}

/** True when saving this file (repository-relative) should restart the platform. */
export function isServerSource(relativeFile: string): boolean {
  const file = toPosix(relativeFile);
  const name = path.posix.basename(file);
  if (name.startsWith('.') || /\.(test|spec)\.[cm]?[jt]sx?$/.test(name)) return false;
  if (!SOURCE_EXTENSIONS.has(path.posix.extname(name))) return false;
  return isServerFolder(path.posix.dirname(file));
}

/** What a service restart in place reads again: its code and its migrations. */
const SERVICE_RELOADED_FOLDERS = new Set(['src', 'migrations']);

/**
 * The service (`services/<name>`) that a saved server file belongs to, when restarting that service
 * alone takes the change in: a file of its `src/` or `migrations/`. Undefined for what the platform
 * reads once, at its start: the gateway, the packages, infra/local/src, and a service's own
 * package.json or tsconfig.json (its exports, dependencies and compiler settings).
 */
export function serviceFolderOf(relativeFile: string): string | undefined {
  const [root, name, folder] = toPosix(relativeFile).split('/');
  if (root !== 'services' || !name || !folder || !SERVICE_RELOADED_FOLDERS.has(folder)) return undefined;
  return `services/${name}`;
}

/** What a batch of saved server files restarts. */
export type RestartPlan = { kind: 'platform' } | { kind: 'services'; folders: string[] };

/** The services the files belong to, if each belongs to one; else the whole platform. */
export function restartPlan(relativeFiles: readonly string[]): RestartPlan {
  const folders = new Set<string>();
  for (const file of relativeFiles) {
    const folder = serviceFolderOf(file);
    if (!folder) return { kind: 'platform' };
    folders.add(folder);
  }
  return folders.size > 0 ? { kind: 'services', folders: [...folders].sort() } : { kind: 'platform' };
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false; // deleted: reported as a file change if its name is a source's
  }
}

export interface SourceWatcher {
  close(): void;
}

/**
 * Calls `onChange(file)` (repository-relative) for every change to a server source. One native
 * (inotify) watch per folder: Node 20's recursive fs.watch polls every file on Linux instead.
 * Folders created later are watched as they appear.
 */
export function watchServerSources(repoRoot: string, onChange: (file: string) => void): SourceWatcher {
  const watchers = new Map<string, fs.FSWatcher>();

  const watchFolder = (folder: string) => {
    const relative = path.relative(repoRoot, folder);
    if (watchers.has(folder) || (relative !== '' && !isWatchedFolder(relative))) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
      const watcher = fs.watch(folder, (_event, name) => {
        if (!name) return;
        const changed = path.join(folder, name.toString());
        const relativeChanged = path.relative(repoRoot, changed);
        if (isDirectory(changed)) {
          // A new folder (a new service, a moved tree): watch it, and restart for whatever it holds.
          watchFolder(changed);
          if (isServerFolder(relativeChanged)) onChange(relativeChanged);
        } else if (isServerSource(relativeChanged)) onChange(relativeChanged);
      });
      // A deleted folder ends its watch; the change itself was reported by its parent.
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    } catch {
      return; // gone between listing and watching
    }
    for (const entry of entries)
      if (entry.isDirectory() && !entry.isSymbolicLink()) watchFolder(path.join(folder, entry.name));
  };

  // The root holds no server code itself; its watch notices new top-level folders.
  watchFolder(repoRoot);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
