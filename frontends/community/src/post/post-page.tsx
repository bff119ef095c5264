import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Comment, Post } from '@campus/contracts/community';
import { COMMENT_MAX, COMMUNITY_MESSAGES, QUESTION_TAG } from '@campus/contracts/community-rules';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { Card } from '@campus/ui/card';
import { Checkbox } from '@campus/ui/checkbox';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { useToast } from '@campus/ui/toast';
import { VisuallyHidden } from '@campus/ui/visually-hidden';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useAcceptAnswer, useAddComment, useComments, usePost, useVote } from '../community-api';
import { MentionTextArea } from '../mentions/mention-text-area';
import { useMentionPicker } from '../mentions/use-mention-picker';
import { CommentActions, CommentEditForm } from '../own/comment-actions';
import { PostActions } from '../own/post-actions';
import ownStyles from '../own/own-content.module.css';
import { PostTagBadge } from '../post-tag-badge';
import { buildCommentTree, type CommentNode } from './comment-tree';
import { FollowToggle } from './follow-toggle';
import { NewCommentsButton, useNewComments } from './live-comments';
import { MentionedText } from './mentioned-text';
import { commentElementId, useCommentAnchor } from './use-comment-anchor';
import { CopyLinkButton } from './copy-link-button';
import styles from './post-page.module.css';

/** Replies indent up to this depth; deeper replies line up with it, so a 360 px phone keeps room to read. */
const MAX_INDENT_DEPTH = 4;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

function VoteButtons({ post }: { post: Post }) {
  const { user } = useAuth();
  const toast = useToast();
  const vote = useVote(post._id);
  const mine = post.myVote;
  const cast = (direction: 'up' | 'down') => {
    if (!user) {
      toast.error(COMMUNITY_MESSAGES.loginToVote);
      return;
    }
    // One request at a time: a double click is one vote, not a vote and its undo.
    if (!vote.isPending) vote.mutate(direction);
  };
  return (
    <div className={styles.votes} role="group" aria-label="Votes">
      <Button
        variant={mine === 'up' ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={mine === 'up'}
        onClick={() => cast('up')}
      >
        {/* The name is what shows, plus words for the arrow: "Upvote 1" (axe: label-content-name-mismatch). */}
        <span aria-hidden="true">▲</span>
        <VisuallyHidden>Upvote</VisuallyHidden> {post.upvote.length}
      </Button>
      <Button
        variant={mine === 'down' ? 'danger' : 'secondary'}
        size="sm"
        aria-pressed={mine === 'down'}
        onClick={() => cast('down')}
      >
        <span aria-hidden="true">▼</span>
        <VisuallyHidden>Downvote</VisuallyHidden> {post.dowvote.length}
      </Button>
    </div>
  );
}

/** The accepted answer of a question and who may change it (the asker or a teacher; issue 27). */
interface AnswerControl {
  postId: string;
  acceptedId: string | null;
  canAccept: boolean;
  onAccept: (commentId: string | null) => void;
  busy: boolean;
}

const commentPath = (postId: string, commentId: string) =>
  `/post/${encodeURIComponent(postId)}#comment-${encodeURIComponent(commentId)}`;

function CommentItem({
  node,
  depth,
  onReply,
  replyingTo,
  highlighted,
  answer,
}: {
  node: CommentNode;
  depth: number;
  onReply: (comment: Comment) => void;
  replyingTo: string | null;
  /** Comments just arrived at (a #comment- link, the new ones revealed): they light up, then fade. */
  highlighted: ReadonlySet<string>;
  answer: AnswerControl;
}) {
  const { comment } = node;
  const [editing, setEditing] = useState(false);
  return (
    <li className={styles.comment} data-depth={Math.min(depth, MAX_INDENT_DEPTH)}>
      {comment.deleted ? (
        // Deleted (or hidden) but replied to: the thread still reads, with nothing of what it said or who said it.
        <article
          id={commentElementId(comment._id)}
          tabIndex={-1}
          className={styles.commentBody}
          aria-label="Deleted comment"
          data-highlighted={highlighted.has(comment._id) || undefined}
        >
          <p className={`${styles.commentText} ${styles.muted}`}>{comment.content}</p>
        </article>
      ) : (
        <article
          id={commentElementId(comment._id)}
          // Focusable by script only: a link to the comment puts focus on it.
          tabIndex={-1}
          className={styles.commentBody}
          aria-label={`Comment by ${comment.createdBy.name}`}
          data-replying={replyingTo === comment._id || undefined}
          data-highlighted={highlighted.has(comment._id) || undefined}
        >
          <header className={styles.commentHeader}>
            <span className={styles.commentAuthor} dir="auto">
              {comment.createdBy.name}
            </span>
            {answer.acceptedId === comment._id && <span className={styles.solved}>Accepted answer</span>}
            <span className={styles.muted}>
              <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>
              <EditedMark editedAt={comment.editedAt} />
            </span>
          </header>
          {comment.moderation && (
            <p className={ownStyles.hidden}>{COMMUNITY_MESSAGES.hiddenBy(comment.moderation.reason)}</p>
          )}
          {editing ? (
            <CommentEditForm comment={comment} onDone={() => setEditing(false)} />
          ) : (
            <>
              <p className={styles.commentText} dir="auto">
                <MentionedText text={comment.content} />
              </p>
              <div className={ownStyles.actions}>
                {!comment.moderation && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onReply(comment)}
                    aria-label={`Reply to ${comment.createdBy.name}`}
                  >
                    Reply
                  </Button>
                )}
                <CopyLinkButton
                  path={commentPath(answer.postId, comment._id)}
                  label={`Copy link to the comment by ${comment.createdBy.name}`}
                />
                {answer.canAccept && !comment.moderation && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={answer.busy}
                    aria-pressed={answer.acceptedId === comment._id}
                    onClick={() => answer.onAccept(answer.acceptedId === comment._id ? null : comment._id)}
                  >
                    {answer.acceptedId === comment._id ? 'Unmark answer' : 'Mark as answer'}
                  </Button>
                )}
                <CommentActions
                  comment={comment}
                  hasReplies={node.replies.length > 0}
                  onEdit={() => setEditing(true)}
                />
              </div>
            </>
          )}
        </article>
      )}
      {node.replies.length > 0 && (
        <ul className={depth + 1 <= MAX_INDENT_DEPTH ? styles.replies : styles.repliesFlat}>
          {node.replies.map((child) => (
            <CommentItem
              key={child.comment._id}
              node={child}
              depth={depth + 1}
              onReply={onReply}
              replyingTo={replyingTo}
              highlighted={highlighted}
              answer={answer}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

function CommentBar({
  postId,
  parent,
  onClearParent,
  inputRef,
  defaultAnonymous,
}: {
  postId: string;
  parent: Comment | null;
  onClearParent: () => void;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
  /** In a thread the viewer started anonymously, their comments are anonymous unless they untick it. */
  defaultAnonymous: boolean;
}) {
  const { user } = useAuth();
  const add = useAddComment(postId);
  const [content, setContent] = useState('');
  const [isAnonymous, setAnonymous] = useState(defaultAnonymous);
  const mentions = useMentionPicker({ value: content, onChange: setContent });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!content.trim() || !user || add.isPending) return;
    // The members picked whose `@Name` the text still says; the service notifies them.
    const mentioned = mentions.mentionsIn(content);
    // On a failure everything stays as typed (text, reply target, picks), to send again.
    add.mutate(
      {
        content: content.trim(),
        isAnonymous,
        parentId: parent?._id ?? null,
        ...(mentioned.length > 0 ? { mentions: mentioned } : {}),
      },
      {
        onSuccess: () => {
          setContent('');
          setAnonymous(defaultAnonymous);
          mentions.reset();
          onClearParent();
        },
      },
    );
  }

  if (!user)
    return (
      <div className={styles.bar}>
        <p className={styles.barGuest}>
          <span>Log in to join the discussion.</span>
          <LoginButtonLink size="sm" />
        </p>
      </div>
    );

  return (
    <form className={styles.bar} onSubmit={onSubmit} aria-label="Add a comment">
      {parent && (
        <p className={styles.replying} role="status">
          <span>
            Replying to comment by <strong dir="auto">{parent.createdBy.name}</strong>
          </span>
          <Button variant="ghost" size="sm" onClick={onClearParent} aria-label="Cancel reply">
            ✕
          </Button>
        </p>
      )}
      <div className={styles.barRow}>
        <label htmlFor="comment-input" className={styles.visuallyHidden}>
          {parent ? 'Your reply' : 'Your comment'}
        </label>
        <MentionTextArea
          id="comment-input"
          ref={inputRef}
          picker={mentions}
          placement="above"
          rows={1}
          maxLength={COMMENT_MAX}
          value={content}
          placeholder={parent ? 'Write a reply...' : 'Write a comment...'}
          className={styles.barInput}
          wrapperClassName={styles.barField}
        />
        <Button type="submit" loading={add.isPending} loadingLabel="Posting...">
          Post
        </Button>
      </div>
      {/* On a phone the options fold away until the bar is in use (focused or holding text). */}
      <div className={styles.barOptions}>
        <Checkbox
          label="Comment anonymously"
          checked={isAnonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
        />
      </div>
    </form>
  );
}

/** `/post/{postId}`: the post, its votes, the nested comment thread and the fixed comment bar. */
export default function PostPage() {
  const { postId = '' } = useParams();
  const { user, isTeacher } = useAuth();
  const navigate = useNavigate();
  const post = usePost(postId);
  const accept = useAcceptAnswer(postId);
  const comments = useComments(postId);
  const [parent, setParent] = useState<Comment | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const anchor = useCommentAnchor({
    comments: comments.data,
    reload: comments.refetch,
    onArrive: useCallback((commentId: string) => setHighlighted(new Set([commentId])), []),
  });
  const fresh = useNewComments(postId, comments.data);
  const [reveal, setReveal] = useState<{ state: 'idle' | 'loading' | 'failed'; done: number }>({
    state: 'idle',
    done: 0,
  });
  const threadRef = useRef<HTMLElement>(null);
  usePageTitle(post.data?.title ?? 'Community Post');

  /** Reads the thread again and lights up the new comments; the page stays where it is. */
  async function revealNew() {
    if (reveal.state === 'loading') return;
    const ids = fresh.ids;
    setReveal((r) => ({ ...r, state: 'loading' }));
    // The post again too, for its comment count (not waited for: a failure keeps the count shown).
    void post.refetch();
    const result = await comments.refetch();
    if (result.isError) {
      setReveal((r) => ({ ...r, state: 'failed' }));
      return;
    }
    const got = new Set(result.data?.map((comment) => comment._id));
    fresh.forget(ids);
    setHighlighted(new Set(ids.filter((id) => got.has(id))));
    setReveal((r) => ({ state: 'idle', done: r.done + 1 }));
  }

  // The pressed button is gone: focus goes to the first comment it revealed (scrolled to only when
  // it is out of sight), so a keyboard or screen reader user carries on reading there.
  useEffect(() => {
    if (reveal.done === 0) return;
    const first = threadRef.current?.querySelector<HTMLElement>('[data-highlighted]');
    first?.focus({ preventScroll: true });
    first?.scrollIntoView?.({ block: 'nearest' });
  }, [reveal.done]);

  const back = <BackLink href="/community">Back to Community</BackLink>;

  if (post.isPending)
    return (
      <div className={styles.page}>
        {back}
        <Skeleton variant="card" label="Loading the post..." />
      </div>
    );
  // A failed read again (after a comment) keeps the post shown; only a post never read is an error.
  if (!post.data)
    return (
      <div className={styles.page}>
        {back}
        {/* Every state of the page has its main heading: focus moves there after a route change. */}
        {isApiError(post.error) && post.error.status === 404 ? (
          <PageHeader title="Post not found" subtitle="It may have been removed, or the link is wrong." />
        ) : (
          <>
            <PageHeader title="Community Post" />
            <ErrorState
              message="The post could not be loaded."
              onRetry={() => void post.refetch()}
              retryLabel="Try Again"
            />
          </>
        )}
      </div>
    );

  const p = post.data;
  const tree = buildCommentTree(comments.data ?? []);
  const count = p.comments.length;
  const answer: AnswerControl = {
    postId,
    acceptedId: p.acceptedCommentId ?? null,
    canAccept: user !== null && p.tag === QUESTION_TAG && (p.isOwnPost || isTeacher),
    onAccept: (commentId) => {
      if (!accept.isPending) accept.mutate(commentId);
    },
    busy: accept.isPending,
  };
  const accepted = p.acceptedCommentId
    ? comments.data?.find((c) => c._id === p.acceptedCommentId && !c.deleted)
    : undefined;

  return (
    <div className={styles.page}>
      {back}
      <Card as="article" className={styles.post} aria-labelledby="post-title">
        <div className={styles.postTop}>
          <PostTagBadge tag={p.tag} />
          {p.solved && <span className={styles.solved}>Solved</span>}
          <span className={styles.muted}>
            <bdi>{p.createdBy.name}</bdi> · <time dateTime={p.createdAt}>{when(p.createdAt)}</time>
            <EditedMark editedAt={p.editedAt} />
          </span>
        </div>
        {/* Only its author ever reads a hidden post: they are told why nobody else can. */}
        {p.moderation && (
          <p className={ownStyles.hidden}>{COMMUNITY_MESSAGES.hiddenBy(p.moderation.reason)}</p>
        )}
        {/* dir="auto" on user text: a long Arabic title reads right to left, its colon on the right side. */}
        <h1 id="post-title" className={styles.title} dir="auto">
          {p.title}
        </h1>
        <p className={styles.content} dir="auto">
          <MentionedText text={p.content} />
        </p>
        <div className={styles.postFooter}>
          <VoteButtons post={p} />
          <span className={styles.muted}>
            {count} {count === 1 ? 'Comment' : 'Comments'}
          </span>
        </div>
        <CopyLinkButton path={`/post/${encodeURIComponent(p._id)}`} label="Copy link to this post" />
        {user && <FollowToggle post={p} />}
        <PostActions post={p} onDeleted={() => void navigate('/community', { replace: true })} />
      </Card>
      {/* The accepted answer first, under the question; the thread keeps it in its place too. */}
      {accepted && (
        <Card as="section" className={styles.acceptedAnswer} aria-labelledby="accepted-heading">
          <h2 id="accepted-heading" className={styles.threadTitle}>
            <span className={styles.solved}>Solved</span> Accepted answer
          </h2>
          <p className={styles.muted}>
            <bdi>{accepted.createdBy.name}</bdi> ·{' '}
            <time dateTime={accepted.createdAt}>{when(accepted.createdAt)}</time>
          </p>
          <p className={styles.commentText} dir="auto">
            <MentionedText text={accepted.content} />
          </p>
          <a href={`#comment-${encodeURIComponent(accepted._id)}`}>See it in the thread</a>
        </Card>
      )}
      <section aria-labelledby="comments-heading" className={styles.thread} ref={threadRef}>
        <h2 id="comments-heading" className={styles.threadTitle}>
          Comments
        </h2>
        {anchor.missing && (
          <p role="status" className={styles.anchorMissing}>
            The comment this link points to is not in the thread any more.
          </p>
        )}
        {comments.isPending ? (
          <Skeleton lines={4} label="Loading comments..." />
        ) : !comments.data ? (
          <ErrorState
            message="Comments could not be loaded."
            onRetry={() => void comments.refetch()}
            retryLabel="Try Again"
          />
        ) : tree.length === 0 ? (
          <p className={styles.muted}>No comments yet. Start the conversation.</p>
        ) : (
          <ul className={styles.commentList}>
            {tree.map((node) => (
              <CommentItem
                key={node.comment._id}
                node={node}
                depth={0}
                replyingTo={parent?._id ?? null}
                highlighted={highlighted}
                answer={answer}
                onReply={(comment) => {
                  setParent(comment);
                  inputRef.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <div className={styles.dock}>
        {user && (
          <NewCommentsButton
            count={fresh.ids.length}
            onReveal={() => void revealNew()}
            revealing={reveal.state === 'loading'}
            failed={reveal.state === 'failed'}
          />
        )}
        {/* A hidden post takes no comments (the service refuses them): its author reads why above. */}
        {!p.moderation && (
          <CommentBar
            postId={postId}
            parent={parent}
            onClearParent={() => setParent(null)}
            inputRef={inputRef}
            defaultAnonymous={p.isOwnPost && p.isAnonymous}
          />
        )}
      </div>
    </div>
  );
}
