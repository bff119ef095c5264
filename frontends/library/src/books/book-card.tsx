import { useId, useState } from 'react';
import type { Book } from '@campus/contracts/library';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Button, ButtonLink } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { randomCardEdgeColour } from '@campus/ui/card-edge-colours';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import { useAuth } from '@campus/web-kit/auth-context';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { lazyValue } from '@campus/web-kit/lazy-value';
import { ReportButton } from '@campus/web-kit/report-button';
import { useDeleteBook, useLikeBook, useToggleBookmark } from '../library-api';
import styles from './book-card.module.css';

export interface BookCardProps {
  book: Book;
  /** Whether the signed-in user has bookmarked it; undefined while unknown. */
  bookmarked?: boolean;
  /** Heading level of the title: 2 under the page h1, 3 under a section heading. */
  level?: 2 | 3;
  /** After its uploader deleted it (the book page leaves for the library). */
  onDeleted?: () => void;
}

const dateFormat = lazyValue(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);

/** A book's detail page (the card's title opens it; `/library/{id}` leads there too). */
export const bookPath = (bookId: string) => `/library/books/${bookId}`;

/** Where the uploader edits a book (the upload form, filled with it). */
export const editBookPath = (bookId: string) => `/library/books/${bookId}/edit`;

/**
 * A book in a grid: its facts, likes, verifier, Like and (signed in) bookmark. Its uploader also sees
 * where it stands (pending, declined and why, hidden by a moderator and why) with Edit (Correct and
 * resubmit, for a declined one) and Delete; everyone else can report it.
 */
export function BookCard({ book, bookmarked, level = 2, onDeleted }: BookCardProps) {
  const { user } = useAuth();
  const like = useLikeBook();
  const bookmark = useToggleBookmark();
  const remove = useDeleteBook();
  const own = user !== null && user !== undefined && user._id === book.uploadedBy;
  // Only a book the catalogue shows can be liked or bookmarked (the uploader sees others too).
  const listed = book.status === 'accepted' && !book.moderation;
  // Spec: each card's left edge gets a random colour; chosen once so it does not flicker on re-render.
  const [edge] = useState(randomCardEdgeColour);
  const liked = user ? book.likes.includes(user._id) : false;
  const likeCount = book.likes.length;
  const guestHintId = useId();

  return (
    <Card as="li" edge={edge} className={styles.card} data-card-id={book._id} tabIndex={-1}>
      {book.previewUrl && (
        // The first page, rendered by the server at upload (480 px wide WebP); its size is known, so
        // the grid does not move when it arrives, and it loads only when the card scrolls near.
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
      <CardTitle level={level}>
        <AppLink href={bookPath(book._id)} className={styles.titleLink}>
          {book.title}
        </AppLink>
      </CardTitle>
      <p className={styles.meta}>
        Shared <time dateTime={book.createdAt}>{dateFormat().format(new Date(book.createdAt))}</time>
        <EditedMark editedAt={book.editedAt} />
      </p>
      {own && <OwnerNotice book={book} />}
      <dl className={styles.facts}>
        <div>
          <dt>Subject</dt>
          <dd>{book.subject}</dd>
        </div>
        <div>
          <dt>Branch</dt>
          <dd>{book.branch}</dd>
        </div>
        {book.semester !== undefined && (
          <div>
            <dt>Semester</dt>
            <dd>{book.semester}</dd>
          </div>
        )}
        <div>
          <dt>Verified by</dt>
          <dd>{book.verifiedBy ?? 'N/A'}</dd>
        </div>
      </dl>
      {book.tags.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {book.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="info">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.links}>
        {book.fileUrl && (
          <AppLink href={book.fileUrl} external className={styles.drive}>
            Open PDF<span className={styles.hiddenText}> of {book.title}</span>
            {book.filePages !== undefined && (
              <span className={styles.fileFacts}>
                {` (${book.filePages} ${book.filePages === 1 ? 'page' : 'pages'})`}
              </span>
            )}
          </AppLink>
        )}
        {book.driveLink && book.driveLink !== book.fileUrl && (
          <AppLink href={book.driveLink} external className={styles.drive}>
            Open Drive link<span className={styles.hiddenText}> for {book.title}</span>
          </AppLink>
        )}
      </div>
      <div className={styles.actions}>
        {own && (
          <div className={styles.ownerActions}>
            <ButtonLink href={editBookPath(book._id)} size="sm" variant="secondary">
              {book.status === 'declined' ? 'Correct and resubmit' : 'Edit'}
              <span className={styles.hiddenText}> {book.title}</span>
            </ButtonLink>
            <ConfirmDeleteButton
              question="Delete this book?"
              consequence={`“${book.title}” will be removed from the library for everyone, with its likes and bookmarks. This cannot be undone.`}
              confirmLabel="Delete book"
              onConfirm={() => remove.mutateAsync(book._id).then(() => onDeleted?.())}
            >
              Delete<span className={styles.hiddenText}> {book.title}</span>
            </ConfirmDeleteButton>
          </div>
        )}
        {!listed ? null : (
          <>
            <span className={styles.likes} aria-live="polite">
              <span aria-hidden="true">♥</span> {likeCount} {likeCount === 1 ? 'like' : 'likes'}
            </span>
            {/* Liked is settled, not dimmed: aria-disabled keeps it at full contrast and ignores clicks. */}
            <Button
              size="sm"
              variant={liked ? 'success' : 'secondary'}
              disabled={!user}
              aria-disabled={liked || undefined}
              aria-describedby={user ? undefined : guestHintId}
              loading={like.isPending}
              onClick={() => user && !liked && like.mutate(book._id)}
              aria-label={liked ? `Liked ${book.title}` : `Like ${book.title}`}
              iconStart={liked ? '\u2713' : undefined}
            >
              {liked ? 'Liked' : 'Like'}
            </Button>
            {!user && (
              <span id={guestHintId} className={styles.guestHint}>
                Log in to like
              </span>
            )}
            {user && (
              <Button
                size="sm"
                variant="ghost"
                aria-pressed={bookmarked === true}
                loading={bookmark.isPending}
                onClick={() => bookmark.mutate({ book, user, bookmarked: bookmarked === true })}
              >
                {/* The name starts with the visible word (axe: label-content-name-mismatch); aria-pressed says the state. */}
                <span aria-hidden="true">{bookmarked ? '★' : '☆'}</span>{' '}
                {bookmarked ? 'Bookmarked' : 'Bookmark'}
                <span className={styles.hiddenText}> {book.title}</span>
              </Button>
            )}
          </>
        )}
        {!own && listed && <ReportButton targetType="book" targetId={book._id} className={styles.report} />}
      </div>
    </Card>
  );
}

/** What only the uploader is told: hidden by a moderator (and why), or where the review stands. */
function OwnerNotice({ book }: { book: Book }) {
  if (book.moderation)
    return (
      <p className={styles.hidden} role="note">
        Hidden by a moderator: {book.moderation.reason}
      </p>
    );
  if (book.status === 'pending')
    return (
      <p className={styles.notice}>
        <Badge tone="warning">Pending review</Badge> A teacher of the subject reviews it before it appears in
        the library.
      </p>
    );
  if (book.status === 'declined')
    return (
      <p className={styles.hidden}>
        Declined{book.verifiedBy ? ` by ${book.verifiedBy}` : ''}: {book.declineReason ?? 'No reason given.'}
      </p>
    );
  return null;
}
