import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  federatedModuleQuery,
  isChunkLoadError,
  type ExposedModulePath,
} from '@campus/web-kit/federated-module-loader';
import { reloadPage } from '@campus/web-kit/reload-page';
import { RenderFailureBoundary } from '@campus/web-kit/render-failure-boundary';

/** Why a federated module is not showing: it did not load, or it threw while rendering. */
export type FederatedModuleFailure = 'load' | 'render';

export interface FederatedModuleProps<T> {
  /** The remote's name in /remotes.json. */
  remote: string;
  exposed: ExposedModulePath;
  /** Shown while the module loads. */
  loading: ReactNode;
  /** Shown instead of the module when it failed; `retry` loads it again (never a blank page). */
  failed(failure: FederatedModuleFailure, retry: () => void): ReactNode;
  /**
   * Given: the remote or the module may not exist yet (see FederatedModuleRequest.optional), and
   * this shows until it does. Without it, a missing module is a load failure.
   */
  unavailable?: ReactNode;
  /** A new value clears a rendering failure (the path, so navigating away recovers). */
  resetKey?: string;
  /** Names the module in the console when it throws while rendering. */
  label: string;
  /** Renders the loaded module (its default export). */
  children(module: T): ReactNode;
}

/**
 * A module another remote exposes, loaded at run time through the federation runtime: `loading`
 * while it loads, `failed` with Retry when it does not load or throws while rendering, else
 * `children(module)`.
 */
export function FederatedModule<T>({
  remote,
  exposed,
  loading,
  failed,
  unavailable,
  resetKey = '',
  label,
  children,
}: FederatedModuleProps<T>) {
  const queryClient = useQueryClient();
  const query = useQuery(
    federatedModuleQuery<T>(queryClient, { remote, exposed, optional: unavailable !== undefined }),
  );
  const retry = () => void query.refetch();

  if (query.isPending || (query.isError && query.isFetching)) return loading;
  if (query.isError) return failed('load', retry);
  if (query.data.status === 'unavailable') return unavailable;
  return (
    <RenderFailureBoundary
      label={label}
      resetKey={resetKey}
      onRetry={retry}
      // A chunk of an older release that is gone (the remote was redeployed while this page was
      // open): Retry loads the page afresh, with the release the server has now.
      fallback={(retryRender, error) => failed('render', isChunkLoadError(error) ? reloadPage : retryRender)}
    >
      {children(query.data.module)}
    </RenderFailureBoundary>
  );
}
