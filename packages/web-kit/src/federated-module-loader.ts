import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { QueryClient } from '@tanstack/react-query';
import {
  parseRemotesConfig,
  REMOTES_CONFIG_ELEMENT_ID,
  REMOTES_CONFIG_URL,
  type RemotesConfig,
} from './remotes-registry';

/** A module a remote exposes, as its federation.config.ts names it ('./routes', './book-form'). */
export type ExposedModulePath = `./${string}`;

export class FederatedModuleLoadError extends Error {
  override readonly name = 'FederatedModuleLoadError';
}

/**
 * A chunk of the release this page loaded that did not arrive (webpack's ChunkLoadError, for a
 * script or a style sheet): after a redeploy the old hashed files are gone. The page's copy of the
 * remote cannot recover from it (a lazy import keeps its failure), a fresh page can.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed/.test(error.message);
}

async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new FederatedModuleLoadError(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The registry the first HTML carries (packages/static-web writes it in), or null. */
function inlineRemotesConfig(): RemotesConfig | null {
  const text = document.getElementById(REMOTES_CONFIG_ELEMENT_ID)?.textContent;
  return text ? parseRemotesConfig(text) : null;
}

/** The registry: from the first HTML when it carries one, else from /remotes.json. */
export const fetchRemotesConfig = async (): Promise<RemotesConfig> =>
  inlineRemotesConfig() ?? fetchJson<RemotesConfig>(REMOTES_CONFIG_URL);

/** The page's one read of /remotes.json, shared by the shell's router and every federated module. */
export const remotesConfigQuery = {
  queryKey: ['remotes-config'],
  queryFn: fetchRemotesConfig,
  staleTime: Infinity,
  retry: 1,
} as const;

export interface FederatedModuleRequest {
  /** The remote's name in /remotes.json. */
  remote: string;
  exposed: ExposedModulePath;
  /**
   * A remote missing from /remotes.json, or one whose manifest does not expose the module yet, is a
   * known gap ('unavailable'), not a failure: the module appears by itself once the remote ships it.
   */
  optional?: boolean;
}

export type FederatedModule<T> = { status: 'available'; module: T } | { status: 'unavailable' };

interface Manifest {
  exposes?: Array<{ path?: string }>;
}

async function manifestExposes(manifestUrl: string, exposed: ExposedModulePath): Promise<boolean> {
  // Revalidated each time: a remote that starts exposing the module shows it without a reload of ours.
  const manifest = await fetchJson<Manifest>(manifestUrl, { cache: 'no-cache' });
  return manifest.exposes?.some((module) => module.path === exposed) ?? false;
}

/** Manifest URL each remote is registered with; '' after a failure, so the next load re-registers it. */
const registered = new Map<string, string>();

function register(remote: string, manifest: string): void {
  if (registered.get(remote) === manifest) return;
  registerRemotes([{ name: remote, entry: manifest }], { force: registered.has(remote) });
  registered.set(remote, manifest);
}

async function load<T>({ remote, exposed, optional }: FederatedModuleRequest, queryClient: QueryClient) {
  const entry = (await queryClient.fetchQuery(remotesConfigQuery))[remote];
  if (!entry) {
    if (optional) return { status: 'unavailable' } as const;
    throw new FederatedModuleLoadError(`${REMOTES_CONFIG_URL} names no remote ${remote}`);
  }
  if (optional && !(await manifestExposes(entry.manifest, exposed)))
    return { status: 'unavailable' } as const;

  register(remote, entry.manifest);
  try {
    const loaded = await loadRemote<{ default?: T }>(`${remote}/${exposed.slice(2)}`);
    if (!loaded?.default)
      throw new FederatedModuleLoadError(`${remote} exposes ${exposed} without a default export`);
    return { status: 'available', module: loaded.default } as const;
  } catch (error) {
    registered.set(remote, '');
    throw error;
  }
}

/**
 * Loads the default export of `remote`'s exposed module through the federation runtime, finding the
 * remote in /remotes.json. After a failure the remote is registered again with `force`, which drops
 * the runtime's cached (failed) container, so Retry really fetches it anew. Every failure is a
 * FederatedModuleLoadError.
 */
export async function loadFederatedModule<T>(
  queryClient: QueryClient,
  request: FederatedModuleRequest,
): Promise<FederatedModule<T>> {
  try {
    return await load<T>(request, queryClient);
  } catch (error) {
    throw error instanceof FederatedModuleLoadError
      ? error
      : new FederatedModuleLoadError(`${request.remote}/${request.exposed} could not load`, { cause: error });
  }
}

/**
 * The query that loads one federated module: kept for the page's life, never retried by itself
 * (the screen offers Retry). Use it to prefetch a module before React renders.
 */
export function federatedModuleQuery<T>(queryClient: QueryClient, request: FederatedModuleRequest) {
  return {
    queryKey: ['federated-module', request.remote, request.exposed, request.optional === true],
    queryFn: () => loadFederatedModule<T>(queryClient, request),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  } as const;
}
