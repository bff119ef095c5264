import type { Response } from 'express';
import { z } from 'zod';
import {
  AcceptAnswerRequest,
  Comment,
  CommentDeletedResponse,
  CommentIdParams,
  CommentList,
  CommentListQuery,
  CreateCommentRequest,
  CreatePostRequest,
  FollowRequest,
  FollowState,
  MemberSuggestionQuery,
  MemberSuggestions,
  Post,
  PostDeletedResponse,
  PostIdParams,
  PostList,
  PostListQuery,
  UpdateCommentRequest,
  UpdatePostRequest,
} from '@campus/contracts/community';
import {
  COMMENTS_MAX_LIMIT,
  COMMENTS_PAGE_SIZE,
  COMMUNITY_MESSAGES,
  POSTS_MAX_LIMIT,
  POST_SORTS,
  POST_TAGS,
  POSTS_PAGE_SIZE,
  SEARCH_Q_MAX,
  TRENDING_SIZE,
} from '@campus/contracts/community-rules';
import { cursorQueryDoc } from '@campus/contracts/paging';
import { encodeCursor, type CursorPosition } from '@campus/contracts/cursor';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { requireOwner } from '@campus/service-kit/require-owner';
import { MEMBER_SUGGESTIONS_MAX, type CommunityHub } from '../domain/community-hub';

/** A bare-array list says where it goes on in a header (its body is the spec's array). */
function setNextCursor(res: Response, next: CursorPosition | undefined) {
  if (next) res.set('X-Next-Cursor', encodeCursor(next));
}

/** The owner of what a deleted account left behind ("Deleted user"): matches no signed-in user. */
const NOBODY = '';

/** The voter's vote, whatever the body says (the spec's client sends `userId`; it is ignored). */
const VoteBody = z.object({}).passthrough();

/**
 * The community API: the spec's /api/community and /api/comments calls, shaped as its table says
 * (bare arrays, the created post, the updated post). Fundraising's are in fundraising-routes.ts.
 */
export function createCommunityRoutes({ hub }: { hub: CommunityHub }): AnyRoute[] {
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
      summary: `Posts, newest first (${POSTS_PAGE_SIZE} a page; next page: ?cursor= from X-Next-Cursor), or ?sort=trending&limit=${TRENDING_SIZE} for Trending Discussions; ?q= searches title and content (ranked), ?tag= one category, ?solved=false open questions; orders other than newest page by ?page= (X-Next-Page)`,
      access: 'public',
      request: { query: PostListQuery },
      docs: {
        query: z.object({
          sort: z
            .enum([...POST_SORTS, 'newest'])
            .optional()
            .meta({
              description:
                'new (default without q; newest is its older name), top (most upvoted), trending (upvotes, with a lift for open questions active in the last week); with q and no sort: by relevance',
            }),
          q: z.string().max(SEARCH_Q_MAX).optional().meta({
            description:
              'Words to find in title and content (PostgreSQL full-text search, english: "a phrase", -word, or)',
          }),
          tag: z.enum(POST_TAGS).optional().meta({ description: 'Only this category' }),
          solved: z.enum(['true', 'false']).optional().meta({
            description: 'true: posts with an accepted answer; false: Q&A posts without one',
          }),
          page: z.number().int().min(1).max(100).optional().meta({
            description: 'The page of an order other than new (relevance, top, trending); default 1',
          }),
          ...cursorQueryDoc({ defaultLimit: POSTS_PAGE_SIZE, maxLimit: POSTS_MAX_LIMIT }),
        }),
      },
      response: { description: 'A bare array of posts', body: PostList },
      handler: async ({ query, user, res }) => {
        const page = await hub.list(query, user);
        setNextCursor(res, page.nextCursor);
        if (page.nextPage !== undefined) res.set('X-Next-Page', String(page.nextPage));
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
    // Before /api/community/:postId, which would otherwise take `members` for a post id.
    defineRoute({
      method: 'get',
      path: '/api/community/members',
      operationId: 'suggestMembers',
      summary: `Who to @mention: up to ${MEMBER_SUGGESTIONS_MAX} members whose name or one of its words starts with q (any case), by name, the caller left out`,
      access: 'user',
      request: { query: MemberSuggestionQuery },
      response: { description: 'A bare array of members', body: MemberSuggestions },
      handler: ({ user, query }) => hub.suggestMembers(user, query.q),
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
      handler: ({ params, user, res }) => {
        // A signed-in reader's answer is theirs (isOwnPost, myVote, following, a hidden post's
        // reason): no shared cache keeps it, and none answers a guest's copy to them.
        res.vary('Authorization').vary('Cookie');
        if (user) res.set('Cache-Control', 'private, no-store');
        return hub.get(params.postId, user);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/api/community/:postId',
      operationId: 'updatePost',
      summary:
        'Edit a post (its author only): any of title, content, tag, with the create form’s rules; anonymity stays as it was',
      access: 'user',
      request: { params: PostIdParams, body: UpdatePostRequest },
      response: { description: 'The post as edited', body: Post },
      errors: { 403: 'Not its author (NOT_OWNER)', 404: 'No such post' },
      handler: async ({ req, user, params, body }) => {
        await requireOwner(req, {
          load: () => hub.findPostFor(params.postId, user),
          ownerOf: (post) => post.authorId ?? NOBODY,
          notFoundMessage: COMMUNITY_MESSAGES.postNotFound,
          forbiddenMessage: COMMUNITY_MESSAGES.postNotYours,
        });
        return hub.editPost(user, params.postId, body);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/community/:postId',
      operationId: 'deletePost',
      summary: 'Delete a post (its author only): its comments, votes and follows go with it',
      access: 'user',
      request: { params: PostIdParams },
      response: { description: 'Deleted', body: PostDeletedResponse },
      errors: { 403: 'Not its author (NOT_OWNER)', 404: 'No such post' },
      handler: async ({ req, user, params }) => {
        await requireOwner(req, {
          load: () => hub.findPostFor(params.postId, user),
          ownerOf: (post) => post.authorId ?? NOBODY,
          notFoundMessage: COMMUNITY_MESSAGES.postNotFound,
          forbiddenMessage: COMMUNITY_MESSAGES.postNotYours,
        });
        await hub.deletePost(user, params.postId);
        return {
          success: true as const,
          message: COMMUNITY_MESSAGES.postDeleted,
          data: { _id: params.postId },
        };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/community/:postId/answer',
      operationId: 'acceptAnswer',
      summary:
        "Mark a comment as the answer to a Q&A post, or clear it ({commentId: null}): the post's asker or a teacher",
      access: 'user',
      request: { params: PostIdParams, body: AcceptAnswerRequest },
      response: { description: 'The post with acceptedCommentId and solved', body: Post },
      errors: {
        403: 'Neither its asker nor a teacher (NOT_OWNER)',
        404: 'No such post or comment',
        422: 'Not a Q&A post (NOT_A_QUESTION), or the comment is not a live comment of this post (ANSWER_NOT_IN_POST)',
      },
      handler: ({ user, params, body }) => hub.acceptAnswer(user, params.postId, body.commentId),
    }),
    voteRoute('up'),
    voteRoute('down'),
    defineRoute({
      method: 'put',
      path: '/api/community/:postId/follow',
      operationId: 'followPost',
      summary:
        "Follow (true) or mute (false) a post's new activity; its author and its commenters follow it until they mute it",
      access: 'user',
      request: { params: PostIdParams, body: FollowRequest },
      response: { description: 'The signed-in user’s follow of the post now', body: FollowState },
      errors: { 404: 'No such post' },
      handler: ({ user, params, body }) => hub.follow(user, params.postId, body.following),
    }),
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
      handler: async ({ params, query, user, res }) => {
        const page = await hub.comments(params.postId, query, user);
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
      method: 'patch',
      path: '/api/comments/:postId/:commentId',
      operationId: 'updateComment',
      summary: 'Edit a comment (its author only): its content, with the create form’s rule',
      access: 'user',
      request: { params: CommentIdParams, body: UpdateCommentRequest },
      response: { description: 'The comment as edited', body: Comment },
      errors: { 403: 'Not its author (NOT_OWNER)', 404: 'No such post or comment' },
      handler: async ({ req, user, params, body }) => {
        await requireOwner(req, {
          load: () => hub.findCommentFor(params.postId, params.commentId, user),
          ownerOf: (comment) => comment.authorId ?? NOBODY,
          notFoundMessage: COMMUNITY_MESSAGES.commentNotFound,
          forbiddenMessage: COMMUNITY_MESSAGES.commentNotYours,
        });
        return hub.editComment(user, params.postId, params.commentId, body.content);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/comments/:postId/:commentId',
      operationId: 'deleteComment',
      summary: "Delete a comment (its author only): with replies it stays as '[deleted]', without it is gone",
      access: 'user',
      request: { params: CommentIdParams },
      response: { description: 'Deleted', body: CommentDeletedResponse },
      errors: { 403: 'Not its author (NOT_OWNER)', 404: 'No such post or comment' },
      handler: async ({ req, user, params }) => {
        await requireOwner(req, {
          load: () => hub.findCommentFor(params.postId, params.commentId, user),
          ownerOf: (comment) => comment.authorId ?? NOBODY,
          notFoundMessage: COMMUNITY_MESSAGES.commentNotFound,
          forbiddenMessage: COMMUNITY_MESSAGES.commentNotYours,
        });
        const { placeholder } = await hub.deleteComment(user, params.postId, params.commentId);
        return {
          success: true as const,
          message: COMMUNITY_MESSAGES.commentDeleted,
          data: { _id: params.commentId, postId: params.postId, placeholder },
        };
      },
    }),
  ];
}
