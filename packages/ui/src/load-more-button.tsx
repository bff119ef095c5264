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
}

/** The centred "Load More" under a paged list. */
export function LoadMoreButton({
  onLoadMore,
  hasMore,
  loading = false,
  label = 'Load More',
  loadingLabel = 'Loading...',
  variant = 'secondary',
}: LoadMoreButtonProps) {
  if (!hasMore) return null;
  return (
    <div className={styles.loadMore}>
      <Button variant={variant} loading={loading} loadingLabel={loadingLabel} onClick={onLoadMore}>
        {label}
      </Button>
    </div>
  );
}
