import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Comment } from '@campus/contracts/community';

/** How a link names one comment of the thread: `/post/<postId>#comment-<commentId>`. */
const ANCHOR = /^#comment-(.+)$/;

/** The element id of a comment in the thread, the target of `#comment-<id>` links. */
export const commentElementId = (commentId: string) => `comment-${commentId}`;

/**
 * How many times the thread is read again for a linked comment it does not hold (it may be newer
 * than the thread shown), before the page says it is not there.
 */
export const ANCHOR_RELOADS_MAX = 2;

function linkedCommentId(hash: string): string | undefined {
  const id = ANCHOR.exec(hash)?.[1];
  if (!id) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/**
 * A link to `#comment-<id>` (a notification's) brings that comment into view once the thread holds
 * it, gives it focus (a screen reader reads it) and asks for it to be highlighted (`onArrive`). A
 * thread read before the comment was written is read again, at most ANCHOR_RELOADS_MAX times; then
 * `missing` says the comment is not there (removed, or a wrong link). Each navigation to a comment
 * link (a second click of the same one too) does it again.
 */
export function useCommentAnchor({
  comments,
  reload,
  onArrive,
}: {
  /** The thread as loaded; undefined while it loads. */
  comments: readonly Comment[] | undefined;
  /** Reads the thread again (all of its pages). */
  reload(): Promise<unknown>;
  onArrive(commentId: string): void;
}): { missing: boolean } {
  const location = useLocation();
  const target = linkedCommentId(location.hash);
  // Per navigation (location.key): how often the thread was read again, and whether it is done.
  const attempt = useRef({ key: '', reloads: 0, done: false, reloading: false });
  const [missing, setMissing] = useState<string | null>(null);
  // Bumped when a reload ends, so the thread is looked at again even if it came back the same.
  const [reloaded, setReloaded] = useState(0);
  const latest = useRef({ reload, onArrive });
  latest.current = { reload, onArrive };

  useEffect(() => {
    if (attempt.current.key !== location.key) {
      attempt.current = { key: location.key, reloads: 0, done: false, reloading: false };
      setMissing(null);
    }
    const state = attempt.current;
    if (!target || !comments || state.done || state.reloading) return;
    if (!comments.some((comment) => comment._id === target)) {
      if (state.reloads >= ANCHOR_RELOADS_MAX) {
        state.done = true;
        setMissing(location.key);
        return;
      }
      state.reloads += 1;
      state.reloading = true;
      void latest.current
        .reload()
        .catch(() => undefined)
        .finally(() => {
          state.reloading = false;
          setReloaded((n) => n + 1);
        });
      return;
    }
    const element = document.getElementById(commentElementId(target));
    if (!element) return;
    state.done = true;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
    latest.current.onArrive(target);
  }, [target, comments, location.key, reloaded]);

  return { missing: missing !== null && missing === location.key };
}
