import { useMemo } from 'react';
import type { BookUpload } from '@campus/contracts/profile';
import { Badge, type BadgeTone } from '@campus/ui/badge';
import { ButtonLink } from '@campus/ui/button';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { Skeleton } from '@campus/ui/skeleton';
import { useCardListFocus } from '@campus/web-kit/use-card-list-focus';
import { lazyValue } from '@campus/web-kit/lazy-value';
import { useMyUploads } from '../profile-api';
import styles from './my-uploads.module.css';

const STATUS: Record<NonNullable<BookUpload['status']>, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending review', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
};

const dateFormat = lazyValue(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const shownDate = (iso: string) => dateFormat().format(new Date(iso));

const uploadsCount = (total: number) => `${total} ${total === 1 ? 'upload' : 'uploads'}`;

/**
 * `/profile/uploads`: every book or notes the user uploaded, newest first, with what the teachers
 * decided: pending, accepted (now in the library) or declined, by whom, when and why.
 */
export function MyUploads({ userId }: { userId: string }) {
  const uploads = useMyUploads(userId);
  const ids = useMemo(() => uploads.items.map((upload) => upload.bookId), [uploads.items]);
  const { container, onFocus, beforeLoadMore } = useCardListFocus(ids, uploads.loadingMore);

  return (
    <div className={styles.uploads}>
      <h2 className={styles.title}>My uploads</h2>
      <p className={styles.muted}>
        Books and notes you uploaded. A teacher of the subject reviews each one: accepted books appear in the
        library, declined ones do not.
      </p>
      {uploads.status === 'loading' ? (
        <Skeleton variant="card" label="Loading your uploads..." />
      ) : uploads.status === 'error' ? (
        <ErrorState message="Your uploads could not load." onRetry={uploads.retry} />
      ) : uploads.status === 'empty' ? (
        <EmptyState
          title="You have not uploaded any books or notes yet."
          action={
            <ButtonLink href="/profile/uploadbook" size="sm">
              Upload Book/Notes
            </ButtonLink>
          }
        />
      ) : (
        <div ref={container} onFocus={onFocus} className={styles.list}>
          {uploads.total !== undefined && <p className={styles.muted}>{uploadsCount(uploads.total)}</p>}
          <ul className={styles.items}>
            {uploads.items.map((upload) => (
              <UploadRow key={upload.bookId} upload={upload} />
            ))}
          </ul>
          <LoadMoreButton
            hasMore={uploads.hasMore}
            loading={uploads.loadingMore}
            onLoadMore={() => {
              beforeLoadMore();
              uploads.loadMore();
            }}
            reachedEnd={uploads.reachedEnd}
            endLabel="That is all your uploads."
          />
        </div>
      )}
    </div>
  );
}

function UploadRow({ upload }: { upload: BookUpload }) {
  const status = upload.status ? STATUS[upload.status] : null;
  const title = upload.title ?? 'Untitled upload';
  return (
    <li className={styles.item} data-card-id={upload.bookId} tabIndex={-1}>
      <div className={styles.head}>
        <h3 className={styles.bookTitle}>{title}</h3>
        {status ? <Badge tone={status.tone}>{status.label}</Badge> : <Badge>Status unknown</Badge>}
      </div>
      <dl className={styles.facts}>
        {upload.subject && (
          <div>
            <dt>Subject</dt>
            <dd>{upload.subject}</dd>
          </div>
        )}
        {upload.uploadedAt && (
          <div>
            <dt>Uploaded</dt>
            <dd>
              <time dateTime={upload.uploadedAt}>{shownDate(upload.uploadedAt)}</time>
            </dd>
          </div>
        )}
        {upload.verifiedBy && (
          <div>
            <dt>{upload.status === 'declined' ? 'Declined by' : 'Reviewed by'}</dt>
            <dd>
              {upload.verifiedBy}
              {upload.reviewedAt && (
                <>
                  {' on '}
                  <time dateTime={upload.reviewedAt}>{shownDate(upload.reviewedAt)}</time>
                </>
              )}
            </dd>
          </div>
        )}
        {upload.status === 'declined' && (
          <div className={styles.reason}>
            <dt>Reason</dt>
            <dd>{upload.declineReason ?? 'No reason given.'}</dd>
          </div>
        )}
      </dl>
      {/* The library's own pages (by URL, not by import): its page has Delete and any moderator's note. */}
      <div className={styles.actions}>
        <ButtonLink href={`/library/books/${upload.bookId}/edit`} size="sm" variant="secondary">
          {upload.status === 'declined' ? 'Correct and resubmit' : 'Edit'}
          <span className={styles.hiddenText}> {title}</span>
        </ButtonLink>
        <ButtonLink href={`/library/books/${upload.bookId}`} size="sm" variant="ghost">
          Open or delete<span className={styles.hiddenText}> {title}</span>
        </ButtonLink>
      </div>
    </li>
  );
}
