import type { z } from 'zod';
import type { EventPayload } from '@campus/contracts/events';
import type { CursorPosition } from '@campus/contracts/cursor';
import {
  type Author,
  type Comment,
  type CommentListQuery,
  type CreateCommentRequest,
  type CreatePostRequest,
  type FollowState,
  type MemberSuggestions,
  type Post,
  type PostListQuery,
  type UpdatePostRequest,
  type VoteDirection,
} from '@campus/contracts/community';
import { DELETED_PLACEHOLDER } from '@campus/contracts/moderation-rules';
import type { ContentChangedPayload, ModerationDecisionPayload } from '@campus/contracts/events';
import {
  ANONYMOUS_NAME,
  COMMUNITY_MESSAGES,
  DELETED_AUTHOR_ID,
  DELETED_AUTHOR_NAME,
  DEFAULT_POST_TAG,
  HIDDEN_VOTER,
  QUESTION_TAG,
  type PostTag,
} from '@campus/contracts/community-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import {
  acceptDecision,
  contentChanged,
  type ModerationCommand,
} from '@campus/service-kit/moderated-content';
import type { Emit, Transact } from '@campus/service-kit/unit-of-work';
import {
  createPostStore,
  type CommentRecord,
  type FollowRecord,
  type PostRecord,
  type StoredDirection,
} from '../data/post-store';
import { isUuid } from '@campus/service-kit/uuid';
import { comments as commentsTable, posts as postsTable } from '../data/schema';

/** How many members the @mention picker offers at once. */
export const MEMBER_SUGGESTIONS_MAX = 8;

/** Ids this service hands out are uuids; anything else names nothing here (404, never a database error). */
export const isId = isUuid;

const postNotFound = () => AppError.notFound(COMMUNITY_MESSAGES.postNotFound, 'POST_NOT_FOUND');
const commentNotFound = () => AppError.notFound(COMMUNITY_MESSAGES.commentNotFound, 'COMMENT_NOT_FOUND');
const cursorRefused = () =>
  AppError.badRequest(
    'The cursor is not one this list gave out. Start again from the first page.',
    'BAD_CURSOR',
  );

/**
 * Who wrote it, as anyone may see it: for an anonymous post or comment, nobody (no id, no name);
 * for one whose writer deleted their account and left it, "Deleted user" (no id: none is kept).
 * This is the one place an author leaves the service.
 */
function authorOf(record: {
  authorId: string | null;
  authorName: string | null;
  isAnonymous: boolean;
}): Author {
  if (record.isAnonymous) return { _id: null, name: ANONYMOUS_NAME };
  if (record.authorId === null) return { _id: null, name: DELETED_AUTHOR_NAME };
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
  /** The viewer's follow row: true following, false muted, undefined none (never followed, or a guest). */
  follow: boolean | undefined,
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
    following: follow === true,
    // Muted and never followed both read `following: false`; the screen says them differently.
    followState: follow === undefined ? 'none' : follow ? 'following' : 'muted',
    // Computed here from the session, never sent as the author id: only the author learns it is theirs.
    isOwnPost: viewerId !== undefined && record.authorId === viewerId,
    editedAt: record.editedAt?.toISOString() ?? null,
    // Only the author reads a hidden post at all (seeableBy), and learns why it is hidden.
    ...moderationFor(record),
    acceptedCommentId: record.acceptedCommentId,
    solved: record.acceptedCommentId !== null,
  };
}

/** How long after its last activity an open question still gets Trending's lift. */
export const TRENDING_ACTIVE_DAYS = 7;
/** The lift: an open question active lately counts as if it had this many more upvotes. */
export const OPEN_QUESTION_BOOST = 3;

/** Whether Trending lifts this post: a question (Q&A) with no accepted answer, active in the last days. */
export function isOpenActiveQuestion(
  post: Pick<PostRecord, 'tag' | 'acceptedCommentId' | 'lastActivityAt'>,
  now: Date,
): boolean {
  return (
    post.tag === QUESTION_TAG &&
    post.acceptedCommentId === null &&
    now.getTime() - post.lastActivityAt.getTime() <= TRENDING_ACTIVE_DAYS * 86_400_000
  );
}

/**
 * Trending's score (issue 27): the upvotes (the spec's Trending Discussions), plus a lift for a
 * question still waiting for an answer that people are still busy with, so it is seen by those who
 * can answer it. An answered question, or one nobody touched for a week, competes on upvotes alone.
 */
export function trendingScore(
  post: Pick<PostRecord, 'upvotes' | 'tag' | 'acceptedCommentId' | 'lastActivityAt'>,
  now: Date,
): number {
  return post.upvotes + (isOpenActiveQuestion(post, now) ? OPEN_QUESTION_BOOST : 0);
}

/** Trending's order: score, then newest, then id (as the index orders equals). */
function byTrending(now: Date) {
  return (a: PostRecord, b: PostRecord) =>
    trendingScore(b, now) - trendingScore(a, now) ||
    b.createdAt.getTime() - a.createdAt.getTime() ||
    (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Why a hidden item is hidden, for its author's own answer (nobody else gets a hidden item). */
function moderationFor(record: { moderation: 'visible' | 'hidden'; moderationReason: string | null }) {
  return record.moderation === 'hidden'
    ? { moderation: { state: 'hidden' as const, reason: record.moderationReason ?? '' } }
    : {};
}

/** Whether `viewer` may see this post: anyone while it is visible, only its author once hidden. */
const seeableBy = (record: { moderation: string; authorId: string | null }, viewer: AuthUser | undefined) =>
  record.moderation === 'visible' || (viewer !== undefined && record.authorId === viewer.id);

/**
 * A comment as `viewerId` sees it. A deleted one (kept for its replies), or someone else's hidden
 * one, is '[deleted]' with no author and no text, the same either way, so a hidden comment reads to
 * others like a deleted one and an anonymous author is never hinted at. The author's own hidden
 * comment comes with its text and the moderator's reason.
 */
function toComment(record: CommentRecord, viewerId: string | undefined): Comment {
  const own = viewerId !== undefined && record.authorId === viewerId;
  if (record.deletedAt !== null || (record.moderation === 'hidden' && !own))
    return {
      _id: record.id,
      postId: record.postId,
      content: DELETED_PLACEHOLDER,
      createdBy: { _id: null, name: DELETED_PLACEHOLDER },
      isAnonymous: false,
      parentId: record.parentId,
      createdAt: record.createdAt.toISOString(),
      editedAt: null,
      deleted: true,
    };
  return {
    _id: record.id,
    postId: record.postId,
    content: record.content,
    createdBy: authorOf(record),
    isAnonymous: record.isAnonymous,
    parentId: record.parentId,
    createdAt: record.createdAt.toISOString(),
    editedAt: record.editedAt?.toISOString() ?? null,
    // From the session, like a post's isOwnPost: an anonymous author learns the comment is theirs.
    ...(own ? { isOwnComment: true } : {}),
    ...moderationFor(record),
  };
}

/** Counted in its post's `commentCount` (and listed in `comments`): neither deleted nor hidden. */
const counted = (c: { deletedAt: Date | null; moderation: string }) =>
  c.deletedAt === null && c.moderation === 'visible';

/** Where the app shows a post, and a comment in its thread (the remote's routes; notifications link the same). */
export const postLink = (postId: string) => `/post/${encodeURIComponent(postId)}`;
export const commentLink = (postId: string, commentId: string) =>
  `${postLink(postId)}#comment-${encodeURIComponent(commentId)}`;

type Change = ContentChangedPayload['change'];

/**
 * A post as moderation keeps it (community.content.changed). It names the author even when the post
 * is anonymous (`anonymous: true`): only the moderation service consumes it, and never answers it.
 */
export function postSnapshot(
  post: { id: string; title: string; content: string; authorId: string | null; isAnonymous: boolean },
  authorName: string,
  change: Change,
  version: number,
  at: Date,
): ContentChangedPayload {
  return contentChanged({
    targetType: 'post',
    targetId: post.id,
    link: postLink(post.id),
    authorId: post.authorId ?? DELETED_AUTHOR_ID,
    authorName,
    anonymous: post.isAnonymous,
    title: post.title,
    text: post.content,
    change,
    version,
    at,
  });
}

/** A comment as moderation keeps it; its headline is the post it is on. */
export function commentSnapshot(
  comment: {
    id: string;
    postId: string;
    content: string;
    authorId: string | null;
    isAnonymous: boolean;
  },
  postTitle: string,
  authorName: string,
  change: Change,
  version: number,
  at: Date,
): ContentChangedPayload {
  return contentChanged({
    targetType: 'comment',
    targetId: comment.id,
    link: commentLink(comment.postId, comment.id),
    authorId: comment.authorId ?? DELETED_AUTHOR_ID,
    authorName,
    anonymous: comment.isAnonymous,
    title: `Comment on: ${postTitle}`,
    text: comment.content,
    change,
    version,
    at,
  });
}

/**
 * The author's real name for moderation: the directory's, else the session's, else a stand-in;
 * "Deleted user" for what a deleted account left behind.
 */
export const realName = (
  record: { authorId: string | null; authorName: string | null },
  session?: AuthUser,
) =>
  record.authorId === null ? DELETED_AUTHOR_NAME : (record.authorName ?? session?.name ?? 'Campus member');

/** Regex syntax characters (the `u` flag refuses escapes of anything else). */
const escapeForRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** Whether `text` says `@<name>`: the whole name, any case, not the start of a longer word. */
function saysAt(text: string, name: string): boolean {
  const wanted = name.trim();
  if (wanted === '') return false;
  return new RegExp(`@${escapeForRegExp(wanted)}(?![\\p{L}\\p{N}_])`, 'iu').test(text);
}

/**
 * Who a comment concerns, for the notifications it causes. Nobody is told of their own comment;
 * a post's author and its followers hear nothing once they muted it, while a reply to someone's
 * comment and a mention reach them anyway; a follower already named for another reason is not
 * named twice. The post's author is named even when the post is anonymous: it is their thread.
 */
function concernsOf(c: {
  actorId: string;
  postAuthor: string | null;
  parentAuthor: string | null;
  mentioned: string[];
  follows: FollowRecord[];
}) {
  const muted = new Set(c.follows.filter((f) => !f.following).map((f) => f.userId));
  const postAuthor =
    c.postAuthor !== null && c.postAuthor !== c.actorId && !muted.has(c.postAuthor) ? c.postAuthor : null;
  const parentAuthor = c.parentAuthor !== null && c.parentAuthor !== c.actorId ? c.parentAuthor : null;
  const mentioned = c.mentioned.filter((id) => id !== c.actorId);
  const named = new Set<string>([c.actorId, ...mentioned]);
  if (postAuthor !== null) named.add(postAuthor);
  if (parentAuthor !== null) named.add(parentAuthor);
  const followers = c.follows.filter((f) => f.following && !named.has(f.userId)).map((f) => f.userId);
  return { postAuthor, parentAuthor, mentioned, followers };
}

const pageRefused = () =>
  AppError.badRequest('The newest-first list pages by cursor (X-Next-Cursor), not by page.', 'BAD_PAGE');
const cursorOnlyNewest = () =>
  AppError.badRequest(
    'A cursor pages only the newest-first list; this order pages by page (X-Next-Page).',
    'BAD_CURSOR',
  );

const checkedCursor = (cursor: CursorPosition | undefined) => {
  if (cursor && !isId(cursor.id)) throw cursorRefused();
  return cursor;
};

export type HubEvents =
  | 'community.post.created'
  | 'community.comment.created'
  | 'community.content.changed'
  | 'community.answer.accepted';

/**
 * The hub's rules: posts, votes and comment threads. The author of anything is the signed-in user,
 * never the body (DESIGN §4); an anonymous author never leaves the service (authorOf); a vote
 * toggles (same way again) or switches (the other way), one per user per post, serialised on the
 * post's row so that concurrent votes are counted exactly.
 */
export function createCommunityHub(deps: { db: Db; transact: Transact<HubEvents>; now: () => Date }) {
  const store = createPostStore(deps.db);

  /**
   * The posts as the viewer sees them: their comment ids, the viewer's vote and follow. On the pool
   * the three reads go side by side (a client each); in a transaction one after another (they share
   * its one client, which answers one query at a time).
   */
  async function shape(records: PostRecord[], viewer: AuthUser | undefined, executor: DbExecutor = deps.db) {
    const ids = records.map((r) => r.id);
    const commentIdsRead = () => store.commentIdsOf(ids, executor);
    const votesRead = () =>
      viewer ? store.votesOf(viewer.id, ids, executor) : Promise.resolve(new Map<string, StoredDirection>());
    const followsRead = () =>
      viewer ? store.followsOf(viewer.id, ids, executor) : Promise.resolve(new Map<string, boolean>());
    const [commentIds, myVotes, myFollows] =
      executor === deps.db
        ? await Promise.all([commentIdsRead(), votesRead(), followsRead()])
        : [await commentIdsRead(), await votesRead(), await followsRead()];
    return records.map((r) =>
      toPost(r, commentIds.get(r.id) ?? [], viewer?.id, myVotes.get(r.id), myFollows.get(r.id)),
    );
  }

  /**
   * A writer the directory does not know yet enters it from their session, but not by writing
   * anonymously: the mention picker lists the directory, and a name that appears there just as an
   * anonymous post does would say who wrote it. (Identity's registrations fill it regardless.)
   */
  async function joinDirectory(tx: DbExecutor, user: AuthUser, isAnonymous: boolean) {
    if (!isAnonymous)
      await store.addMemberIfUnknown(tx, { userId: user.id, name: user.name, isTeacher: user.isTeacher });
  }

  /**
   * The people a text @mentions, from the ids its composer sent: only members whose `@<Name>` the
   * text says, never its author, each once, in the order sent. Any other id is dropped without a
   * word (a client cannot have just anyone notified). Also answers the author's name as the
   * directory knows it (null if it does not), read in the same query.
   */
  async function mentionsIn(tx: DbExecutor, author: AuthUser, text: string, ids: string[] | undefined) {
    const wanted = [...new Set(ids ?? [])].filter((id) => id !== author.id);
    const names = new Map(
      (await store.membersAmong(tx, [author.id, ...wanted])).map((m) => [m.userId, m.name]),
    );
    const mentioned = wanted.filter((id) => {
      const name = names.get(id);
      return name !== undefined && saysAt(text, name);
    });
    return { mentioned, authorName: names.get(author.id) ?? null };
  }

  async function postFor(executor: DbExecutor, postId: string, viewer: AuthUser | undefined): Promise<Post> {
    const record = await store.find(executor, postId);
    if (!record || !seeableBy(record, viewer)) throw postNotFound();
    const [post] = await shape([record], viewer, executor);
    return post!;
  }

  /**
   * Deletes a post (its author's delete or a moderator's, the same): its comments, votes and follows
   * go with it, and moderation hears that each of its comments and the post are gone. The caller
   * holds the post's lock.
   */
  async function removePost(
    tx: DbExecutor,
    emit: Emit<'community.content.changed'>,
    post: PostRecord,
    session: AuthUser | undefined,
  ) {
    const at = deps.now();
    for (const c of await store.undeletedCommentsOf(tx, post.id))
      await emit(
        'community.content.changed',
        commentSnapshot(c, post.title, realName(c), 'deleted', c.version + 1, at),
      );
    await emit(
      'community.content.changed',
      postSnapshot(post, realName(post, session), 'deleted', post.version + 1, at),
    );
    await store.deletePost(tx, post.id);
  }

  /**
   * Deletes a comment (its author's or a moderator's): with replies it stays as '[deleted]', else it
   * goes; the post's count follows when it was counted. The caller holds the post's lock.
   */
  async function removeComment(
    tx: DbExecutor,
    emit: Emit<'community.content.changed'>,
    comment: CommentRecord,
    postTitle: string,
    session: AuthUser | undefined,
  ) {
    const at = deps.now();
    const { placeholder } = await store.deleteComment(tx, comment.id, at);
    // A deleted comment is nobody's answer (a removed one is cleared by the foreign key too).
    await store.clearAcceptedIf(tx, comment.postId, comment.id);
    if (counted(comment)) await store.adjustTallies(tx, comment.postId, { up: 0, down: 0, comments: -1 });
    await emit(
      'community.content.changed',
      commentSnapshot(comment, postTitle, realName(comment, session), 'deleted', comment.version + 1, at),
    );
    return { placeholder };
  }

  return {
    /**
     * A page of the hub (issue 27): filtered by words, category and solved; newest first after the
     * cursor (the default without words, and `sort=new`), by relevance (the default with words),
     * by upvotes (`top`), or trending (trendingScore). Orders other than newest page by `page`.
     */
    async list(
      query: z.output<typeof PostListQuery>,
      viewer: AuthUser | undefined,
    ): Promise<{ posts: Post[]; nextCursor: CursorPosition | undefined; nextPage: number | undefined }> {
      const filters = { q: query.q, tag: query.tag, solved: query.solved };
      const sort = query.sort ?? (query.q !== undefined ? 'relevance' : 'new');
      if (sort === 'new') {
        if (query.page !== undefined) throw pageRefused();
        const records = await store.newest(checkedCursor(query.cursor), query.limit, deps.db, filters);
        const last = records[records.length - 1];
        const nextCursor =
          last && records.length === query.limit
            ? { createdAt: last.createdAt.toISOString(), id: last.id }
            : undefined;
        return { posts: await shape(records, viewer), nextCursor, nextPage: undefined };
      }
      if (query.cursor !== undefined) throw cursorOnlyNewest();
      const page = query.page ?? 1;
      const offset = (page - 1) * query.limit;
      let records: PostRecord[];
      if (sort === 'trending') {
        // The top by score is among the top by upvotes or among the lifted (open, active)
        // questions by upvotes: two index walks, scored here.
        const now = deps.now();
        const wanted = offset + query.limit;
        const since = new Date(now.getTime() - TRENDING_ACTIVE_DAYS * 86_400_000);
        const [top, open] = await Promise.all([
          store.ranked(filters, 'top', 0, wanted),
          store.openQuestions(filters, since, wanted),
        ]);
        const unique = new Map([...top, ...open].map((r) => [r.id, r]));
        records = [...unique.values()].sort(byTrending(now)).slice(offset, wanted);
      } else records = await store.ranked(filters, sort, offset, query.limit);
      return {
        posts: await shape(records, viewer),
        nextCursor: undefined,
        nextPage: records.length === query.limit && page < 100 ? page + 1 : undefined,
      };
    },

    /**
     * Marks a comment of a question as its answer, or clears it (null): its asker (the session's id
     * against the stored author, anonymous or not) or a teacher; 403 NOT_OWNER for anyone else. A
     * teacher's mark tells the asker (community.answer.accepted); the asker's own does not.
     */
    async acceptAnswer(user: AuthUser, postId: string, commentId: string | null): Promise<Post> {
      if (!isId(postId)) throw postNotFound();
      return deps.transact(async (tx, emit) => {
        const post = await store.find(tx, postId, { lock: true });
        if (!post || !seeableBy(post, user)) throw postNotFound();
        const asker = post.authorId !== null && post.authorId === user.id;
        if (!asker && !user.isTeacher)
          throw new AppError(403, 'NOT_OWNER', COMMUNITY_MESSAGES.answerNotYours);
        if (post.tag !== QUESTION_TAG)
          throw new AppError(422, 'NOT_A_QUESTION', COMMUNITY_MESSAGES.answerNotQuestion);
        if (commentId !== null) {
          if (!isId(commentId)) throw commentNotFound();
          const comment = await store.findCommentById(tx, commentId);
          if (!comment) {
            // A comment that was deleted (and stays as '[deleted]') cannot be the answer.
            if (await store.postOfComment(tx, commentId))
              throw new AppError(422, 'ANSWER_NOT_IN_POST', COMMUNITY_MESSAGES.answerNotInPost);
            throw commentNotFound();
          }
          if (comment.postId !== postId || comment.moderation !== 'visible')
            throw new AppError(422, 'ANSWER_NOT_IN_POST', COMMUNITY_MESSAGES.answerNotInPost);
        }
        if (post.acceptedCommentId !== commentId) {
          await store.setAcceptedComment(tx, postId, commentId);
          if (commentId !== null && !asker && post.authorId !== null)
            await emit('community.answer.accepted', {
              postId,
              postTitle: post.title,
              commentId,
              askerId: post.authorId,
              actorName: user.name,
            });
        }
        return postFor(tx, postId, user);
      });
    },

    /** A post; a hidden one only for its author (with why it is hidden), else 404 as if it did not exist. */
    async get(postId: string, viewer: AuthUser | undefined): Promise<Post> {
      if (!isId(postId)) throw postNotFound();
      return postFor(deps.db, postId, viewer);
    },

    /** The post as its owner check loads it: undefined when there is none or `user` may not see it. */
    async findPostFor(postId: string, user: AuthUser): Promise<PostRecord | undefined> {
      if (!isId(postId)) return undefined;
      const record = await store.find(deps.db, postId);
      return record && seeableBy(record, user) ? record : undefined;
    },

    /**
     * Its author's edit (the owner check is done): the fields sent change, the post is one version
     * on and edited now, and moderation gets the new text. Mentions in the new text notify nobody.
     */
    async editPost(
      user: AuthUser,
      postId: string,
      changes: z.output<typeof UpdatePostRequest>,
    ): Promise<Post> {
      return deps.transact(async (tx, emit) => {
        if (!(await store.find(tx, postId, { lock: true }))) throw postNotFound();
        const at = deps.now();
        await store.updatePost(
          tx,
          postId,
          { title: changes.title, content: changes.content, tag: changes.tag },
          at,
        );
        const edited = (await store.find(tx, postId))!;
        await emit(
          'community.content.changed',
          postSnapshot(edited, realName(edited, user), 'edited', edited.version, at),
        );
        const [post] = await shape([edited], user, tx);
        return post!;
      });
    },

    /** Its author's delete (the owner check is done). */
    async deletePost(user: AuthUser, postId: string): Promise<void> {
      await deps.transact(async (tx, emit) => {
        const post = await store.find(tx, postId, { lock: true });
        if (!post) throw postNotFound();
        await removePost(tx, emit, post, user);
      });
    },

    /** The comment as its owner check loads it: not deleted, and `user` may see it and its post. */
    async findCommentFor(
      postId: string,
      commentId: string,
      user: AuthUser,
    ): Promise<CommentRecord | undefined> {
      if (!isId(postId) || !isId(commentId)) return undefined;
      const post = await store.find(deps.db, postId);
      if (!post || !seeableBy(post, user)) return undefined;
      const comment = await store.findComment(deps.db, postId, commentId);
      return comment && seeableBy(comment, user) ? comment : undefined;
    },

    /** Its author's new text for a comment (the owner check is done); mentions in it notify nobody. */
    async editComment(user: AuthUser, postId: string, commentId: string, content: string): Promise<Comment> {
      return deps.transact(async (tx, emit) => {
        const post = await store.lock(tx, postId);
        if (!post) throw postNotFound();
        if (!(await store.findComment(tx, postId, commentId))) throw commentNotFound();
        const at = deps.now();
        await store.updateComment(tx, commentId, content, at);
        const edited = (await store.findComment(tx, postId, commentId))!;
        await emit(
          'community.content.changed',
          commentSnapshot(edited, post.title, realName(edited, user), 'edited', edited.version, at),
        );
        return toComment(edited, user.id);
      });
    },

    /** Its author's delete of a comment (the owner check is done): whether it stays as '[deleted]'. */
    async deleteComment(
      user: AuthUser,
      postId: string,
      commentId: string,
    ): Promise<{ placeholder: boolean }> {
      return deps.transact(async (tx, emit) => {
        const post = await store.lock(tx, postId);
        if (!post) throw postNotFound();
        const comment = await store.findComment(tx, postId, commentId);
        if (!comment) throw commentNotFound();
        return removeComment(tx, emit, comment, post.title, user);
      });
    },

    /**
     * A moderation decision about a post or a comment, in the decision's inbox transaction: hide
     * (with the reason, which only the author reads) and restore change what the public sees and
     * the counts; delete is the author's delete. A repeat, or a decision about something already
     * deleted, changes nothing.
     */
    async moderate(
      tx: DbExecutor,
      command: ModerationCommand,
      decision: ModerationDecisionPayload,
      emit: Emit<'community.content.changed'>,
    ): Promise<void> {
      if (!isId(decision.targetId)) return;
      const state = command === 'hide' ? 'hidden' : 'visible';
      const reason = command === 'hide' ? decision.reason : null;
      if (decision.targetType === 'post') {
        const post = await store.find(tx, decision.targetId, { lock: true });
        if (!post) return;
        // Under the post's lock: a decision older than the last applied is skipped (out of order).
        if (!(await acceptDecision(tx, postsTable, postsTable.id, post.id, decision))) return;
        if (command === 'delete') await removePost(tx, emit, post, undefined);
        else await store.setPostModeration(tx, post.id, state, reason);
        return;
      }
      if (decision.targetType !== 'comment') return;
      const postId = await store.postOfComment(tx, decision.targetId);
      if (!postId) return;
      const post = await store.lock(tx, postId);
      const comment = await store.findCommentById(tx, decision.targetId);
      if (!post || !comment) return;
      // Under the post's lock (its comments' decisions take turns there): older than the last applied is skipped.
      if (!(await acceptDecision(tx, commentsTable, commentsTable.id, comment.id, decision))) return;
      if (command === 'delete') {
        await removeComment(tx, emit, comment, post.title, undefined);
        return;
      }
      await store.setCommentModeration(tx, comment.id, state, reason);
      // A hidden comment is nobody's answer any more; a restore does not make it one again.
      if (state === 'hidden') await store.clearAcceptedIf(tx, postId, comment.id);
      const nowCounted = counted({ deletedAt: comment.deletedAt, moderation: state });
      const change = Number(nowCounted) - Number(counted(comment));
      if (change !== 0) await store.adjustTallies(tx, postId, { up: 0, down: 0, comments: change });
    },

    /** A post; its author follows it from the start. */
    async create(user: AuthUser, data: z.output<typeof CreatePostRequest>): Promise<Post> {
      return deps.transact(async (tx, emit) => {
        const tag = data.tag ?? DEFAULT_POST_TAG;
        const isAnonymous = data.isAnonymous ?? false;
        await joinDirectory(tx, user, isAnonymous);
        const createdAt = deps.now();
        const postId = await store.insert(tx, {
          title: data.title,
          content: data.content,
          tag,
          authorId: user.id,
          isAnonymous,
          createdAt,
        });
        await store.followIfNew(tx, postId, user.id, createdAt);
        const { mentioned, authorName } = await mentionsIn(tx, user, data.content, data.mentions);
        // No author id, and no name when anonymous: the event leaves the service.
        await emit('community.post.created', {
          postId,
          tag,
          title: data.title,
          actorName: isAnonymous ? null : (authorName ?? user.name),
          mentioned,
        });
        await emit(
          'community.content.changed',
          postSnapshot(
            { id: postId, title: data.title, content: data.content, authorId: user.id, isAnonymous },
            authorName ?? user.name,
            'published',
            1,
            createdAt,
          ),
        );
        return postFor(tx, postId, user);
      });
    },

    /** Follows (true) or mutes (false) a post's new activity for the signed-in user. */
    async follow(user: AuthUser, postId: string, following: boolean): Promise<FollowState> {
      if (!isId(postId)) throw postNotFound();
      const stored = await store.setFollow(deps.db, { postId, userId: user.id, following, at: deps.now() });
      if (!stored) throw postNotFound();
      return { following };
    },

    /** The @mention picker's offer: members whose name or one of its words starts with `q`, by name. */
    async suggestMembers(user: AuthUser, q: string): Promise<MemberSuggestions> {
      const found = await store.membersStartingWith(q, user.id, MEMBER_SUGGESTIONS_MAX);
      return found.map((m) => ({ _id: m.userId, name: m.name }));
    },

    /**
     * The vote table: none -> that vote; the same again -> none (toggle); the other -> switched.
     * The post's row lock serialises every vote on it, so the tallies match the vote rows exactly.
     */
    async vote(user: AuthUser, postId: string, direction: VoteDirection): Promise<Post> {
      if (!isId(postId)) throw postNotFound();
      const wanted: StoredDirection = direction === 'up' ? 1 : -1;
      return deps.transact(async (tx) => {
        const post = await store.lock(tx, postId);
        if (!post || !seeableBy(post, user)) throw postNotFound();
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

    /** A thread as `viewer` may see it (toComment); a hidden post's only for its author. */
    async comments(
      postId: string,
      query: z.output<typeof CommentListQuery>,
      viewer: AuthUser | undefined,
    ): Promise<{ comments: Comment[]; nextCursor: CursorPosition | undefined }> {
      if (!isId(postId)) throw postNotFound();
      const post = await store.find(deps.db, postId);
      if (!post || !seeableBy(post, viewer)) throw postNotFound();
      const records = await store.commentsOf(postId, checkedCursor(query.cursor), query.limit, viewer?.id);
      const last = records[records.length - 1];
      return {
        comments: records.map((r) => toComment(r, viewer?.id)),
        nextCursor:
          last && records.length === query.limit
            ? { createdAt: last.createdAt.toISOString(), id: last.id }
            : undefined,
      };
    },

    /**
     * A comment or a reply; its parent must be a comment of the same post. Its author follows the
     * post unless they already had a word on it (a mute stays). Its event names who it concerns
     * (concernsOf), read under the post's lock, and never its author.
     */
    async comment(
      user: AuthUser,
      postId: string,
      data: z.output<typeof CreateCommentRequest>,
    ): Promise<Comment> {
      if (!isId(postId)) throw postNotFound();
      const parentId = data.parentId ?? null;
      return deps.transact(async (tx, emit) => {
        const post = await store.lock(tx, postId);
        // A hidden post takes no new comments, not even its author's (nobody else could read them).
        if (!post || post.moderation === 'hidden') throw postNotFound();
        const parentAuthor =
          parentId === null
            ? null
            : isId(parentId)
              ? await store.commentAuthor(tx, parentId, postId)
              : undefined;
        if (parentAuthor === undefined)
          throw new AppError(422, 'PARENT_NOT_IN_POST', COMMUNITY_MESSAGES.parentInvalid);
        const createdAt = deps.now();
        const isAnonymous = data.isAnonymous ?? false;
        await joinDirectory(tx, user, isAnonymous);
        const commentId = await store.insertComment(tx, {
          postId,
          parentId,
          content: data.content,
          authorId: user.id,
          isAnonymous,
          createdAt,
        });
        await store.adjustTallies(tx, postId, { up: 0, down: 0, comments: 1, activityAt: createdAt });
        await store.followIfNew(tx, postId, user.id, createdAt);
        const { mentioned, authorName } = await mentionsIn(tx, user, data.content, data.mentions);
        const concerns = concernsOf({
          actorId: user.id,
          postAuthor: post.authorId,
          parentAuthor,
          mentioned,
          follows: await store.followsOfPost(tx, postId),
        });
        // No author id, and no name when anonymous: the event leaves the service.
        await emit('community.comment.created', {
          commentId,
          postId,
          parentId,
          postTitle: post.title,
          actorName: isAnonymous ? null : (authorName ?? user.name),
          concerns,
        });
        const comment = { id: commentId, postId, content: data.content, authorId: user.id, isAnonymous };
        await emit(
          'community.content.changed',
          commentSnapshot(comment, post.title, authorName ?? user.name, 'published', 1, createdAt),
        );
        return toComment(
          {
            ...comment,
            parentId,
            authorName: authorName ?? user.name,
            createdAt,
            version: 1,
            editedAt: null,
            moderation: 'visible',
            moderationReason: null,
            deletedAt: null,
            hasReplies: false,
          },
          user.id,
        );
      });
    },

    /** From identity's `identity.user.registered` (the kit runs it once per event, in `tx`). */
    async memberRegistered(tx: DbExecutor, member: EventPayload<'identity.user.registered'>): Promise<void> {
      await store.setMember(tx, { userId: member.userId, name: member.name, isTeacher: member.isTeacher });
    },
  };
}

export type CommunityHub = ReturnType<typeof createCommunityHub>;
