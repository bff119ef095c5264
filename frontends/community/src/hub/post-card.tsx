import type { Post } from '@campus/contracts/community';
import { Card, CardTitle } from '@campus/ui/card';
import { cardEdgeColourFor } from '@campus/ui/card-edge-colours';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { PostActions } from '../own/post-actions';
import { PostTagBadge } from '../post-tag-badge';
import styles from './hub-page.module.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How long ago, in the largest whole unit: "just now", "5 min ago", "3 h ago", "2 d ago". */
function age(iso: string): string {
  const minutes = Math.floor((Date.now() - Date.parse(iso)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return `${Math.floor(minutes / (24 * 60))} d ago`;
}

/**
 * A post in the hub's grid: its title links to /post/{id}; title and content are plain text. Its
 * author edits or deletes it from here; anyone else signed in reports it.
 */
export function PostCard({ post }: { post: Post }) {
  return (
    <Card as="li" edge={cardEdgeColourFor(post._id)} className={styles.card}>
      <div className={styles.cardTop}>
        <PostTagBadge tag={post.tag} />
        {post.solved && <span className={styles.solved}>Solved</span>}
        <span className={styles.author}>
          <bdi>{post.createdBy.name}</bdi>
          <EditedMark editedAt={post.editedAt} />
        </span>
      </div>
      <CardTitle level={2} href={`/post/${encodeURIComponent(post._id)}`}>
        {post.title}
      </CardTitle>
      <p className={styles.excerpt} dir="auto">
        {post.content}
      </p>
      <p className={styles.stats}>
        <span>{plural(post.upvote.length, 'upvote', 'upvotes')}</span>
        <span aria-hidden="true"> · </span>
        <span>{plural(post.comments.length, 'comment', 'comments')}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString()}>
          {age(post.createdAt)}
        </time>
      </p>
      <PostActions post={post} />
    </Card>
  );
}
