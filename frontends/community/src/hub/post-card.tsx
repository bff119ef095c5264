import type { Post } from '@campus/contracts/community';
import { Card, CardTitle } from '@campus/ui/card';
import { cardEdgeColourFor } from '@campus/ui/card-edge-colours';
import { PostTagBadge } from '../post-tag-badge';
import styles from './hub-page.module.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A post in the hub's grid: its title links to /post/{id}; title and content are plain text. */
export function PostCard({ post }: { post: Post }) {
  return (
    <Card as="li" edge={cardEdgeColourFor(post._id)} className={styles.card}>
      <div className={styles.cardTop}>
        <PostTagBadge tag={post.tag} />
        <span className={styles.author} dir="auto">
          {post.createdBy.name}
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
      </p>
    </Card>
  );
}
