import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CursorPosition } from '@campus/contracts/cursor';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { descNullsLast } from '@campus/service-kit/index-order';
import { memberDirectory } from '@campus/service-kit/member-directory';
import { comments, members, posts, votes } from './schema';

/** A post as the rules see it: plain, camelCase, with its author's name (null if unknown). */
export interface PostRecord {
  id: string;
  title: string;
  content: string;
  tag: string;
  authorId: string;
  authorName: string | null;
  isAnonymous: boolean;
  upvotes: number;
  downvotes: number;
  commentCount: number;
  createdAt: Date;
}

export interface CommentRecord {
  id: string;
  postId: string;
  parentId: string | null;
  content: string;
  authorId: string;
  authorName: string | null;
  isAnonymous: boolean;
  createdAt: Date;
}

/** +1 up, -1 down: how a vote is stored. */
export type StoredDirection = 1 | -1;

/**
 * The author's name as a scalar subquery, not a join: a join lets the planner hash-join all posts
 * before the LIMIT (a full scan per page); the subquery keeps the index walk and runs per row shown.
 */
const nameOf = (authorId: typeof posts.authorId | typeof comments.authorId) =>
  sql<string | null>`(select ${members.name} from ${members} where ${members.userId} = ${authorId})`;

const postColumns = {
  id: posts.id,
  title: posts.title,
  content: posts.content,
  tag: posts.tag,
  authorId: posts.authorId,
  authorName: nameOf(posts.authorId),
  isAnonymous: posts.isAnonymous,
  upvotes: posts.upvotes,
  downvotes: posts.downvotes,
  commentCount: posts.commentCount,
  createdAt: posts.createdAt,
};

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  content: comments.content,
  authorId: comments.authorId,
  authorName: nameOf(comments.authorId),
  isAnonymous: comments.isAnonymous,
  createdAt: comments.createdAt,
};

/** Newest first, after `cursor` (exclusive): walks posts_newest_idx (the order spells the index's). */
export function newestPostsQuery(executor: DbExecutor, cursor: CursorPosition | undefined, limit: number) {
  return executor
    .select(postColumns)
    .from(posts)
    .where(
      cursor
        ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(descNullsLast(posts.createdAt), descNullsLast(posts.id))
    .limit(limit);
}

/** The most upvoted, newest first among equals: walks posts_trending_idx. */
export function trendingPostsQuery(executor: DbExecutor, limit: number) {
  return executor
    .select(postColumns)
    .from(posts)
    .orderBy(descNullsLast(posts.upvotes), descNullsLast(posts.createdAt), descNullsLast(posts.id))
    .limit(limit);
}

/** The hub's data access: every query the rules need. The domain never sees a row. */
export function createPostStore(db: Db) {
  return {
    async newest(
      cursor: CursorPosition | undefined,
      limit: number,
      executor: DbExecutor = db,
    ): Promise<PostRecord[]> {
      return newestPostsQuery(executor, cursor, limit);
    },

    async trending(limit: number): Promise<PostRecord[]> {
      return trendingPostsQuery(db, limit);
    },

    async find(executor: DbExecutor, postId: string): Promise<PostRecord | undefined> {
      const [row] = await executor.select(postColumns).from(posts).where(eq(posts.id, postId));
      return row;
    },

    /** Locks the post's row for the rest of the transaction (every vote and comment on it queues here). */
    async lock(tx: DbExecutor, postId: string): Promise<boolean> {
      const rows = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('update');
      return rows.length > 0;
    },

    async exists(postId: string): Promise<boolean> {
      const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
      return rows.length > 0;
    },

    async insert(
      tx: DbExecutor,
      post: {
        title: string;
        content: string;
        tag: string;
        authorId: string;
        isAnonymous: boolean;
        createdAt: Date;
      },
    ): Promise<string> {
      const [row] = await tx.insert(posts).values(post).returning({ id: posts.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** The ids of each post's comments, oldest first (the wire's `comments`). */
    async commentIdsOf(postIds: string[], executor: DbExecutor = db): Promise<Map<string, string[]>> {
      const byPost = new Map<string, string[]>(postIds.map((id) => [id, []]));
      if (postIds.length === 0) return byPost;
      const rows = await executor
        .select({ postId: comments.postId, id: comments.id })
        .from(comments)
        .where(inArray(comments.postId, postIds))
        .orderBy(asc(comments.createdAt), asc(comments.id));
      for (const row of rows) byPost.get(row.postId)?.push(row.id);
      return byPost;
    },

    /** One user's votes on these posts. */
    async votesOf(
      userId: string,
      postIds: string[],
      executor: DbExecutor = db,
    ): Promise<Map<string, StoredDirection>> {
      if (postIds.length === 0) return new Map();
      const rows = await executor
        .select({ postId: votes.postId, direction: votes.direction })
        .from(votes)
        .where(and(eq(votes.userId, userId), inArray(votes.postId, postIds)));
      return new Map(rows.map((r) => [r.postId, r.direction as StoredDirection]));
    },

    async voteOf(tx: DbExecutor, postId: string, userId: string): Promise<StoredDirection | undefined> {
      const [row] = await tx
        .select({ direction: votes.direction })
        .from(votes)
        .where(and(eq(votes.postId, postId), eq(votes.userId, userId)));
      return row?.direction as StoredDirection | undefined;
    },

    async removeVote(tx: DbExecutor, postId: string, userId: string): Promise<void> {
      await tx.delete(votes).where(and(eq(votes.postId, postId), eq(votes.userId, userId)));
    },

    async setVote(
      tx: DbExecutor,
      postId: string,
      userId: string,
      direction: StoredDirection,
      at: Date,
    ): Promise<void> {
      await tx
        .insert(votes)
        .values({ postId, userId, direction, votedAt: at })
        .onConflictDoUpdate({ target: [votes.postId, votes.userId], set: { direction, votedAt: at } });
    },

    /** Moves the post's tallies by these amounts (the caller holds the post's lock). */
    async adjustTallies(
      tx: DbExecutor,
      postId: string,
      change: { up: number; down: number; comments?: number },
    ) {
      await tx
        .update(posts)
        .set({
          upvotes: sql`${posts.upvotes} + ${change.up}`,
          downvotes: sql`${posts.downvotes} + ${change.down}`,
          commentCount: sql`${posts.commentCount} + ${change.comments ?? 0}`,
        })
        .where(eq(posts.id, postId));
    },

    /** A post's comments, oldest first, after `cursor` (exclusive). */
    async commentsOf(
      postId: string,
      cursor: CursorPosition | undefined,
      limit: number,
    ): Promise<CommentRecord[]> {
      return db
        .select(commentColumns)
        .from(comments)
        .where(
          and(
            eq(comments.postId, postId),
            cursor
              ? sql`(${comments.createdAt}, ${comments.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(limit);
    },

    async isCommentOf(tx: DbExecutor, commentId: string, postId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.postId, postId)));
      return rows.length > 0;
    },

    async insertComment(
      tx: DbExecutor,
      comment: {
        postId: string;
        parentId: string | null;
        content: string;
        authorId: string;
        isAnonymous: boolean;
        createdAt: Date;
      },
    ): Promise<string> {
      const [row] = await tx.insert(comments).values(comment).returning({ id: comments.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** Who is who: identity's word on a member, or a session's when identity has not spoken yet. */
    ...memberDirectory(members),
  };
}

export type PostStore = ReturnType<typeof createPostStore>;
