import { useMemo, useState } from 'react';
import type { Book } from '@campus/contracts/library';
import { BOOK_MESSAGES, DECLINE_REASON_MAX_LENGTH } from '@campus/contracts/library-rules';
import { BackLink } from '@campus/ui/back-link';
import { Badge } from '@campus/ui/badge';
import { Button, ButtonLink } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { cardEdgeColourFor } from '@campus/ui/card-edge-colours';
import { ConfirmDialog } from '@campus/ui/confirm-dialog';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Field } from '@campus/ui/field';
import { Grid } from '@campus/ui/grid';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { TextArea } from '@campus/ui/text-area';
import { useAuth } from '@campus/web-kit/auth-context';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { bookKey, usePendingBooks, useReviewBook } from '../library-api';
import { useCardListFocus } from '@campus/web-kit/use-card-list-focus';
import { lazyValue } from '@campus/web-kit/lazy-value';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import styles from './book-status-page.module.css';

/** `/bookstatus`: the teacher's queue of pending books in their subjects, to accept or decline. */
export default function BookStatusPage() {
  usePageTitle('Pending Book Requests');
  const { user } = useAuth();
  return (
    <div className={styles.page}>
      <PageHeader back={<BackLink href="/feature">Back</BackLink>} title="Pending Book Requests" />
      {!user ? (
        <EmptyState title="Please log in to review books." action={<LoginButtonLink />} />
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
  const ids = useMemo(() => pending.items.map(bookKey), [pending.items]);
  const { container, onFocus, beforeLoadMore } = useCardListFocus(ids, pending.loadingMore);
  // Once cards were shown, an empty list means the teacher just reviewed the last one.
  const [hadCards, setHadCards] = useState(false);
  if (pending.status === 'results' && !hadCards) setHadCards(true);

  if (pending.status === 'loading') return <Skeleton variant="card" label="Loading pending books..." />;
  if (pending.status === 'error')
    return <ErrorState message="Pending books could not load." onRetry={pending.retry} />;
  if (pending.status === 'empty')
    return (
      <EmptyState
        title={BOOK_MESSAGES.pendingEmpty}
        description="Books uploaded in the subjects on your profile appear here for review."
        takeLostFocus={hadCards}
      />
    );
  return (
    <div ref={container} onFocus={onFocus} className={styles.list}>
      {pending.total !== undefined && <p className={styles.count}>{waitingForReview(pending.total)}</p>}
      <Grid as="ul" minColumnWidth="18rem" className={styles.grid}>
        {pending.items.map((book) => (
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

const dateFormat = lazyValue(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);

/**
 * A book waiting for review: what the teacher needs to judge it (uploader, branch, semester, tags,
 * upload date) and the three actions. Accept is one click (it can be seen and is what most books
 * get); Decline asks first, with an optional reason the uploader will read.
 */
function PendingBookCard({ book, teacher }: { book: Book; teacher: SessionUser }) {
  const review = useReviewBook(teacher);
  const saving = review.isPending ? review.variables.status : null;
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const reasonTooLong = reason.trim().length > DECLINE_REASON_MAX_LENGTH;
  const details: Array<[string, string]> = [
    ['Uploaded by', book.uploaderName ?? 'A student'],
    ['Branch', book.branch],
    ...(book.semester === undefined
      ? []
      : ([['Semester', String(book.semester)]] as Array<[string, string]>)),
    ['Uploaded', dateFormat().format(new Date(book.createdAt))],
  ];

  return (
    <Card
      as="li"
      edge={cardEdgeColourFor(book._id)}
      className={styles.card}
      data-card-id={book._id}
      tabIndex={-1}
    >
      {book.previewUrl && (
        // The file itself is what the teacher reviews (issue 27): its first page, then Open PDF.
        <img
          className={styles.preview}
          src={book.previewUrl}
          width={book.previewWidth}
          height={book.previewHeight}
          loading="lazy"
          decoding="async"
          alt={`First page of ${book.title}`}
        />
      )}
      <CardTitle level={2}>{book.title}</CardTitle>
      <p className={styles.subject}>{book.subject}</p>
      <dl className={styles.details}>
        {details.map(([label, value]) => (
          <div key={label} className={styles.detail}>
            <dt>{label}</dt>
            <dd>{label === 'Uploaded' ? <time dateTime={book.createdAt}>{value}</time> : value}</dd>
          </div>
        ))}
      </dl>
      {book.tags.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {book.tags.map((tag) => (
            <li key={tag}>
              <Badge>{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        {book.fileUrl && (
          <ButtonLink
            href={book.fileUrl}
            external
            variant="secondary"
            size="sm"
            aria-label={`Open PDF of ${book.title} (opens in a new tab)`}
          >
            Open PDF
          </ButtonLink>
        )}
        {book.driveLink !== book.fileUrl && (
          <ButtonLink
            href={book.driveLink}
            external
            variant="secondary"
            size="sm"
            aria-label={`View ${book.title} (opens in a new tab)`}
          >
            View
          </ButtonLink>
        )}
        <Button
          size="sm"
          variant="success"
          loading={saving === 1}
          disabled={saving !== null}
          onClick={() => review.mutate({ bookId: book._id, status: 1, version: book.version })}
          aria-label={`Accept ${book.title}`}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="danger"
          loading={saving === 2}
          disabled={saving !== null}
          onClick={() => setConfirming(true)}
          aria-label={`Decline ${book.title}`}
          aria-haspopup="dialog"
        >
          Decline
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Decline “${book.title}”?`}
        confirmLabel="Decline book"
        busyLabel="Declining..."
        busy={saving === 2}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (reasonTooLong) return;
          review.mutate(
            { bookId: book._id, status: 2, reason, version: book.version },
            { onSettled: () => setConfirming(false) },
          );
        }}
      >
        <p className={styles.confirmText}>
          It will not appear in the library, and a decline cannot be undone. The uploader sees your name and
          the reason in their uploads.
        </p>
        <Field
          label="Reason (optional)"
          hint={`What should the uploader fix? At most ${DECLINE_REASON_MAX_LENGTH} characters.`}
          error={reasonTooLong ? BOOK_MESSAGES.reasonTooLong : undefined}
        >
          <TextArea value={reason} rows={3} onChange={(event) => setReason(event.target.value)} />
        </Field>
      </ConfirmDialog>
    </Card>
  );
}
