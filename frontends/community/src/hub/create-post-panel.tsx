import { useRef, useState, type FormEvent } from 'react';
import {
  COMMUNITY_MESSAGES,
  DEFAULT_POST_TAG,
  POST_CONTENT_MAX,
  POST_TAGS,
  POST_TITLE_MAX,
  type PostTag,
} from '@campus/contracts/community-rules';
import { Button } from '@campus/ui/button';
import { Checkbox } from '@campus/ui/checkbox';
import { DraftNote } from '@campus/ui/draft-note';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { Select } from '@campus/ui/select';
import { SlideInPanel } from '@campus/ui/slide-in-panel';
import { useToast } from '@campus/ui/toast';
import { useAuth } from '@campus/web-kit/auth-context';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { useStateDraft } from '@campus/web-kit/use-form-draft';
import { useCreatePost } from '../community-api';
import { MentionTextArea } from '../mentions/mention-text-area';
import type { PickedMember } from '../mentions/mention-text';
import { useMentionPicker } from '../mentions/use-mention-picker';
import styles from './hub-page.module.css';

const TAG_OPTIONS = POST_TAGS.map((tag) => ({ value: tag, label: tag }));
const FORM_ID = 'create-post-form';

/** Who the draft's text @mentions, kept with it as text (a draft holds strings and booleans). */
function picksFromDraft(saved: string): PickedMember[] {
  try {
    const list: unknown = JSON.parse(saved || '[]');
    return Array.isArray(list)
      ? list.filter(
          (m): m is PickedMember =>
            typeof m === 'object' && m !== null && typeof m._id === 'string' && typeof m.name === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The slide-in Create New Post panel. Blank title or content: the submit is silently ignored (spec
 * §5); a guest is told 'Please log in to create a post.' with a Login link that returns here, before
 * typing anything, instead of a form they could not submit; after publishing the fields reset and
 * the panel closes, the new post first in the grid.
 */
export function CreatePostPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const toast = useToast();
  const create = useCreatePost();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [tag, setTag] = useState<PostTag>(DEFAULT_POST_TAG);
  const [isAnonymous, setAnonymous] = useState(false);
  const mentions = useMentionPicker({ value: content, onChange: setContent });
  // What is typed is kept on the device until it is published (issue 23 item 6), with who it @mentions.
  const picked = mentions.picked.filter((m) => mentions.mentionsIn(content).includes(m._id));
  const draft = useStateDraft(
    {
      title,
      content,
      tag: tag as string,
      isAnonymous,
      mentioned: picked.length > 0 ? JSON.stringify(picked) : '',
    },
    (values) => {
      setTitle(values.title);
      setContent(values.content);
      setTag(values.tag as PostTag);
      setAnonymous(values.isAnonymous);
      mentions.restore(picksFromDraft(values.mentioned));
    },
    {
      formKey: 'community/post',
      userId: user?._id,
      empty: { title: '', content: '', tag: DEFAULT_POST_TAG as string, isAnonymous: false, mentioned: '' },
    },
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !content.trim()) return;
    if (!user) {
      toast.error(COMMUNITY_MESSAGES.loginToPost);
      return;
    }
    // The members picked whose `@Name` the text still says; the service notifies them.
    const mentioned = mentions.mentionsIn(content);
    create.mutate(
      {
        title: title.trim(),
        content: content.trim(),
        tag,
        isAnonymous,
        ...(mentioned.length > 0 ? { mentions: mentioned } : {}),
      },
      {
        onSuccess: () => {
          setTitle('');
          setContent('');
          setTag(DEFAULT_POST_TAG);
          setAnonymous(false);
          mentions.reset();
          draft.clear();
          onClose();
        },
      },
    );
  }

  if (!user)
    return (
      <SlideInPanel open={open} onClose={onClose} title="Create New Post">
        <div className={styles.form}>
          <p>{COMMUNITY_MESSAGES.loginToPost}</p>
          <LoginButtonLink>Log in to post</LoginButtonLink>
        </div>
      </SlideInPanel>
    );

  return (
    <SlideInPanel
      open={open}
      onClose={onClose}
      title="Create New Post"
      initialFocusRef={titleRef}
      footer={
        <Button
          type="submit"
          form={FORM_ID}
          fullWidth
          loading={create.isPending}
          loadingLabel="Publishing..."
        >
          Publish Post
        </Button>
      }
    >
      <form id={FORM_ID} className={styles.form} onSubmit={onSubmit} noValidate>
        {draft.restored && <DraftNote onDiscard={draft.discard} />}
        <Field label="Title" limit={{ max: POST_TITLE_MAX, length: title.length }}>
          <Input
            ref={titleRef}
            value={title}
            maxLength={POST_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="What's on your mind?"
          />
        </Field>
        <Field label="Content" limit={{ max: POST_CONTENT_MAX, length: content.length }}>
          <MentionTextArea
            value={content}
            picker={mentions}
            placement="below"
            rows={6}
            maxLength={POST_CONTENT_MAX}
            placeholder="Share details, context or your question... Type @ to mention someone."
          />
        </Field>
        <Field label="Category">
          <Select options={TAG_OPTIONS} value={tag} onChange={(e) => setTag(e.target.value as PostTag)} />
        </Field>
        <Checkbox
          label="Post anonymously"
          checked={isAnonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
        />
      </form>
    </SlideInPanel>
  );
}
