import type { Response } from 'express';
import { z } from 'zod';
import {
  CampaignIdParams,
  CampaignListResponse,
  Comment,
  CommentList,
  CommentListQuery,
  CreateCommentRequest,
  CreatePostRequest,
  PledgeRequest,
  PledgeResponse,
  Post,
  PostIdParams,
  PostList,
  PostListQuery,
} from '@campus/contracts/community';
import {
  COMMENTS_MAX_LIMIT,
  COMMENTS_PAGE_SIZE,
  COMMUNITY_MESSAGES,
  POSTS_MAX_LIMIT,
  POSTS_PAGE_SIZE,
  TRENDING_SIZE,
} from '@campus/contracts/community-rules';
import { cursorQueryDoc } from '@campus/contracts/paging';
import { encodeCursor, type CursorPosition } from '@campus/contracts/cursor';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { CommunityHub } from '../domain/community-hub';
import { PledgesTooFrequent, type Fundraising } from '../domain/fundraising';

/** A bare-array list says where it goes on in a header (its body is the spec's array). */
function setNextCursor(res: Response, next: CursorPosition | undefined) {
  if (next) res.set('X-Next-Cursor', encodeCursor(next));
}

/** The voter's vote, whatever the body says (the spec's client sends `userId`; it is ignored). */
const VoteBody = z.object({}).passthrough();

/**
 * The community API: the spec's /api/community and /api/comments calls, shaped as its table says
 * (bare arrays, the created post, the updated post), and /api/fundraising. Declared once each.
 */
export function createCommunityRoutes({
  hub,
  fundraising,
}: {
  hub: CommunityHub;
  fundraising: Fundraising;
}): AnyRoute[] {
  const voteRoute = (direction: 'up' | 'down') =>
    defineRoute({
      method: 'patch',
      path: `/api/community/:postId/${direction}vote`,
      operationId: `${direction}votePost`,
      summary: `${direction === 'up' ? 'Upvote' : 'Downvote'} a post: the same vote again removes it, the other way switches it`,
      access: 'user',
      request: { params: PostIdParams, body: VoteBody },
      response: { description: 'The post after the vote', body: Post },
      errors: { 404: 'No such post' },
      handler: ({ user, params }) => hub.vote(user, params.postId, direction),
    });

  return [
    defineRoute({
      method: 'get',
      path: '/api/community',
      operationId: 'listPosts',
      summary: `Posts, newest first (${POSTS_PAGE_SIZE} a page; next page: ?cursor= from X-Next-Cursor), or ?sort=trending&limit=${TRENDING_SIZE} for the most upvoted`,
      access: 'public',
      request: { query: PostListQuery },
      docs: {
        query: z.object({
          sort: z
            .enum(['newest', 'trending'])
            .optional()
            .meta({ description: 'newest (default) or trending (by upvotes)' }),
          ...cursorQueryDoc({ defaultLimit: POSTS_PAGE_SIZE, maxLimit: POSTS_MAX_LIMIT }),
        }),
      },
      response: { description: 'A bare array of posts', body: PostList },
      handler: async ({ query, user, res }) => {
        const page = await hub.list(query, user);
        setNextCursor(res, page.nextCursor);
        return page.posts;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/community',
      operationId: 'createPost',
      summary: 'Create a post (its author is the signed-in user; tag defaults to Q&A)',
      access: 'user',
      idempotencyKey: true,
      request: { body: CreatePostRequest },
      response: { status: 201, description: 'The created post', body: Post },
      handler: ({ user, body }) => hub.create(user, body),
    }),
    defineRoute({
      method: 'get',
      path: '/api/community/:postId',
      operationId: 'getPost',
      summary: 'One post',
      access: 'public',
      request: { params: PostIdParams },
      response: { description: 'The post', body: Post },
      errors: { 404: 'No such post' },
      handler: ({ params, user }) => hub.get(params.postId, user),
    }),
    voteRoute('up'),
    voteRoute('down'),
    defineRoute({
      method: 'get',
      path: '/api/comments/:postId',
      operationId: 'listComments',
      summary: `A post's comments, oldest first, each with parentId (${COMMENTS_PAGE_SIZE} a page; next: ?cursor= from X-Next-Cursor)`,
      access: 'public',
      request: { params: PostIdParams, query: CommentListQuery },
      docs: {
        query: z.object(cursorQueryDoc({ defaultLimit: COMMENTS_PAGE_SIZE, maxLimit: COMMENTS_MAX_LIMIT })),
      },
      response: { description: 'A bare array of comments', body: CommentList },
      errors: { 404: 'No such post' },
      handler: async ({ params, query, res }) => {
        const page = await hub.comments(params.postId, query);
        setNextCursor(res, page.nextCursor);
        return page.comments;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/comments/:postId',
      operationId: 'createComment',
      summary: 'Comment on a post or reply to one of its comments (parentId)',
      access: 'user',
      idempotencyKey: true,
      request: { params: PostIdParams, body: CreateCommentRequest },
      response: { status: 201, description: 'The new comment', body: Comment },
      errors: { 404: 'No such post', 422: 'parentId is not a comment of this post' },
      handler: ({ user, params, body }) => hub.comment(user, params.postId, body),
    }),
    defineRoute({
      method: 'get',
      path: '/api/fundraising',
      operationId: 'listCampaigns',
      summary: 'The fundraising campaigns with their totals',
      access: 'public',
      response: { description: 'Every campaign', body: CampaignListResponse },
      handler: async () => ({
        success: true as const,
        message: COMMUNITY_MESSAGES.campaignsFound,
        data: await fundraising.campaigns(),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/fundraising/:campaignId/pledges',
      operationId: 'createPledge',
      summary: 'Record a pledge paid by UPI (whole rupees); the campaign total grows for everyone',
      access: 'user',
      idempotencyKey: true,
      request: { params: CampaignIdParams, body: PledgeRequest },
      response: { status: 201, description: 'Recorded', body: PledgeResponse },
      errors: {
        404: 'No such campaign',
        422: "The pledge would take the user past what one person may pledge to the campaign (PLEDGE_CAP_REACHED); 429: past the user's pledges for the hour.",
      },
      handler: async ({ user, params, body, res }) => {
        try {
          return {
            success: true as const,
            message: COMMUNITY_MESSAGES.pledged,
            data: await fundraising.pledge(user, params.campaignId, body.amount),
          };
        } catch (err) {
          if (err instanceof PledgesTooFrequent) res.set('Retry-After', String(err.retryAfterSeconds));
          throw err;
        }
      },
    }),
  ];
}
