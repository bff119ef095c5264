import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Post } from '@campus/contracts/community';
import {
  COMMUNITY_MESSAGES,
  POST_CONTENT_MAX,
  POST_TAGS,
  POST_TITLE_MAX,
  type PostTag,
} from '@campus/contracts/community-rules';
import { Button } from '@campus/ui/button';
import { DraftNote } from '@campus/ui/draft-note';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { Modal } from '@campus/ui/modal';
import { Select } from '@campus/ui/select';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { useAuth } from '@campus/web-kit/auth-context';
import { useStateDraft } from '@campus/web-kit/use-form-draft';
import { failureMessage, useEditPost } from '../community-api';
import styles from './own-content.module.css';

const TAG_OPTIONS = POST_TAGS.map((tag) => ({ value: tag, label: tag }));

export interface EditPostDialogProps {
  post: Post;
  onClose: () => void;
}

/**
 * Edit: the Create New Post fields in a dialog, filled with the post as it is; only what changed is
 * sent (PATCH /api/community/{postId}). What is typed is kept on the device until the service takes
 * it, so a refusal, a dropped network or a closed dialog loses nothing (reopening Edit puts it back;
 * Discard goes back to the post as it is). Anonymity is not editable. Loaded only when Edit is
 * pressed (the hub stays light, ADR 0032).
 */
export default function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  const { user } = useAuth();
  const toast = useToast();
  const edit = useEditPost(post._id);
  const formId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const original = useMemo(
    () => ({ title: post.title, content: post.content, tag: post.tag as string }),
    [post.title, post.content, post.tag],
  );
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [tag, setTag] = useState<string>(post.tag);
  const [errors, setErrors] = useState<{ title?: string; content?: string; form?: string }>({});
  const draft = useStateDraft(
    { title, content, tag },
    (values) => {
      setTitle(values.title);
      setContent(values.content);
      setTag(values.tag);
    },
    { formKey: `community/post-edit/${post._id}`, userId: user?._id, empty: original },
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (edit.isPending) return;
    const next = { title: title.trim(), content: content.trim(), tag: tag as PostTag };
    const blank = {
      title: next.title ? undefined : COMMUNITY_MESSAGES.titleRequired,
      content: next.content ? undefined : COMMUNITY_MESSAGES.contentRequired,
    };
    if (blank.title || blank.content) {
      setErrors(blank);
      return;
    }
    const changes = {
      ...(next.title !== post.title ? { title: next.title } : {}),
      ...(next.content !== post.content ? { content: next.content } : {}),
      ...(next.tag !== post.tag ? { tag: next.tag } : {}),
    };
    if (Object.keys(changes).length === 0) {
      draft.clear();
      onClose();
      return;
    }
    setErrors({});
    edit.mutate(changes, {
      onSuccess: () => {
        draft.clear();
        toast.success('Post updated.');
        onClose();
      },
      // Everything typed stays in the form (and on the device) to send again.
      onError: (error) => setErrors({ form: failureMessage(error) }),
    });
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Edit post"
      size="lg"
      initialFocusRef={titleRef}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={edit.isPending} loadingLabel="Saving...">
            Save changes
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {draft.restored && <DraftNote onDiscard={draft.discard} />}
        <Field label="Title" error={errors.title} limit={{ max: POST_TITLE_MAX, length: title.length }}>
          <Input ref={titleRef} value={title} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Field
          label="Content"
          error={errors.content}
          limit={{ max: POST_CONTENT_MAX, length: content.length }}
        >
          <TextArea rows={6} value={content} onChange={(e) => setContent(e.target.value)} />
        </Field>
        <Field label="Category">
          <Select options={TAG_OPTIONS} value={tag} onChange={(e) => setTag(e.target.value)} />
        </Field>
        <p className={styles.note}>
          {post.isAnonymous ? 'The post stays anonymous.' : 'The post keeps your name.'} Editing notifies
          nobody you mention.
        </p>
        {errors.form && (
          <p role="alert" className={styles.formError}>
            {errors.form}
          </p>
        )}
      </form>
    </Modal>
  );
}
