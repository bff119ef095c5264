/**
 * What the federation share key `@tanstack/react-query` provides: the client, its provider and the
 * hooks the shell and the remotes use, named export by export. A shared module cannot be
 * tree-shaken (any remote may use any export), so sharing the package itself would ship hydration,
 * the suspense hooks, streamed queries and prefetch hooks to every visitor; this list lets webpack
 * drop them and keeps one query client context for the shell and all remotes (ADR 0032).
 * A remote that needs an export missing here: add it to this list.
 *
 * `tanstack-react-query-package` is the package itself under another name (a webpack alias in
 * create-webpack-config.ts): an import of `@tanstack/react-query` here would be consumed from the
 * share scope, that is from this very module, and wait for itself forever.
 */
export {
  QueryClientContext,
  QueryClientProvider,
  QueryErrorResetBoundary,
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useIsFetching,
  useIsMutating,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  useQueryErrorResetBoundary,
  // @tanstack/query-core's, re-exported by react-query:
  CancelledError,
  MutationCache,
  QueryCache,
  QueryClient,
  focusManager,
  hashKey,
  isCancelledError,
  keepPreviousData,
  matchMutation,
  matchQuery,
  notifyManager,
  onlineManager,
  skipToken,
} from 'tanstack-react-query-package';
