import { useId, useState } from 'react';
import type { Post } from '@campus/contracts/community';
import { Button } from '@campus/ui/button';
import { useFollow } from '../community-api';
import styles from './post-page.module.css';

const HINTS = {
  following: 'You get notified of new comments',
  muted: 'Muted: no notifications for this post',
  none: 'Not following: follow to get notified of new comments',
};

/**
 * Follow / Mute for the signed-in reader: the button says the state ("Following" or "Follow") and
 * the hint what it means. A press shows the new state at once; when the service refuses, the state
 * goes back and a message says so.
 */
export function FollowToggle({ post }: { post: Post }) {
  const follow = useFollow(post._id);
  const hintId = useId();
  const [failed, setFailed] = useState(false);
  const following = post.following === true;
  // "Muted" only for a reader who turned it off; one who never followed is just not following (an
  // older answer without followState cannot tell, so it says the neutral one).
  const notFollowingHint = post.followState === 'muted' ? HINTS.muted : HINTS.none;

  const toggle = () => {
    // One change at a time: a double click is one change, not a change and its undo.
    if (follow.isPending) return;
    setFailed(false);
    follow.mutate(!following, { onError: () => setFailed(true) });
  };

  return (
    <div className={styles.follow}>
      <Button
        variant={following ? 'secondary' : 'primary'}
        size="sm"
        onClick={toggle}
        aria-describedby={hintId}
        iconStart={following ? '✓' : '+'}
      >
        {following ? 'Following' : 'Follow'}
      </Button>
      {/* Polite: a screen reader hears what the press changed. */}
      <span id={hintId} className={styles.muted} aria-live="polite">
        {following ? HINTS.following : notFollowingHint}
      </span>
      {failed && (
        <p role="alert" className={styles.followError}>
          Your notification setting for this post could not be changed. Try again.
        </p>
      )}
    </div>
  );
}
