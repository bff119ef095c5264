import { lazy, Suspense, useState } from 'react';
import type { Post } from '@campus/contracts/community';
import { Button } from '@campus/ui/button';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import { VisuallyHidden } from '@campus/ui/visually-hidden';
import { useAuth } from '@campus/web-kit/auth-context';
import { ReportButton } from '@campus/web-kit/report-button';
import { useDeletePost } from '../community-api';
import styles from './own-content.module.css';

// The edit form loads when Edit is pressed: most readers never edit, and the hub is the remote's
// first screen (ADR 0032).
const EditPostDialog = lazy(() => import('./edit-post-dialog'));

/**
 * What the signed-in viewer can do to a post besides reading it: its author edits it and deletes it
 * (asked first); anyone else reports it. A guest sees neither. `isOwnPost` comes from the session,
 * so an anonymous post's author gets their buttons and nobody else learns whose it is.
 */
export function PostActions({ post, onDeleted }: { post: Post; onDeleted?: () => void }) {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const remove = useDeletePost(post._id);
  if (!user) return null;
  if (!post.isOwnPost)
    return (
      <div className={styles.actions}>
        <ReportButton targetType="post" targetId={post._id} label="post" />
      </div>
    );
  return (
    <div className={styles.actions}>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setEditing(true)}>
        Edit<VisuallyHidden> {post.title}</VisuallyHidden>
      </Button>
      <ConfirmDeleteButton
        question="Delete this post?"
        consequence={`“${post.title}” and its comments will be removed for everyone. This cannot be undone.`}
        confirmLabel="Delete post"
        onConfirm={() => remove.mutateAsync().then(() => onDeleted?.())}
      >
        Delete<VisuallyHidden> {post.title}</VisuallyHidden>
      </ConfirmDeleteButton>
      {editing && (
        <Suspense fallback={null}>
          <EditPostDialog post={post} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
