import { useState, type FormEvent } from 'react';
import type { Comment } from '@campus/contracts/community';
import { COMMENT_MAX, COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import { Button } from '@campus/ui/button';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import { Field } from '@campus/ui/field';
import { TextArea } from '@campus/ui/text-area';
import { useAuth } from '@campus/web-kit/auth-context';
import { ReportButton } from '@campus/web-kit/report-button';
import { failureMessage, useDeleteComment, useEditComment } from '../community-api';
import styles from './own-content.module.css';

/**
 * A comment's own text, edited in place: Save sends it (PATCH /api/comments/{postId}/{commentId});
 * a refusal or a dropped network keeps what was typed, with the reason, to send again.
 */
export function CommentEditForm({ comment, onDone }: { comment: Comment; onDone: () => void }) {
  const edit = useEditComment(comment.postId);
  const [content, setContent] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (edit.isPending) return;
    const next = content.trim();
    if (!next) {
      setError(COMMUNITY_MESSAGES.commentRequired);
      return;
    }
    if (next === comment.content) {
      onDone();
      return;
    }
    setError(null);
    edit.mutate(
      { commentId: comment._id, content: next },
      { onSuccess: onDone, onError: (failure) => setError(failureMessage(failure)) },
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Editing your comment">
      <Field
        label="Edit your comment"
        labelHidden
        error={error}
        limit={{ max: COMMENT_MAX, length: content.length }}
      >
        <TextArea rows={3} value={content} autoFocus onChange={(e) => setContent(e.target.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" size="sm" loading={edit.isPending} loadingLabel="Saving...">
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Edit and Delete on the viewer's own comment (`isOwnComment`, from the session, so an anonymous
 * author gets them too), Report on anyone else's; nothing for a guest. Deleting asks first and says
 * what stays: a comment with replies stays as '[deleted]' so the thread still reads.
 */
export function CommentActions({
  comment,
  hasReplies,
  onEdit,
}: {
  comment: Comment;
  hasReplies: boolean;
  onEdit: () => void;
}) {
  const { user } = useAuth();
  const remove = useDeleteComment(comment.postId);
  if (!user || comment.deleted) return null;
  if (!comment.isOwnComment)
    return <ReportButton targetType="comment" targetId={comment._id} label="comment" />;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={onEdit}>
        Edit
      </Button>
      <ConfirmDeleteButton
        variant="ghost"
        question="Delete this comment?"
        consequence={
          hasReplies
            ? 'Your words will be removed for everyone; the replies stay, under “[deleted]”. This cannot be undone.'
            : 'It will be removed for everyone. This cannot be undone.'
        }
        confirmLabel="Delete comment"
        onConfirm={() => remove.mutateAsync(comment._id)}
      >
        Delete
      </ConfirmDeleteButton>
    </>
  );
}
