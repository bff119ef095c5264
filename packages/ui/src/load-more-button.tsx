import { useEffect, useRef } from 'react';
import { Button, type ButtonVariant } from './button';
import styles from './load-more-button.module.css';

export interface LoadMoreButtonProps {
  onLoadMore: () => void;
  /** Renders nothing when there is nothing more to load. */
  hasMore: boolean;
  loading?: boolean;
  label?: string;
  loadingLabel?: string;
  /** 'success' gives the green "Load More Events" of the events page. */
  variant?: ButtonVariant;
  /**
   * Shown where the button was once Load More has brought the last page (useLoadMoreList's
   * `reachedEnd`), e.g. "You have reached the end of the list.". It takes focus when it appears in
   * place of the button that had it, so focus never falls to the page.
   */
  endLabel?: string;
  reachedEnd?: boolean;
}

/** The centred "Load More" under a paged list. */
export function LoadMoreButton({
  onLoadMore,
  hasMore,
  loading = false,
  label = 'Load More',
  loadingLabel = 'Loading...',
  variant = 'secondary',
  endLabel,
  reachedEnd = false,
}: LoadMoreButtonProps) {
  if (!hasMore) return reachedEnd && endLabel ? <EndOfList label={endLabel} /> : null;
  return (
    <div className={styles.loadMore}>
      <Button variant={variant} loading={loading} loadingLabel={loadingLabel} onClick={onLoadMore}>
        {label}
      </Button>
    </div>
  );
}

/** The end-of-list cue: focused on arrival when focus was lost (the Load More button it replaced had it). */
function EndOfList({ label }: { label: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus();
  }, []);
  return (
    <p ref={ref} className={styles.end} tabIndex={-1}>
      {label}
    </p>
  );
}
