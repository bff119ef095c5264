import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RemoteRoutesModule, RemoteRoutesProps } from '@campus/web-kit/remote-contract';

/** One entry of /remotes.json: where the remote's manifest lives and which paths it serves. */
export interface RemoteEntry {
  manifest: string;
  paths: string[];
}

export type RemotesConfig = Record<string, RemoteEntry>;

/** Served next to index.html, read at run time, so ops can move a remote without a rebuild. */
export const REMOTES_CONFIG_URL = '/remotes.json';

export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
}

export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RemoteLoadError(`The remotes configuration answered ${response.status}`);
  return (await response.json()) as RemotesConfig;
}

function servesPath(entry: RemoteEntry, pathname: string): boolean {
  return entry.paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The remote that owns a path, or null (the shell's 404). */
export function remoteForPath(config: RemotesConfig, pathname: string): string | null {
  return Object.entries(config).find(([, entry]) => servesPath(entry, pathname))?.[0] ?? null;
}

const registered = new Map<string, string>();

/**
 * Loads the remote's `./routes`. After a failure the remote is registered again with `force`,
 * which drops the runtime's cached (failed) container, so Retry really fetches it anew.
 */
export async function loadRemoteRoutes(
  name: string,
  entry: RemoteEntry,
): Promise<ComponentType<RemoteRoutesProps>> {
  if (registered.get(name) !== entry.manifest) {
    registerRemotes([{ name, entry: entry.manifest }], { force: registered.has(name) });
    registered.set(name, entry.manifest);
  }
  try {
    const module = await loadRemote<RemoteRoutesModule>(`${name}/routes`);
    if (!module?.default) throw new RemoteLoadError(`The ${name} remote has no routes`);
    return module.default;
  } catch (error) {
    registered.set(name, '');
    throw error instanceof RemoteLoadError
      ? error
      : new RemoteLoadError(`The ${name} remote could not load`, { cause: error });
  }
}

export const remotesConfigQuery = {
  queryKey: ['remotes-config'],
  queryFn: fetchRemotesConfig,
  staleTime: Infinity,
  retry: 1,
} as const;

export function remoteRoutesQuery(name: string, entry: RemoteEntry) {
  return {
    queryKey: ['remote-routes', name, entry.manifest],
    queryFn: () => loadRemoteRoutes(name, entry),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  } as const;
}

/**
 * When the page opens on a remote's path, starts fetching /remotes.json and that remote while
 * React is still starting, instead of after the first render. Failures are left to the screen.
 */
export async function prefetchRemoteForPath(queryClient: QueryClient, pathname: string): Promise<void> {
  const config = await queryClient.fetchQuery(remotesConfigQuery).catch(() => null);
  const name = config && remoteForPath(config, pathname);
  const entry = name ? config[name] : undefined;
  if (name && entry) await queryClient.prefetchQuery(remoteRoutesQuery(name, entry));
}
