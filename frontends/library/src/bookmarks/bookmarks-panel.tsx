import { Grid } from '@campus/ui/grid';
import { ErrorState } from '@campus/ui/error-state';
import { useAuth } from '@campus/web-kit/auth-context';
import { BookCard } from '../books/book-card';
import { useBookmarks } from '../library-api';
import styles from './bookmarks-panel.module.css';

/** "My Bookmarks": exposed as `library/bookmarks` for the profile's right panel. */
export default function BookmarksPanel() {
  const { user } = useAuth();
  const bookmarks = useBookmarks(user?._id);

  return (
    <section className={styles.panel} aria-labelledby="bookmarks-title">
      <h2 id="bookmarks-title" className={styles.title}>
        My Bookmarks
      </h2>
      {!user ? (
        <p className={styles.message}>Please login to view bookmarks.</p>
      ) : bookmarks.isPending ? (
        <p className={styles.message} role="status">
          Loading...
        </p>
      ) : bookmarks.isError ? (
        <ErrorState message="Bookmarks could not load." onRetry={() => void bookmarks.refetch()} />
      ) : bookmarks.data.length === 0 ? (
        <p className={styles.message}>No bookmarks found.</p>
      ) : (
        <Grid as="ul" minColumnWidth="16rem" className={styles.grid}>
          {bookmarks.data.map((book) => (
            <BookCard key={book._id} book={book} bookmarked level={3} />
          ))}
        </Grid>
      )}
    </section>
  );
}
