import { useMemo } from 'react';
import { Grid } from '@campus/ui/grid';
import { ErrorState } from '@campus/ui/error-state';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { useAuth } from '@campus/web-kit/auth-context';
import { BookCard } from '../books/book-card';
import { bookKey, useBookmarks } from '../library-api';
import { useCardListFocus } from '@campus/web-kit/use-card-list-focus';
import styles from './bookmarks-panel.module.css';

/** "My Bookmarks": exposed as `library/bookmarks` for the profile's right panel. */
export default function BookmarksPanel() {
  const { user } = useAuth();
  const bookmarks = useBookmarks(user?._id);
  const ids = useMemo(() => bookmarks.items.map(bookKey), [bookmarks.items]);
  const { container, onFocus, beforeLoadMore } = useCardListFocus(ids, bookmarks.loadingMore);

  return (
    <section className={styles.panel} aria-labelledby="bookmarks-title">
      <h2 id="bookmarks-title" className={styles.title}>
        My Bookmarks
      </h2>
      {!user ? (
        <p className={styles.message}>Please login to view bookmarks.</p>
      ) : bookmarks.status === 'loading' ? (
        <p className={styles.message} role="status">
          Loading...
        </p>
      ) : bookmarks.status === 'error' ? (
        <ErrorState message="Bookmarks could not load." onRetry={bookmarks.retry} />
      ) : bookmarks.status === 'empty' ? (
        <p className={styles.message}>No bookmarks found.</p>
      ) : (
        <div ref={container} onFocus={onFocus} className={styles.list}>
          {bookmarks.hasMore && (
            <p className={styles.message}>
              Showing {bookmarks.items.length} of {bookmarks.total} bookmarks
            </p>
          )}
          <Grid as="ul" minColumnWidth="16rem" className={styles.grid}>
            {bookmarks.items.map((book) => (
              <BookCard key={book._id} book={book} bookmarked level={3} />
            ))}
          </Grid>
          <LoadMoreButton
            hasMore={bookmarks.hasMore}
            loading={bookmarks.loadingMore}
            onLoadMore={() => {
              beforeLoadMore();
              bookmarks.loadMore();
            }}
          />
        </div>
      )}
    </section>
  );
}
