import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Comment } from '@campus/contracts/community';
import { Button } from '@campus/ui/button';
import { useAuth } from '@campus/web-kit/auth-context';
import { useLiveEvent, useWatchedPost } from '@campus/web-kit/live-updates';
import { communityQueryKeys } from '../community-api';
import styles from './post-page.module.css';

export interface NewComments {
  /** The comments the stream announced that the thread does not show yet, oldest first. */
  ids: string[];
  /** Forgets these (they were revealed, or are not to be had). */
  forget(ids: readonly string[]): void;
}

/**
 * The thread's live comments: while a signed-in reader has the post open, the page's stream also
 * carries this post's `comment` events (useWatchedPost), and each one for a comment the thread does
 * not show yet is new. A comment this tab sent is not: its event may come before the service's
 * answer, so an event that arrives while a comment is being sent waits for the answer, which puts
 * that comment in the thread.
 */
export function useNewComments(postId: string, shown: readonly Comment[] | undefined): NewComments {
  const { user } = useAuth();
  useWatchedPost(user ? postId : undefined);
  const queryClient = useQueryClient();
  const sendingFilter = { mutationKey: communityQueryKeys.addComment(postId) };
  const sending = useIsMutating(sendingFilter) > 0;
  // Announced comment ids, each with whether it came while this tab was sending one.
  const [announced, setAnnounced] = useState<ReadonlyMap<string, boolean>>(new Map());

  useLiveEvent('comment', (event) => {
    if (event.postId !== postId) return;
    const duringSend = queryClient.isMutating(sendingFilter) > 0;
    setAnnounced((known) =>
      known.has(event.commentId) ? known : new Map(known).set(event.commentId, duringSend),
    );
  });

  const forget = useCallback((ids: readonly string[]) => {
    setAnnounced((known) => {
      const next = new Map(known);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  const shownIds = new Set(shown?.map((comment) => comment._id));
  const ids = [...announced]
    .filter(([id, duringSend]) => !shownIds.has(id) && !(duringSend && sending))
    .map(([id]) => id);
  return { ids, forget };
}

/**
 * "2 new comments", floating over the comment bar: a press shows them in the thread. The region is
 * polite and always there, so a screen reader hears the count change without losing its place.
 */
export function NewCommentsButton({
  count,
  onReveal,
  revealing,
  failed,
}: {
  count: number;
  onReveal(): void;
  revealing: boolean;
  failed: boolean;
}) {
  return (
    <div role="status" className={styles.newComments}>
      {count > 0 && (
        <>
          {failed && <p className={styles.newCommentsError}>New comments could not be loaded.</p>}
          <Button
            size="sm"
            onClick={onReveal}
            loading={revealing}
            loadingLabel="Loading..."
            className={styles.newCommentsButton}
          >
            {count} new {count === 1 ? 'comment' : 'comments'}
          </Button>
        </>
      )}
    </div>
  );
}
