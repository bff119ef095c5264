import { useMemo, type ReactNode } from 'react';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Grid } from '@campus/ui/grid';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { Skeleton } from '@campus/ui/skeleton';
import { useCardListFocus } from '@campus/web-kit/use-card-list-focus';
import type { LoadMoreList } from '@campus/web-kit/use-load-more-list';
import styles from './load-more-results.module.css';

export interface LoadMoreResultsProps<T> {
  list: LoadMoreList<T>;
  /** The loading skeleton's name ("Loading books..."), said once for its cards. */
  loadingLabel: string;
  /** How many skeleton cards stand in for the first page. */
  skeletonCards?: number;
  /** The grid's narrowest column ("18rem"). */
  minColumnWidth: string;
  /** What a failed load says, from the error's message ("Error loading books: {message}"). */
  errorMessage(message: string): string;
  /** What an empty list shows: a title, or a whole EmptyState (with its description and action). */
  empty: string | ReactNode;
  itemKey(item: T): string;
  /** One card, an `<li>` (the grid is a `<ul>`). */
  renderItem(item: T): ReactNode;
  /** What replaces Load More once the last page is shown ("You have seen every book that matches."). */
  endLabel?: string;
  /** The region around the results ("Results"); none when the page's own section names it. */
  label?: string;
}

/**
 * A Load More list's four states, the same on every screen: skeleton cards while the first page
 * loads, the error with Retry, the empty state, and the cards with Load More. Focus never falls to
 * the page: a removed card's focus goes to the card that takes its place, and Load More's to the
 * first new card (useCardListFocus).
 */
export function LoadMoreResults<T>({
  list,
  loadingLabel,
  skeletonCards = 6,
  minColumnWidth,
  errorMessage,
  empty,
  itemKey,
  renderItem,
  endLabel,
  label,
}: LoadMoreResultsProps<T>) {
  const ids = useMemo(() => list.items.map(itemKey), [list.items, itemKey]);
  const { container, onFocus, beforeLoadMore } = useCardListFocus(ids, list.loadingMore);
  const body = (
    <>
      {list.status === 'loading' && (
        <Grid as="div" minColumnWidth={minColumnWidth}>
          {Array.from({ length: skeletonCards }, (_, i) => (
            <Skeleton key={i} variant="card" label={i === 0 ? loadingLabel : undefined} />
          ))}
        </Grid>
      )}
      {list.status === 'error' && (
        <ErrorState message={errorMessage(list.error?.message ?? 'Unknown error')} onRetry={list.retry} />
      )}
      {list.status === 'empty' && (typeof empty === 'string' ? <EmptyState title={empty} /> : empty)}
      {list.status === 'results' && (
        <div ref={container} onFocus={onFocus}>
          <Grid as="ul" minColumnWidth={minColumnWidth} className={styles.grid}>
            {list.items.map(renderItem)}
          </Grid>
          <div className={styles.more}>
            <LoadMoreButton
              hasMore={list.hasMore}
              loading={list.loadingMore}
              onLoadMore={() => {
                beforeLoadMore();
                list.loadMore();
              }}
              reachedEnd={endLabel ? list.reachedEnd : undefined}
              endLabel={endLabel}
            />
          </div>
        </div>
      )}
    </>
  );
  // Without a label, no landmark of its own: the page's section around it is the region.
  return label ? (
    <section aria-label={label} aria-busy={list.status === 'loading'}>
      {body}
    </section>
  ) : (
    <div aria-busy={list.status === 'loading'}>{body}</div>
  );
}
