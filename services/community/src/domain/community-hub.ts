import type { z } from 'zod';
import type { EventPayload } from '@campus/contracts/events';
import type { CursorPosition } from '@campus/contracts/cursor';
import {
  type Author,
  type Comment,
  type CommentListQuery,
  type CreateCommentRequest,
  type CreatePostRequest,
  type Post,
  type PostListQuery,
  type VoteDirection,
} from '@campus/contracts/community';
import {
  ANONYMOUS_NAME,
  COMMUNITY_MESSAGES,
  DEFAULT_POST_TAG,
  HIDDEN_VOTER,
  type PostTag,
} from '@campus/contracts/community-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import {
  createPostStore,
  type CommentRecord,
  type PostRecord,
  type StoredDirection,
} from '../data/post-store';

/** Ids this service hands out are uuids; anything else names nothing here (404, never a database error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: string) => UUID.test(value);

const postNotFound = () => AppError.notFound(COMMUNITY_MESSAGES.postNotFound, 'POST_NOT_FOUND');
const cursorRefused = () =>
  AppError.badRequest(
    'The cursor is not one this list gave out. Start again from the first page.',
    'BAD_CURSOR',
  );

/**
 * Who wrote it, as anyone may see it: for an anonymous post or comment, nobody (no id, no name).
 * This is the one place an author leaves the service.
 */
function authorOf(record: { authorId: string; authorName: string | null; isAnonymous: boolean }): Author {
  if (record.isAnonymous) return { _id: null, name: ANONYMOUS_NAME };
  return { _id: record.authorId, name: record.authorName ?? 'Campus member' };
}

/** The wire's voter list: one entry per vote, the viewer's own id where they voted, never anyone else's. */
function voterList(count: number, viewerId: string | undefined, viewerVoted: boolean): string[] {
  const list = new Array<string>(Math.max(0, count)).fill(HIDDEN_VOTER);
  if (viewerVoted && viewerId && list.length > 0) list[0] = viewerId;
  return list;
}

const directionName = (d: StoredDirection | undefined): VoteDirection | null =>
  d === 1 ? 'up' : d === -1 ? 'down' : null;

function toPost(
  record: PostRecord,
  commentIds: string[],
  viewerId: string | undefined,
  myVote: StoredDirection | undefined,
): Post {
  return {
    _id: record.id,
    title: record.title,
    content: record.content,
    tag: record.tag as PostTag,
    createdBy: authorOf(record),
    isAnonymous: record.isAnonymous,
    upvote: voterList(record.upvotes, viewerId, myVote === 1),
    dowvote: voterList(record.downvotes, viewerId, myVote === -1),
    comments: commentIds,
    createdAt: record.createdAt.toISOString(),
    upvotes: record.upvotes,
    downvotes: record.downvotes,
    commentCount: record.commentCount,
    myVote: directionName(myVote),
    // Computed here from the session, never sent as the author id: only the author learns it is theirs.
    isOwnPost: viewerId !== undefined && record.authorId === viewerId,
  };
}

const toComment = (record: CommentRecord): Comment => ({
  _id: record.id,
  postId: record.postId,
  content: record.content,
  createdBy: authorOf(record),
  isAnonymous: record.isAnonymous,
  parentId: record.parentId,
  createdAt: record.createdAt.toISOString(),
});

const checkedCursor = (cursor: CursorPosition | undefined) => {
  if (cursor && !isId(cursor.id)) throw cursorRefused();
  return cursor;
};

export type HubEvents = 'community.post.created' | 'community.comment.created';

/**
 * The hub's rules: posts, votes and comment threads. The author of anything is the signed-in user,
 * never the body (DESIGN §4); an anonymous author never leaves the service (authorOf); a vote
 * toggles (same way again) or switches (the other way), one per user per post, serialised on the
 * post's row so that concurrent votes are counted exactly.
 */
export function createCommunityHub(deps: { db: Db; transact: Transact<HubEvents>; now: () => Date }) {
  const store = createPostStore(deps.db);

  async function shape(records: PostRecord[], viewer: AuthUser | undefined, executor: DbExecutor = deps.db) {
    const ids = records.map((r) => r.id);
    const [commentIds, myVotes] = await Promise.all([
      store.commentIdsOf(ids, executor),
      viewer ? store.votesOf(viewer.id, ids, executor) : Promise.resolve(new Map<string, StoredDirection>()),
    ]);
    return records.map((r) => toPost(r, commentIds.get(r.id) ?? [], viewer?.id, myVotes.get(r.id)));
  }

  async function postFor(executor: DbExecutor, postId: string, viewer: AuthUser | undefined): Promise<Post> {
    const record = await store.find(executor, postId);
    if (!record) throw postNotFound();
    const [post] = await shape([record], viewer, executor);
    return post!;
  }

  return {
    /** A page of the hub: newest first after the cursor, or the trending top by upvotes. */
    async list(
      query: z.output<typeof PostListQuery>,
      viewer: AuthUser | undefined,
    ): Promise<{ posts: Post[]; nextCursor: CursorPosition | undefined }> {
      const records =
        query.sort === 'trending'
          ? await store.trending(query.limit)
          : await store.newest(checkedCursor(query.cursor), query.limit);
      const last = records[records.length - 1];
      const nextCursor =
        query.sort === 'newest' && last && records.length === query.limit
          ? { createdAt: last.createdAt.toISOString(), id: last.id }
          : undefined;
      return { posts: await shape(records, viewer), nextCursor };
    },

    async get(postId: string, viewer: AuthUser | undefined): Promise<Post> {
      if (!isId(postId)) throw postNotFound();
      return postFor(deps.db, postId, viewer);
    },

    async create(user: AuthUser, data: z.output<typeof CreatePostRequest>): Promise<Post> {
      return deps.transact(async (tx, emit) => {
        await store.addMemberIfUnknown(tx, { userId: user.id, name: user.name, isTeacher: user.isTeacher });
        const tag = data.tag ?? DEFAULT_POST_TAG;
        const postId = await store.insert(tx, {
          title: data.title,
          content: data.content,
          tag,
          authorId: user.id,
          isAnonymous: data.isAnonymous ?? false,
          createdAt: deps.now(),
        });
        await emit('community.post.created', { postId, tag });
        return postFor(tx, postId, user);
      });
    },

    /**
     * The vote table: none -> that vote; the same again -> none (toggle); the other -> switched.
     * The post's row lock serialises every vote on it, so the tallies match the vote rows exactly.
     */
    async vote(user: AuthUser, postId: string, direction: VoteDirection): Promise<Post> {
      if (!isId(postId)) throw postNotFound();
      const wanted: StoredDirection = direction === 'up' ? 1 : -1;
      return deps.transact(async (tx) => {
        if (!(await store.lock(tx, postId))) throw postNotFound();
        const held = await store.voteOf(tx, postId, user.id);
        const tally = (d: StoredDirection | undefined) => ({ up: d === 1 ? 1 : 0, down: d === -1 ? 1 : 0 });
        const next = held === wanted ? undefined : wanted;
        if (next === undefined) await store.removeVote(tx, postId, user.id);
        else await store.setVote(tx, postId, user.id, next, deps.now());
        const before = tally(held);
        const after = tally(next);
        await store.adjustTallies(tx, postId, { up: after.up - before.up, down: after.down - before.down });
        return postFor(tx, postId, user);
      });
    },

    async comments(
      postId: string,
      query: z.output<typeof CommentListQuery>,
    ): Promise<{ comments: Comment[]; nextCursor: CursorPosition | undefined }> {
      if (!isId(postId) || !(await store.exists(postId))) throw postNotFound();
      const records = await store.commentsOf(postId, checkedCursor(query.cursor), query.limit);
      const last = records[records.length - 1];
      return {
        comments: records.map(toComment),
        nextCursor:
          last && records.length === query.limit
            ? { createdAt: last.createdAt.toISOString(), id: last.id }
            : undefined,
      };
    },

    /** A comment or a reply; its parent must be a comment of the same post. */
    async comment(
      user: AuthUser,
      postId: string,
      data: z.output<typeof CreateCommentRequest>,
    ): Promise<Comment> {
      if (!isId(postId)) throw postNotFound();
      const parentId = data.parentId ?? null;
      return deps.transact(async (tx, emit) => {
        if (!(await store.lock(tx, postId))) throw postNotFound();
        if (parentId !== null && !(isId(parentId) && (await store.isCommentOf(tx, parentId, postId))))
          throw new AppError(422, 'PARENT_NOT_IN_POST', COMMUNITY_MESSAGES.parentInvalid);
        await store.addMemberIfUnknown(tx, { userId: user.id, name: user.name, isTeacher: user.isTeacher });
        const createdAt = deps.now();
        const isAnonymous = data.isAnonymous ?? false;
        const commentId = await store.insertComment(tx, {
          postId,
          parentId,
          content: data.content,
          authorId: user.id,
          isAnonymous,
          createdAt,
        });
        await store.adjustTallies(tx, postId, { up: 0, down: 0, comments: 1 });
        await emit('community.comment.created', { commentId, postId, parentId });
        return toComment({
          id: commentId,
          postId,
          parentId,
          content: data.content,
          authorId: user.id,
          authorName: user.name,
          isAnonymous,
          createdAt,
        });
      });
    },

    /** From identity's `identity.user.registered` (the kit runs it once per event, in `tx`). */
    async memberRegistered(tx: DbExecutor, member: EventPayload<'identity.user.registered'>): Promise<void> {
      await store.setMember(tx, { userId: member.userId, name: member.name, isTeacher: member.isTeacher });
    },
  };
}

export type CommunityHub = ReturnType<typeof createCommunityHub>;
