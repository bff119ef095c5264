import {
  Campaign,
  CampaignListResponse,
  Comment,
  CommentList,
  Post,
  PostList,
  type Campaign as CampaignType,
  type Comment as CommentType,
  type Post as PostType,
} from '@campus/contracts/community';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply } from '@campus/web-kit/testing/api-replies';

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
    ...change,
  });

export const postsPage = (posts: PostType[]) =>
  contractReply(PostList, posts, { match: '/api/community?limit' });
export const trending = (posts: PostType[]) => contractReply(PostList, posts, { match: 'sort=trending' });
export const onePost = (p: PostType) =>
  contractReply(Post, p, { url: `/api/community/${p._id}`, method: 'GET' });
export const thread = (postId: string, comments: CommentType[]) =>
  contractReply(CommentList, comments, { match: `/api/comments/${postId}?`, method: 'GET' });
export const campaigns = (list: CampaignType[]) =>
  contractReply(
    CampaignListResponse,
    { success: true, message: 'Campaigns found', data: list },
    { url: '/api/fundraising' },
  );
