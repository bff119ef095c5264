import type { QueryClient } from '@tanstack/react-query';
import {
  federatedModuleQuery,
  remotesConfigQuery,
  type RemoteEntry,
  type RemotesConfig,
} from '@campus/web-kit/federated-module-loader';
import { REMOTE_ROUTES_MODULE, type RemoteRoutesModule } from '@campus/web-kit/remote-contract';

function servesPath(entry: RemoteEntry, pathname: string): boolean {
  return entry.paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The remote that owns a path, or null (the shell's 404). */
export function remoteForPath(config: RemotesConfig, pathname: string): string | null {
  return Object.entries(config).find(([, entry]) => servesPath(entry, pathname))?.[0] ?? null;
}

/** The query that loads a remote's routes (the component its './routes' module default-exports). */
export const remoteRoutesQuery = (queryClient: QueryClient, remote: string) =>
  federatedModuleQuery<RemoteRoutesModule['default']>(queryClient, { remote, exposed: REMOTE_ROUTES_MODULE });

/**
 * When the page opens on a remote's path, starts fetching /remotes.json and that remote while
 * React is still starting, instead of after the first render. Failures are left to the screen.
 */
export async function prefetchRemoteForPath(queryClient: QueryClient, pathname: string): Promise<void> {
  const config = await queryClient.fetchQuery(remotesConfigQuery).catch(() => null);
  const name = config && remoteForPath(config, pathname);
  if (name) await queryClient.prefetchQuery(remoteRoutesQuery(queryClient, name));
}
