import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/** Props every creation form lent to the profile panel accepts. */
export interface PanelModuleProps {
  onCreated?: () => void;
}

export type PanelModule =
  | { status: 'available'; Component: ComponentType<PanelModuleProps> }
  /** The remote is not deployed, or does not expose this module yet: not an error, a known gap. */
  | { status: 'unavailable' };

interface RemoteEntry {
  manifest: string;
}

interface Manifest {
  exposes?: Array<{ path?: string; name?: string }>;
}

/** The same run-time list of remotes the shell reads, so ops move a remote once for everyone. */
const REMOTES_CONFIG_URL = '/remotes.json';

export class PanelLoadError extends Error {
  override readonly name = 'PanelLoadError';
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) throw new PanelLoadError(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const registered = new Map<string, string>();

/**
 * Loads module `module` of remote `remote` through Module Federation. The remote is registered
 * with this remote's federation runtime from /remotes.json; after a failure it is registered again
 * with `force`, which drops the failed container, so Retry really fetches anew.
 */
export async function loadPanelModule(remote: string, module: `./${string}`): Promise<PanelModule> {
  const remotes = await fetchJson<Record<string, RemoteEntry | undefined>>(REMOTES_CONFIG_URL);
  const entry = remotes[remote];
  if (!entry) return { status: 'unavailable' };
  const manifest = await fetchJson<Manifest>(entry.manifest);
  if (!manifest.exposes?.some((exposed) => exposed.path === module)) return { status: 'unavailable' };

  if (registered.get(remote) !== entry.manifest) {
    registerRemotes([{ name: remote, entry: entry.manifest }], { force: registered.has(remote) });
    registered.set(remote, entry.manifest);
  }
  try {
    const loaded = await loadRemote<{ default?: ComponentType<PanelModuleProps> }>(
      `${remote}/${module.slice(2)}`,
    );
    if (!loaded?.default) throw new PanelLoadError(`${remote} exposes ${module} without a default export`);
    return { status: 'available', Component: loaded.default };
  } catch (error) {
    registered.set(remote, '');
    throw error instanceof PanelLoadError
      ? error
      : new PanelLoadError(`${remote}/${module} could not load`, { cause: error });
  }
}
