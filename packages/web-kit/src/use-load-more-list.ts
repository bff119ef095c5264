import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

export interface ListPage<T> {
  items: T[];
  /** Whether another page exists after this one. */
  hasMore: boolean;
  /** How many items the whole list holds, when the API says (shown as "12 uploads"). */
  total?: number;
}

export type LoadMoreStatus = 'loading' | 'error' | 'empty' | 'results';

export interface LoadMoreListOptions<T> {
  /** Include the applied search filters: a new key is a fresh search from page 1 with an empty list. */
  queryKey: QueryKey;
  /** Loads one page; pages are numbered from 1. */
  fetchPage(page: number, signal: AbortSignal): Promise<ListPage<T>>;
  /** When given, an item already shown is not added again by a later page. */
  getItemKey?(item: T): string;
  enabled?: boolean;
  /**
   * While a new key's first page loads (a search typed over the list), keep showing the previous
   * key's items instead of the skeleton: the cards stay mounted, so a dialog opened on one (Report,
   * Delete) and what was chosen in it survive, and a card still in the results keeps its place.
   */
  keepPreviousWhileLoading?: boolean;
}

export interface LoadMoreList<T> {
  status: LoadMoreStatus;
  items: T[];
  error: Error | null;
  hasMore: boolean;
  /** The list's size as the latest page gave it; undefined until loaded or when the API gives none. */
  total: number | undefined;
  /**
   * True once Load More has brought the last page: the list shows an end-of-list cue (LoadMoreButton's
   * `endLabel`) where the button was, so the reader knows nothing more is coming.
   */
  reachedEnd: boolean;
  /** True from a Load More until its page is shown (the items so far stay on screen). */
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

/**
 * A paged list with a Load More button: page 1 on load, the next page appended on demand. The pages
 * are numbered (offsets), so a change that reloads the pages shown (an item removed or added) moves
 * where the next page starts: a Load More asked during that reload waits for it, or the next page
 * would start at an offset that moved and skip or repeat an item.
 */
export function useLoadMoreList<T>({
  queryKey,
  fetchPage,
  getItemKey,
  enabled = true,
  keepPreviousWhileLoading = false,
}: LoadMoreListOptions<T>): LoadMoreList<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _allPages, lastPageParam) =>
      lastPage.hasMore ? lastPageParam + 1 : undefined,
    enabled,
    placeholderData: keepPreviousWhileLoading ? keepPreviousData : undefined,
  });
  // The previous search's pages, shown while this one loads: its Load More would page the wrong list.
  const previousShown = query.isPlaceholderData;
  const [waitingForReload, setWaitingForReload] = useState(false);

  const items = useMemo(() => {
    const all = query.data?.pages.flatMap((page) => page.items) ?? [];
    if (!getItemKey) return all;
    const seen = new Set<string>();
    return all.filter((item) => {
      const key = getItemKey(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [query.data, getItemKey]);

  // A failed "load more" keeps the items already shown; only a failed first page is an error screen.
  const status: LoadMoreStatus =
    query.status === 'pending'
      ? 'loading'
      : query.status === 'error' && items.length === 0
        ? 'error'
        : items.length === 0
          ? 'empty'
          : 'results';

  const loadingMore = waitingForReload || query.isFetchingNextPage;
  // Read while rendering, so the query re-renders the list when a reload starts or ends (it tracks
  // the fields a render reads).
  const reloading = query.isFetching && !query.isFetchingNextPage;

  return {
    status,
    items,
    error: query.error,
    hasMore: query.hasNextPage && !previousShown,
    total: query.data?.pages[query.data.pages.length - 1]?.total,
    reachedEnd: status === 'results' && !query.hasNextPage && (query.data?.pages.length ?? 0) > 1,
    loadingMore,
    loadMore: () => {
      if (!query.hasNextPage || loadingMore || previousShown) return;
      if (!reloading) {
        void query.fetchNextPage();
        return;
      }
      setWaitingForReload(true);
      void query
        .refetch({ cancelRefetch: false })
        .then(() => query.fetchNextPage())
        .finally(() => setWaitingForReload(false));
    },
    retry: () => void query.refetch(),
  };
}
