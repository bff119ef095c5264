import { useId, useState } from 'react';
import type { Book } from '@campus/contracts/library';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Button } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { randomCardEdgeColour } from '@campus/ui/card-edge-colours';
import { useAuth } from '@campus/web-kit/auth-context';
import { useLikeBook, useToggleBookmark } from '../library-api';
import styles from './book-card.module.css';

export interface BookCardProps {
  book: Book;
  /** Whether the signed-in user has bookmarked it; undefined while unknown. */
  bookmarked?: boolean;
  /** Heading level of the title: 2 under the page h1, 3 under a section heading. */
  level?: 2 | 3;
}

/** A book in a grid: its facts, likes, verifier, Like and (signed in) bookmark. */
export function BookCard({ book, bookmarked, level = 2 }: BookCardProps) {
  const { user } = useAuth();
  const like = useLikeBook();
  const bookmark = useToggleBookmark();
  // Spec: each card's left edge gets a random colour; chosen once so it does not flicker on re-render.
  const [edge] = useState(randomCardEdgeColour);
  const liked = user ? book.likes.includes(user._id) : false;
  const likeCount = book.likes.length;
  const guestHintId = useId();

  return (
    <Card as="li" edge={edge} className={styles.card} data-card-id={book._id} tabIndex={-1}>
      <CardTitle level={level}>{book.title}</CardTitle>
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
      <AppLink href={book.driveLink} external className={styles.drive}>
        Open Drive link<span className={styles.hiddenText}> for {book.title}</span>
      </AppLink>
      <div className={styles.actions}>
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
            <span aria-hidden="true">{bookmarked ? '★' : '☆'}</span> {bookmarked ? 'Bookmarked' : 'Bookmark'}
            <span className={styles.hiddenText}> {book.title}</span>
          </Button>
        )}
      </div>
    </Card>
  );
}
