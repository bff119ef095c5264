import fs from 'node:fs';
import path from 'node:path';
import type { ServiceDefinition } from '@campus/service-kit/service-runtime';
import type { RunningPlatform } from '../platform';

/** What came of restarting one service in place (`npm run dev`). */
export type ServiceRestartResult =
  | { outcome: 'restarted'; service: string }
  /** Its new code did not load (a syntax error, a module that throws): the old code still serves. */
  | { outcome: 'kept-old-code'; service: string; error: string }
  /** Its new code loaded but did not start (a migration, its create()): the service is stopped. */
  | { outcome: 'stopped'; service: string; error: string }
  /** Not a change one service can take in place: the folder is no running service's, or its events changed. */
  | { outcome: 'platform-restart-needed'; why: string };

interface LoadedService {
  definition: ServiceDefinition;
  /** The module that exports the definition, and under which name. */
  file: string;
  exportName: string;
  /** The service's package folder (the nearest one with a package.json above that module). */
  folder: string;
}

function packageFolderOf(file: string): string {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) return path.dirname(file);
  }
}

/**
 * The module in the require cache that exports this very definition object: a module of the
 * repository's own (or a test's fixture), never an installed package. tsx compiles `export const`
 * into getters, so they are read, each module within its own try (a module may export getters that
 * throw).
 */
function definingModule(definition: ServiceDefinition): Pick<LoadedService, 'file' | 'exportName'> {
  for (const [file, cached] of Object.entries(require.cache)) {
    if (file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    try {
      const exported = cached?.exports as Record<string, unknown> | undefined;
      if (!exported || typeof exported !== 'object') continue;
      const exportName = Object.keys(exported).find((key) => exported[key] === definition);
      if (exportName) return { file, exportName };
    } catch {
      // Not the module we look for.
    }
  }
  throw new Error(`no loaded module exports the ${definition.name} service's definition`);
}

const isInside = (folder: string) => (file: string) =>
  file.startsWith(folder + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);

/**
 * Forgets every module of one folder, so that the next `require` reads and compiles the files again.
 * The platform process loads TypeScript through tsx's CommonJS hooks, so every module it loaded is
 * in `require.cache` under its real path; modules outside the folder (the kit, the contracts, zod)
 * stay as they are, so the service's new code shares their one instance with the rest of the
 * platform (a second copy of the kit would break its `instanceof` checks).
 */
function forgetModules(folder: string): void {
  const inside = isInside(folder);
  const forgotten = new Set(Object.keys(require.cache).filter(inside));
  for (const file of forgotten) delete require.cache[file];
  // The modules that imported them (the registry) keep their old exports; they only lose the link
  // that would keep the old modules in memory.
  for (const cached of Object.values(require.cache))
    if (cached) cached.children = cached.children.filter((child) => !forgotten.has(child.filename));
}

function oneLine(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

const sorted = (events: readonly string[]) => [...events].sort().join(', ');

/**
 * Restarts one service of the running platform with its code loaded again from disk, leaving the
 * gateway, the database and every other service as they are (`npm run dev`, on a save in
 * `services/<name>/`). The service is found by its package folder; its definition is the same
 * export of the same module as before.
 */
export function createServiceReloader(
  platform: RunningPlatform,
  definitions: ReadonlyArray<ServiceDefinition>,
) {
  // Found at the first reload, while every definition is still the one the platform started with.
  let services: LoadedService[] | undefined;
  const loadedServices = () =>
    (services ??= definitions.map((definition) => {
      const defining = definingModule(definition);
      return { definition, ...defining, folder: packageFolderOf(defining.file) };
    }));

  return {
    async reload(folder: string): Promise<ServiceRestartResult> {
      let service: LoadedService | undefined;
      try {
        service = loadedServices().find((candidate) => candidate.folder === path.resolve(folder));
      } catch (error) {
        return { outcome: 'platform-restart-needed', why: oneLine(error) };
      }
      if (!service)
        return { outcome: 'platform-restart-needed', why: `${folder} is no running service's folder` };
      const { name } = service.definition;

      let definition: ServiceDefinition;
      try {
        forgetModules(service.folder);
        // require, not import(): the module cache it fills is the one forgetModules empties.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const loaded = (require(service.file) as Record<string, unknown>)[service.exportName];
        if (typeof loaded !== 'object' || loaded === null || (loaded as ServiceDefinition).name !== name)
          throw new Error(
            `${path.relative(process.cwd(), service.file)} no longer exports ${service.exportName} (the ${name} service)`,
          );
        definition = loaded as ServiceDefinition;
      } catch (error) {
        return { outcome: 'kept-old-code', service: name, error: oneLine(error) };
      }

      // The queue's bindings are made when the platform starts (the broker's definitions too).
      if (sorted(definition.consumes) !== sorted(service.definition.consumes))
        return {
          outcome: 'platform-restart-needed',
          why: `${name} now consumes [${sorted(definition.consumes)}] instead of [${sorted(service.definition.consumes)}]`,
        };

      try {
        await platform.restartService(definition);
        return { outcome: 'restarted', service: name };
      } catch (error) {
        return { outcome: 'stopped', service: name, error: oneLine(error) };
      } finally {
        service.definition = definition;
      }
    },
  };
}

export type ServiceReloader = ReturnType<typeof createServiceReloader>;
