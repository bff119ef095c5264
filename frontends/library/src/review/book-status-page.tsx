import { useMemo } from 'react';
import { BOOK_MESSAGES, type Book } from '@campus/contracts/library';
import { BackLink } from '@campus/ui/back-link';
import { Button, ButtonLink } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { cardEdgeColourFor } from '@campus/ui/card-edge-colours';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Grid } from '@campus/ui/grid';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { useAuth } from '@campus/web-kit/auth-context';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { usePendingBooks, useReviewBook } from '../library-api';
import { useCardListFocus } from '../use-card-list-focus';
import styles from './book-status-page.module.css';

/** `/bookstatus`: the teacher's queue of pending books in their subjects, to accept or decline. */
export default function BookStatusPage() {
  usePageTitle('Pending Book Requests');
  const { user } = useAuth();
  return (
    <div className={styles.page}>
      <PageHeader back={<BackLink href="/feature">Back</BackLink>} title="Pending Book Requests" />
      {!user ? (
        <EmptyState
          title="Please log in to review books."
          action={<ButtonLink href="/login">Login</ButtonLink>}
        />
      ) : !user.isTeacher ? (
        <EmptyState
          title="Only teachers review books."
          description="Books you upload appear in the library once a teacher accepts them."
        />
      ) : (
        <PendingBooks teacher={user} />
      )}
    </div>
  );
}

const waitingForReview = (total: number) => `${total} ${total === 1 ? 'book' : 'books'} waiting for review`;

function PendingBooks({ teacher }: { teacher: SessionUser }) {
  const pending = usePendingBooks(teacher._id);
  const ids = useMemo(() => pending.books.map((book) => book._id), [pending.books]);
  const { container, onFocus, beforeLoadMore } = useCardListFocus(ids, pending.loadingMore);

  if (pending.status === 'loading') return <Skeleton variant="card" label="Loading pending books..." />;
  if (pending.status === 'error')
    return <ErrorState message="Pending books could not load." onRetry={pending.retry} />;
  if (pending.status === 'empty')
    return (
      <EmptyState
        title={BOOK_MESSAGES.pendingEmpty}
        description="Books uploaded in the subjects on your profile appear here for review."
      />
    );
  return (
    <div ref={container} onFocus={onFocus} className={styles.list}>
      <p className={styles.count}>{waitingForReview(pending.total)}</p>
      <Grid as="ul" minColumnWidth="18rem" className={styles.grid}>
        {pending.books.map((book) => (
          <PendingBookCard key={book._id} book={book} teacher={teacher} />
        ))}
      </Grid>
      <LoadMoreButton
        hasMore={pending.hasMore}
        loading={pending.loadingMore}
        onLoadMore={() => {
          beforeLoadMore();
          pending.loadMore();
        }}
      />
    </div>
  );
}

function PendingBookCard({ book, teacher }: { book: Book; teacher: SessionUser }) {
  const review = useReviewBook(teacher);
  const saving = review.isPending ? review.variables.status : null;
  const decide = (status: 1 | 2) => review.mutate({ bookId: book._id, status });

  return (
    <Card
      as="li"
      edge={cardEdgeColourFor(book._id)}
      className={styles.card}
      data-card-id={book._id}
      tabIndex={-1}
    >
      <CardTitle level={2}>{book.title}</CardTitle>
      <p className={styles.subject}>{book.subject}</p>
      <div className={styles.actions}>
        <ButtonLink
          href={book.driveLink}
          external
          variant="secondary"
          size="sm"
          aria-label={`View ${book.title} (opens in a new tab)`}
        >
          View
        </ButtonLink>
        <Button
          size="sm"
          variant="success"
          loading={saving === 1}
          disabled={saving !== null}
          onClick={() => decide(1)}
          aria-label={`Accept ${book.title}`}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="danger"
          loading={saving === 2}
          disabled={saving !== null}
          onClick={() => decide(2)}
          aria-label={`Decline ${book.title}`}
        >
          Decline
        </Button>
      </div>
    </Card>
  );
}
