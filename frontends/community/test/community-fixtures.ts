import {
  Campaign,
  CampaignListResponse,
  Comment,
  CommentList,
  FollowState,
  MemberSuggestions,
  Post,
  PostList,
  type Campaign as CampaignType,
  type Comment as CommentType,
  type MemberSuggestions as MemberSuggestionsType,
  type Post as PostType,
} from '@campus/contracts/community';
import { COMMENTS_MAX_LIMIT, POSTS_PAGE_SIZE } from '@campus/contracts/community-rules';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply, type ReplyTarget } from '@campus/web-kit/testing/api-replies';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';

export const student: SessionUser = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: false,
};

export function post(id: string, title: string, change: Partial<PostType> = {}): PostType {
  return Post.parse({
    _id: id,
    title,
    content: `About ${title}`,
    tag: 'Q&A',
    createdBy: { _id: 'u-other', name: 'Ravi Kumar' },
    isAnonymous: false,
    upvote: [],
    dowvote: [],
    comments: [],
    createdAt: '2026-03-01T09:00:00.000Z',
    upvotes: 0,
    downvotes: 0,
    commentCount: 0,
    myVote: null,
    isOwnPost: false,
    editedAt: null,
    ...change,
  });
}

export function comment(id: string, content: string, change: Partial<CommentType> = {}): CommentType {
  return Comment.parse({
    _id: id,
    postId: 'p1',
    content,
    createdBy: { _id: 'u-other', name: 'Ravi Kumar' },
    isAnonymous: false,
    parentId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    editedAt: null,
    ...change,
  });
}

export const campaign = (change: Partial<CampaignType> = {}): CampaignType =>
  Campaign.parse({
    id: '1',
    title: 'Library Expansion Fund',
    tag: 'Education',
    description: 'More books.',
    upiId: 'libraryfund@sbi',
    raised: 45000,
    goal: 100000,
    link: '/campaign/1',
    emoji: '📚',
    status: 'open',
    deadline: null,
    payeeName: 'Campus Connect Fund',
    organiserId: null,
    pending: { count: 0, sum: 0 },
    ...change,
  });

/**
 * The service's `X-Next-Cursor`: sent only after a full page (more may follow), and opaque to the
 * remote, which hands it back as it came. A fixture that names one after a shorter page is not
 * what the service answers.
 */
function nextPageFrom(reply: ScriptedReply, items: unknown[], pageSize: number, nextCursor?: string) {
  if (nextCursor === undefined) return reply;
  if (items.length !== pageSize)
    throw new Error(
      `The service sends X-Next-Cursor only after a full page (${pageSize}), not ${items.length}`,
    );
  return { ...reply, headers: { 'X-Next-Cursor': nextCursor } };
}

interface PageAt {
  /** The page after this cursor (the first page when left out). */
  cursor?: string;
  /** The service's `X-Next-Cursor` for this page (only a full page has one). */
  nextCursor?: string;
}
const cursorQuery = (cursor: string | undefined) => (cursor === undefined ? '' : `&cursor=${cursor}`);

/** A page of the hub's posts, as the remote asks for it (20 at a time). */
export const postsPage = (posts: PostType[], { cursor, nextCursor }: PageAt = {}) =>
  nextPageFrom(
    contractReply(PostList, posts, { url: `/api/community?limit=${POSTS_PAGE_SIZE}${cursorQuery(cursor)}` }),
    posts,
    POSTS_PAGE_SIZE,
    nextCursor,
  );
export const trending = (posts: PostType[]) => contractReply(PostList, posts, { match: 'sort=trending' });
export const onePost = (p: PostType) =>
  contractReply(Post, p, { url: `/api/community/${p._id}`, method: 'GET' });
/** A page of a post's thread, as the remote asks for it (500 at a time). */
export const thread = (postId: string, comments: CommentType[], { cursor, nextCursor }: PageAt = {}) =>
  nextPageFrom(
    contractReply(CommentList, comments, {
      url: `/api/comments/${postId}?limit=${COMMENTS_MAX_LIMIT}${cursorQuery(cursor)}`,
      method: 'GET',
    }),
    comments,
    COMMENTS_MAX_LIMIT,
    nextCursor,
  );
export const campaigns = (list: CampaignType[]) =>
  contractReply(
    CampaignListResponse,
    { success: true, message: 'Campaigns found', data: list },
    { url: '/api/fundraising' },
  );

/** The service's answer to Follow / Mute (communityApi.followPost). */
export const followAnswer = (postId: string, following: boolean, target: Pick<ReplyTarget, 'hold'> = {}) =>
  contractReply(
    FollowState,
    { following },
    { url: `/api/community/${postId}/follow`, method: 'PUT', ...target },
  );

/** Who the @mention picker is offered for `q` (communityApi.suggestMembers), as the remote asks for it. */
export const memberSuggestions = (q: string, members: MemberSuggestionsType) =>
  contractReply(MemberSuggestions, members, {
    url: `/api/community/members?${new URLSearchParams({ q }).toString()}`,
    method: 'GET',
  });

export const member = (id: string, name: string) => ({ _id: id, name });
