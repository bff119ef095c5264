import type { QueryClient } from '@tanstack/react-query';
import { federatedModuleQuery, remotesConfigQuery } from '@campus/web-kit/federated-module-loader';
import { REMOTE_ROUTES_MODULE, type RemoteRoutesModule } from '@campus/web-kit/remote-contract';
import { remoteForPath } from '@campus/web-kit/remotes-registry';

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
