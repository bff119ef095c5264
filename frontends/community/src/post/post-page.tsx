import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { Comment, Post } from '@campus/contracts/community';
import { COMMENT_MAX, COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { Card } from '@campus/ui/card';
import { Checkbox } from '@campus/ui/checkbox';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { VisuallyHidden } from '@campus/ui/visually-hidden';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useAddComment, useComments, usePost, useVote } from '../community-api';
import { PostTagBadge } from '../post-tag-badge';
import { buildCommentTree, type CommentNode } from './comment-tree';
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

function CommentItem({
  node,
  depth,
  onReply,
  replyingTo,
}: {
  node: CommentNode;
  depth: number;
  onReply: (comment: Comment) => void;
  replyingTo: string | null;
}) {
  const { comment } = node;
  return (
    <li className={styles.comment} data-depth={Math.min(depth, MAX_INDENT_DEPTH)}>
      <article
        className={styles.commentBody}
        aria-label={`Comment by ${comment.createdBy.name}`}
        data-replying={replyingTo === comment._id || undefined}
      >
        <header className={styles.commentHeader}>
          <span className={styles.commentAuthor} dir="auto">
            {comment.createdBy.name}
          </span>
          <time dateTime={comment.createdAt} className={styles.muted}>
            {when(comment.createdAt)}
          </time>
        </header>
        <p className={styles.commentText} dir="auto">
          {comment.content}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onReply(comment)}
          aria-label={`Reply to ${comment.createdBy.name}`}
        >
          Reply
        </Button>
      </article>
      {node.replies.length > 0 && (
        <ul className={depth + 1 <= MAX_INDENT_DEPTH ? styles.replies : styles.repliesFlat}>
          {node.replies.map((child) => (
            <CommentItem
              key={child.comment._id}
              node={child}
              depth={depth + 1}
              onReply={onReply}
              replyingTo={replyingTo}
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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!content.trim() || !user || add.isPending) return;
    add.mutate(
      { content: content.trim(), isAnonymous, parentId: parent?._id ?? null },
      {
        onSuccess: () => {
          setContent('');
          setAnonymous(defaultAnonymous);
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
        <TextArea
          id="comment-input"
          ref={inputRef}
          rows={1}
          maxLength={COMMENT_MAX}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder={parent ? 'Write a reply...' : 'Write a comment...'}
          className={styles.barInput}
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
  const post = usePost(postId);
  const comments = useComments(postId);
  const [parent, setParent] = useState<Comment | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  usePageTitle(post.data?.title ?? 'Community Post');

  const back = <BackLink href="/community">Back to Community</BackLink>;

  if (post.isPending)
    return (
      <div className={styles.page}>
        {back}
        <Skeleton variant="card" label="Loading the post..." />
      </div>
    );
  if (post.isError)
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

  return (
    <div className={styles.page}>
      {back}
      <Card as="article" className={styles.post} aria-labelledby="post-title">
        <div className={styles.postTop}>
          <PostTagBadge tag={p.tag} />
          <span className={styles.muted}>
            <bdi>{p.createdBy.name}</bdi> · <time dateTime={p.createdAt}>{when(p.createdAt)}</time>
          </span>
        </div>
        {/* dir="auto" on user text: a long Arabic title reads right to left, its colon on the right side. */}
        <h1 id="post-title" className={styles.title} dir="auto">
          {p.title}
        </h1>
        <p className={styles.content} dir="auto">
          {p.content}
        </p>
        <div className={styles.postFooter}>
          <VoteButtons post={p} />
          <span className={styles.muted}>
            {count} {count === 1 ? 'Comment' : 'Comments'}
          </span>
        </div>
      </Card>
      <section aria-labelledby="comments-heading" className={styles.thread}>
        <h2 id="comments-heading" className={styles.threadTitle}>
          Comments
        </h2>
        {comments.isPending ? (
          <Skeleton lines={4} label="Loading comments..." />
        ) : comments.isError ? (
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
                onReply={(comment) => {
                  setParent(comment);
                  inputRef.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <CommentBar
        postId={postId}
        parent={parent}
        onClearParent={() => setParent(null)}
        inputRef={inputRef}
        defaultAnonymous={p.isOwnPost && p.isAnonymous}
      />
    </div>
  );
}
