import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '@campus/ui/back-link';
import { ButtonLink } from '@campus/ui/button';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { BookCard } from '../books/book-card';
import { bookKey, useBook, useBookmarks, useSimilarBooks } from '../library-api';
import styles from './book-page.module.css';

/** What a missing book (deleted, or not one this user may see) says, here and on its edit page. */
export function BookNotAvailable() {
  return (
    <EmptyState
      title="This book is not available."
      description="It may have been deleted, or it is not in the library."
      action={
        <ButtonLink href="/library" size="sm">
          Browse the library
        </ButtonLink>
      }
    />
  );
}

/**
 * `/library/books/:id`: one book, where moderators' links and notifications lead. Anyone sees an
 * accepted book; its uploader sees it in any state, with where it stands, Edit and Delete.
 */
export default function BookPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const book = useBook(id);
  const bookmarks = useBookmarks(user?._id);
  const bookmarked = useMemo(() => bookmarks.items.some((b) => bookKey(b) === id), [bookmarks.items, id]);
  usePageTitle(book.data?.title ?? 'Book');
  const similar = useSimilarBooks(id, book.isSuccess);
  const bookmarkedIds = useMemo(() => new Set(bookmarks.items.map(bookKey)), [bookmarks.items]);

  return (
    <div className={styles.page}>
      <PageHeader back={<BackLink href="/library">Back to the library</BackLink>} title="Book" />
      {book.isPending ? (
        <Skeleton variant="card" label="Loading the book..." />
      ) : book.isError ? (
        isApiError(book.error) && book.error.status === 404 ? (
          <BookNotAvailable />
        ) : (
          <ErrorState message="The book could not load." onRetry={() => void book.refetch()} />
        )
      ) : (
        <>
          <ul className={styles.single}>
            <BookCard
              book={book.data}
              bookmarked={user ? bookmarked : undefined}
              onDeleted={() => void navigate('/library')}
            />
          </ul>
          <section className={styles.similar} aria-labelledby="similar-books-title">
            <h2 id="similar-books-title" className={styles.similarTitle}>
              More like this
            </h2>
            {similar.isPending ? (
              <Skeleton variant="card" label="Loading similar books..." />
            ) : similar.isError ? (
              <p className={styles.note}>Similar books could not load.</p>
            ) : similar.data.length === 0 ? (
              <p className={styles.note}>
                No other books of {book.data.subject}
                {book.data.semester !== undefined ? `, semester ${book.data.semester}` : ''} yet.
              </p>
            ) : (
              <ul className={styles.grid}>
                {similar.data.map((other) => (
                  <BookCard
                    key={other._id}
                    book={other}
                    level={3}
                    bookmarked={user ? bookmarkedIds.has(other._id) : undefined}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
