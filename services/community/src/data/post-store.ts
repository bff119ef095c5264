import { and, asc, eq, exists, inArray, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CursorPosition } from '@campus/contracts/cursor';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { descNullsLast } from '@campus/service-kit/index-order';
import { memberDirectory } from '@campus/service-kit/member-directory';
import { publiclyVisible } from '@campus/service-kit/moderated-content';
import { comments, follows, members, posts, votes } from './schema';

/** A post as the rules see it: plain, camelCase, with its author's name (null if unknown). */
export interface PostRecord {
  id: string;
  title: string;
  content: string;
  tag: string;
  /** Null for what a deleted account left behind ("Deleted user"). */
  authorId: string | null;
  authorName: string | null;
  isAnonymous: boolean;
  upvotes: number;
  downvotes: number;
  commentCount: number;
  createdAt: Date;
  version: number;
  editedAt: Date | null;
  moderation: 'visible' | 'hidden';
  moderationReason: string | null;
  /** The accepted answer's comment id; null: not solved. */
  acceptedCommentId: string | null;
  /** Its creation or its newest comment, whichever is later. */
  lastActivityAt: Date;
}

/** What the hub's list may be narrowed by (issue 27): words, a category, solved or not. */
export interface PostFilters {
  /** Words as a person types them (websearch_to_tsquery: "quoted phrases", -not, or). */
  q?: string;
  tag?: string;
  /** true: an accepted answer; false: a question (Q&A) still without one. */
  solved?: boolean;
}

/** The orders of the hub's list besides newest first (which pages by cursor). */
export type RankedOrder = 'relevance' | 'top';

export interface CommentRecord {
  id: string;
  postId: string;
  parentId: string | null;
  content: string;
  /** Null for what a deleted account left behind ("Deleted user", or a '[deleted]' stand-in). */
  authorId: string | null;
  authorName: string | null;
  isAnonymous: boolean;
  createdAt: Date;
  version: number;
  editedAt: Date | null;
  moderation: 'visible' | 'hidden';
  moderationReason: string | null;
  /** Set when it was deleted and kept for its replies. */
  deletedAt: Date | null;
  /** Whether any comment replies to it (deleted placeholders and hidden replies included). */
  hasReplies: boolean;
}

/** The fields of a post its author may change. */
export interface PostChanges {
  title?: string;
  content?: string;
  tag?: string;
}

/** +1 up, -1 down: how a vote is stored. */
export type StoredDirection = 1 | -1;

/** What a comment's rules read of its post under the post's lock. */
export interface LockedPost {
  authorId: string | null;
  title: string;
  moderation: 'visible' | 'hidden';
}

/** One user's word on a post's activity: following (true) or muted (false). */
export interface FollowRecord {
  userId: string;
  following: boolean;
}

/** A member as the mention rules and the picker see them. */
export interface MemberName {
  userId: string;
  name: string;
}

/** `text` as a LIKE pattern that matches only itself: its `\`, `%` and `_` are data, not wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

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
  version: posts.version,
  editedAt: posts.editedAt,
  moderation: posts.moderation,
  moderationReason: posts.moderationReason,
  acceptedCommentId: posts.acceptedCommentId,
  lastActivityAt: posts.lastActivityAt,
};

/** The typed words as a text-search query (any input is valid: websearch_to_tsquery never fails). */
const searchQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** The filters as conditions (each absent filter: none). */
function filterConditions(filters: PostFilters): (SQL | undefined)[] {
  return [
    filters.q !== undefined ? sql`${posts.search} @@ ${searchQuery(filters.q)}` : undefined,
    filters.tag !== undefined ? eq(posts.tag, filters.tag) : undefined,
    filters.solved === true ? sql`${posts.acceptedCommentId} is not null` : undefined,
    filters.solved === false ? sql`${posts.tag} = 'Q&A' and ${posts.acceptedCommentId} is null` : undefined,
  ];
}

/**
 * A post everyone may see (not hidden by moderation). Written as a literal, not the kit's
 * `publiclyVisible` (a bound parameter): a prepared statement's generic plan can use the partial
 * posts_newest_idx and posts_trending_idx (`where moderation = 'visible'`) only when the query says
 * the same constant.
 */
const visiblePost = sql`${posts.moderation} = 'visible'`;

/** A second name for the comments table, to ask whether a comment has replies. */
const replies = alias(comments, 'replies');

/**
 * Whether the comment has any reply (comments_parent_idx answers it). Spelled out: drizzle writes
 * a one-table select's columns unqualified, and an unqualified `id` in here would be the reply's.
 */
const hasReplies = sql<boolean>`exists (select 1 from "community"."comments" "replies" where "replies"."parent_id" = "community"."comments"."id")`;

/**
 * What counts as a comment everyone sees (the post's `commentCount` and `comments` count exactly
 * these): not deleted, not hidden by moderation.
 */
const liveAndVisible = and(isNull(comments.deletedAt), publiclyVisible(comments));

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  content: comments.content,
  authorId: comments.authorId,
  authorName: nameOf(comments.authorId),
  isAnonymous: comments.isAnonymous,
  createdAt: comments.createdAt,
  version: comments.version,
  editedAt: comments.editedAt,
  moderation: comments.moderation,
  moderationReason: comments.moderationReason,
  deletedAt: comments.deletedAt,
  hasReplies,
};

/** Newest first, after `cursor` (exclusive): walks posts_newest_idx (the order spells the index's). */
export function newestPostsQuery(
  executor: DbExecutor,
  cursor: CursorPosition | undefined,
  limit: number,
  filters: PostFilters = {},
) {
  return executor
    .select(postColumns)
    .from(posts)
    .where(
      and(
        visiblePost,
        ...filterConditions(filters),
        cursor
          ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(descNullsLast(posts.createdAt), descNullsLast(posts.id))
    .limit(limit);
}

/** The most upvoted, newest first among equals: walks posts_trending_idx. */
export function trendingPostsQuery(executor: DbExecutor, limit: number) {
  return executor
    .select(postColumns)
    .from(posts)
    .where(visiblePost)
    .orderBy(descNullsLast(posts.upvotes), descNullsLast(posts.createdAt), descNullsLast(posts.id))
    .limit(limit);
}

/**
 * A page of the filtered list by relevance (`ts_rank` of title and content against the words,
 * then newest) or by upvotes (then newest), `offset` rows in.
 */
export function rankedPostsQuery(
  executor: DbExecutor,
  filters: PostFilters,
  order: RankedOrder,
  offset: number,
  limit: number,
) {
  const first =
    order === 'relevance' && filters.q !== undefined
      ? [sql`ts_rank(${posts.search}, ${searchQuery(filters.q)}) desc`]
      : [descNullsLast(posts.upvotes)];
  return executor
    .select(postColumns)
    .from(posts)
    .where(and(visiblePost, ...filterConditions(filters)))
    .orderBy(...first, descNullsLast(posts.createdAt), descNullsLast(posts.id))
    .offset(offset)
    .limit(limit);
}

/**
 * Trending's second walk: questions without an accepted answer (filtered as asked) active since
 * `since`, by upvotes (then newest): posts_open_questions_idx finds them.
 */
export function openQuestionsQuery(executor: DbExecutor, filters: PostFilters, since: Date, limit: number) {
  return executor
    .select(postColumns)
    .from(posts)
    .where(
      and(
        visiblePost,
        sql`${posts.tag} = 'Q&A' and ${posts.acceptedCommentId} is null`,
        sql`${posts.lastActivityAt} >= ${since.toISOString()}::timestamptz`,
        ...filterConditions(filters),
      ),
    )
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
      filters: PostFilters = {},
    ): Promise<PostRecord[]> {
      return newestPostsQuery(executor, cursor, limit, filters);
    },

    async ranked(
      filters: PostFilters,
      order: RankedOrder,
      offset: number,
      limit: number,
    ): Promise<PostRecord[]> {
      return rankedPostsQuery(db, filters, order, offset, limit);
    },

    async openQuestions(filters: PostFilters, since: Date, limit: number): Promise<PostRecord[]> {
      return openQuestionsQuery(db, filters, since, limit);
    },

    /** Marks (or with null clears) the post's accepted answer; the caller holds the post's lock. */
    async setAcceptedComment(tx: DbExecutor, postId: string, commentId: string | null): Promise<void> {
      await tx.update(posts).set({ acceptedCommentId: commentId }).where(eq(posts.id, postId));
    },

    /** Clears the post's accepted answer if it is this comment (it was deleted or hidden). */
    async clearAcceptedIf(tx: DbExecutor, postId: string, commentId: string): Promise<void> {
      await tx
        .update(posts)
        .set({ acceptedCommentId: null })
        .where(and(eq(posts.id, postId), eq(posts.acceptedCommentId, commentId)));
    },

    async trending(limit: number): Promise<PostRecord[]> {
      return trendingPostsQuery(db, limit);
    },

    /** A post, hidden or not; `lock` also locks its row for the rest of the transaction. */
    async find(
      executor: DbExecutor,
      postId: string,
      options: { lock?: boolean } = {},
    ): Promise<PostRecord | undefined> {
      const query = executor.select(postColumns).from(posts).where(eq(posts.id, postId));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /**
     * Locks the post's row for the rest of the transaction (every vote and comment on it queues
     * here) and reads who wrote it and its title; undefined when there is no such post.
     */
    async lock(tx: DbExecutor, postId: string): Promise<LockedPost | undefined> {
      const [row] = await tx
        .select({ authorId: posts.authorId, title: posts.title, moderation: posts.moderation })
        .from(posts)
        .where(eq(posts.id, postId))
        .for('update');
      return row;
    },

    /** Changes what its author may change; one version more, edited now. */
    async updatePost(tx: DbExecutor, postId: string, changes: PostChanges, at: Date): Promise<void> {
      await tx
        .update(posts)
        .set({ ...changes, editedAt: at, version: sql`${posts.version} + 1` })
        .where(eq(posts.id, postId));
    },

    /** Removes the post; its votes, follows and comments go with it (on delete cascade). */
    async deletePost(tx: DbExecutor, postId: string): Promise<void> {
      await tx.delete(posts).where(eq(posts.id, postId));
    },

    /**
     * Hides (with the reason) or shows a post again; one version more. A repeat changes nothing; a
     * hide of a hidden post with another reason (a teacher confirming what the reports hid) only
     * takes the new reason.
     */
    async setPostModeration(
      tx: DbExecutor,
      postId: string,
      moderation: 'visible' | 'hidden',
      reason: string | null,
    ): Promise<void> {
      await tx
        .update(posts)
        .set({
          moderation,
          moderationReason: reason,
          version: sql`${posts.version} + (case when ${posts.moderation} = ${moderation} then 0 else 1 end)`,
        })
        .where(
          and(
            eq(posts.id, postId),
            sql`(${posts.moderation}, ${posts.moderationReason}) is distinct from (${moderation}, ${reason}::text)`,
          ),
        );
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
      const [row] = await tx
        .insert(posts)
        .values({ ...post, lastActivityAt: post.createdAt })
        .returning({ id: posts.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** The ids of each post's comments everyone sees, oldest first (the wire's `comments`). */
    async commentIdsOf(postIds: string[], executor: DbExecutor = db): Promise<Map<string, string[]>> {
      const byPost = new Map<string, string[]>(postIds.map((id) => [id, []]));
      if (postIds.length === 0) return byPost;
      const rows = await executor
        .select({ postId: comments.postId, id: comments.id })
        .from(comments)
        .where(and(inArray(comments.postId, postIds), liveAndVisible))
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
      change: { up: number; down: number; comments?: number; activityAt?: Date },
    ) {
      await tx
        .update(posts)
        .set({
          upvotes: sql`${posts.upvotes} + ${change.up}`,
          downvotes: sql`${posts.downvotes} + ${change.down}`,
          commentCount: sql`${posts.commentCount} + ${change.comments ?? 0}`,
          // A new comment is activity (Trending favours open questions active lately).
          ...(change.activityAt ? { lastActivityAt: change.activityAt } : {}),
        })
        .where(eq(posts.id, postId));
    },

    /**
     * A post's comments as `viewerId` may see them, oldest first, after `cursor` (exclusive): those
     * everyone sees, deleted or hidden ones that have replies (the rules show them as '[deleted]'),
     * and the viewer's own hidden ones.
     */
    async commentsOf(
      postId: string,
      cursor: CursorPosition | undefined,
      limit: number,
      viewerId: string | undefined,
    ): Promise<CommentRecord[]> {
      const shown: SQL[] = [liveAndVisible!, hasReplies];
      if (viewerId !== undefined)
        shown.push(and(isNull(comments.deletedAt), eq(comments.authorId, viewerId))!);
      return db
        .select(commentColumns)
        .from(comments)
        .where(
          and(
            eq(comments.postId, postId),
            or(...shown),
            cursor
              ? sql`(${comments.createdAt}, ${comments.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(limit);
    },

    /**
     * The author of a comment of this post that can be replied to; undefined when it is not a
     * comment of this post, or it was deleted or hidden; null when its author deleted their account.
     */
    async commentAuthor(
      tx: DbExecutor,
      commentId: string,
      postId: string,
    ): Promise<string | null | undefined> {
      const [row] = await tx
        .select({ authorId: comments.authorId })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.postId, postId), liveAndVisible));
      return row?.authorId;
    },

    /** A comment of this post that is not deleted (hidden or not); undefined when there is none. */
    async findComment(
      executor: DbExecutor,
      postId: string,
      commentId: string,
    ): Promise<CommentRecord | undefined> {
      const [row] = await executor
        .select(commentColumns)
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.postId, postId), isNull(comments.deletedAt)));
      return row;
    },

    /** A comment by its id alone (a moderation decision names no post), deleted ones left out. */
    async findCommentById(executor: DbExecutor, commentId: string): Promise<CommentRecord | undefined> {
      const [row] = await executor
        .select(commentColumns)
        .from(comments)
        .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)));
      return row;
    },

    /** The post a comment belongs to (deleted or not), for a decision that names only the comment. */
    async postOfComment(executor: DbExecutor, commentId: string): Promise<string | undefined> {
      const [row] = await executor
        .select({ postId: comments.postId })
        .from(comments)
        .where(eq(comments.id, commentId));
      return row?.postId;
    },

    /** The comments of a post not deleted yet (hidden ones too), with their authors: a post's deletion tells moderation of each. */
    async undeletedCommentsOf(tx: DbExecutor, postId: string): Promise<CommentRecord[]> {
      return tx
        .select(commentColumns)
        .from(comments)
        .where(and(eq(comments.postId, postId), isNull(comments.deletedAt)))
        .orderBy(asc(comments.createdAt), asc(comments.id));
    },

    /** New text for a comment; one version more, edited now. */
    async updateComment(tx: DbExecutor, commentId: string, content: string, at: Date): Promise<void> {
      await tx
        .update(comments)
        .set({ content, editedAt: at, version: sql`${comments.version} + 1` })
        .where(eq(comments.id, commentId));
    },

    /**
     * Deletes a comment: with replies it stays, text emptied and `deleted_at` set, so the thread
     * reads on ('[deleted]'); without, it is removed, and so is each deleted ancestor left with no
     * reply at all. Answers whether it stayed.
     */
    async deleteComment(tx: DbExecutor, commentId: string, at: Date): Promise<{ placeholder: boolean }> {
      const [kept] = await tx
        .update(comments)
        .set({ content: '', deletedAt: at, editedAt: null, version: sql`${comments.version} + 1` })
        .where(
          and(
            eq(comments.id, commentId),
            exists(
              tx
                .select({ one: sql`1` })
                .from(replies)
                .where(eq(replies.parentId, commentId)),
            ),
          ),
        )
        .returning({ id: comments.id });
      if (kept) return { placeholder: true };
      let [gone] = await tx
        .delete(comments)
        .where(eq(comments.id, commentId))
        .returning({ parentId: comments.parentId });
      while (gone?.parentId) {
        const parentId: string = gone.parentId;
        [gone] = await tx
          .delete(comments)
          .where(
            and(
              eq(comments.id, parentId),
              sql`${comments.deletedAt} is not null`,
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(replies)
                  .where(eq(replies.parentId, parentId)),
              ),
            ),
          )
          .returning({ parentId: comments.parentId });
      }
      return { placeholder: false };
    },

    /** Hides (with the reason) or shows a comment again, as setPostModeration does a post. */
    async setCommentModeration(
      tx: DbExecutor,
      commentId: string,
      moderation: 'visible' | 'hidden',
      reason: string | null,
    ): Promise<void> {
      await tx
        .update(comments)
        .set({
          moderation,
          moderationReason: reason,
          version: sql`${comments.version} + (case when ${comments.moderation} = ${moderation} then 0 else 1 end)`,
        })
        .where(
          and(
            eq(comments.id, commentId),
            sql`(${comments.moderation}, ${comments.moderationReason}) is distinct from (${moderation}, ${reason}::text)`,
          ),
        );
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

    /**
     * Sets a user's follow of a post (true) or mutes it (false), in one statement that writes only
     * while the post exists and the user may see it: false when there is no such post.
     */
    async setFollow(
      executor: DbExecutor,
      follow: { postId: string; userId: string; following: boolean; at: Date },
    ): Promise<boolean> {
      const rows = await executor
        .insert(follows)
        .select(
          executor
            .select({
              postId: posts.id,
              userId: sql<string>`${follow.userId}::text`.as('user_id'),
              following: sql<boolean>`${follow.following}::boolean`.as('following'),
              updatedAt: sql<Date>`${follow.at.toISOString()}::timestamptz`.as('updated_at'),
            })
            .from(posts)
            // A hidden post is its author's alone: nobody else can follow it (no such post to them).
            .where(
              and(eq(posts.id, follow.postId), or(publiclyVisible(posts), eq(posts.authorId, follow.userId))),
            ),
        )
        .onConflictDoUpdate({
          target: [follows.postId, follows.userId],
          set: { following: follow.following, updatedAt: follow.at },
        })
        .returning({ postId: follows.postId });
      return rows.length > 0;
    },

    /** Follows the post for a user who has no word on it yet; an earlier follow or mute stands. */
    async followIfNew(tx: DbExecutor, postId: string, userId: string, at: Date): Promise<void> {
      await tx
        .insert(follows)
        .values({ postId, userId, following: true, updatedAt: at })
        .onConflictDoNothing({ target: [follows.postId, follows.userId] });
    },

    /** One user's follows and mutes of these posts (absent: no word, which is not following). */
    async followsOf(
      userId: string,
      postIds: string[],
      executor: DbExecutor = db,
    ): Promise<Map<string, boolean>> {
      if (postIds.length === 0) return new Map();
      const rows = await executor
        .select({ postId: follows.postId, following: follows.following })
        .from(follows)
        .where(and(eq(follows.userId, userId), inArray(follows.postId, postIds)));
      return new Map(rows.map((r) => [r.postId, r.following]));
    },

    /** Everyone's word on one post: its followers and those who muted it, by user id. */
    async followsOfPost(tx: DbExecutor, postId: string): Promise<FollowRecord[]> {
      return tx
        .select({ userId: follows.userId, following: follows.following })
        .from(follows)
        .where(eq(follows.postId, postId))
        .orderBy(asc(follows.userId));
    },

    /** The names of those of these users the directory knows. */
    async membersAmong(executor: DbExecutor, userIds: string[]): Promise<MemberName[]> {
      if (userIds.length === 0) return [];
      return executor
        .select({ userId: members.userId, name: members.name })
        .from(members)
        .where(inArray(members.userId, userIds));
    },

    /**
     * Members whose name starts with `prefix` or has a word (after a space) that does, ignoring
     * case, by name; `prefix` is data (its LIKE wildcards match themselves).
     */
    async membersStartingWith(prefix: string, except: string, limit: number): Promise<MemberName[]> {
      const literal = likeLiteral(prefix);
      return db
        .select({ userId: members.userId, name: members.name })
        .from(members)
        .where(
          and(
            ne(members.userId, except),
            or(
              sql`${members.name} ilike ${`${literal}%`} escape '\\'`,
              sql`${members.name} ilike ${`% ${literal}%`} escape '\\'`,
            ),
          ),
        )
        .orderBy(sql`lower(${members.name})`, asc(members.name), asc(members.userId))
        .limit(limit);
    },

    /**
     * Posts and comments from before moderation existed (version 0: never announced), oldest
     * first; deleted comments left out (there is nothing left to moderate).
     */
    async neverAnnounced(tx: DbExecutor, limit: number) {
      // One after the other: in a transaction both go to one client.
      const postRows = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.version, 0))
        .orderBy(asc(posts.createdAt), asc(posts.id))
        .limit(limit);
      const commentRows = await tx
        .select({ id: comments.id, postId: comments.postId })
        .from(comments)
        .where(and(eq(comments.version, 0), isNull(comments.deletedAt)))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(limit);
      return { postIds: postRows.map((r) => r.id), comments: commentRows };
    },

    /** Version 0 -> 1, only while still 0 (an edit that got there first announced it): whether it did. */
    async markPostAnnounced(tx: DbExecutor, postId: string): Promise<boolean> {
      const rows = await tx
        .update(posts)
        .set({ version: 1 })
        .where(and(eq(posts.id, postId), eq(posts.version, 0)))
        .returning({ id: posts.id });
      return rows.length > 0;
    },

    async markCommentAnnounced(tx: DbExecutor, commentId: string): Promise<boolean> {
      const rows = await tx
        .update(comments)
        .set({ version: 1 })
        .where(and(eq(comments.id, commentId), eq(comments.version, 0), isNull(comments.deletedAt)))
        .returning({ id: comments.id });
      return rows.length > 0;
    },

    /** Who is who: identity's word on a member, or a session's when identity has not spoken yet. */
    ...memberDirectory(members),
  };
}

export type PostStore = ReturnType<typeof createPostStore>;
