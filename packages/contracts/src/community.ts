import { z } from 'zod';
import { plainText, successWith } from './common';
import { cursorQuery } from './paging';
import {
  ANONYMOUS_NAME,
  COMMENT_MAX,
  COMMENTS_MAX_LIMIT,
  COMMENTS_PAGE_SIZE,
  COMMUNITY_MESSAGES,
  HIDDEN_VOTER,
  PLEDGE_MAX,
  PLEDGE_MIN,
  POST_CONTENT_MAX,
  POST_TAGS,
  POST_TITLE_MAX,
  POSTS_MAX_LIMIT,
  POSTS_PAGE_SIZE,
} from './community-rules';

/**
 * The community domain's wire: the hub's posts, votes and comment threads, and the fundraising
 * campaigns with their pledges. Field names follow the spec's call table, spelling included
 * (`dowvote`); what our own remote needs besides (counts, the viewer's vote) is added alongside.
 */

export const Author = z
  .object({
    _id: z.string().nullable().meta({ description: 'The author; null when anonymous' }),
    name: z.string().meta({ description: `The author's name, or '${ANONYMOUS_NAME}'` }),
  })
  .meta({ id: 'CommunityAuthor' });
export type Author = z.infer<typeof Author>;

export const VoteDirection = z.enum(['up', 'down']);
export type VoteDirection = z.infer<typeof VoteDirection>;

export const Post = z
  .object({
    _id: z.string(),
    title: z.string(),
    content: z.string(),
    tag: z.enum(POST_TAGS),
    createdBy: Author,
    isAnonymous: z.boolean(),
    upvote: z
      .array(z.string())
      .meta({ description: `One entry per upvote: the viewer's id, or '${HIDDEN_VOTER}'` }),
    dowvote: z
      .array(z.string())
      .meta({ description: `One entry per downvote (spelled so): the viewer's id, or '${HIDDEN_VOTER}'` }),
    comments: z.array(z.string()).meta({ description: 'The ids of its comments, oldest first' }),
    createdAt: z.string(),
    upvotes: z.number().int(),
    downvotes: z.number().int(),
    commentCount: z.number().int(),
    myVote: VoteDirection.nullable().meta({
      description: "The signed-in user's vote; null for none or a guest",
    }),
    isOwnPost: z.boolean().meta({
      description:
        'True only for the signed-in author of the post (anonymous or not), false for everyone else and guests; ' +
        'it tells the author their own thread without telling anyone else who wrote it',
    }),
  })
  .meta({ id: 'CommunityPost' });
export type Post = z.infer<typeof Post>;

export const PostList = z.array(Post).meta({ id: 'CommunityPostList' });

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

export const CreatePostRequest = z
  .object({
    title: plainText(COMMUNITY_MESSAGES.titleRequired)
      .trim()
      .min(1, COMMUNITY_MESSAGES.titleRequired)
      .max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters.`),
    content: plainText(COMMUNITY_MESSAGES.contentRequired)
      .trim()
      .min(1, COMMUNITY_MESSAGES.contentRequired)
      .max(POST_CONTENT_MAX, `Content must be at most ${POST_CONTENT_MAX} characters.`),
    tag: z.preprocess(
      blankToUndefined,
      z.enum(POST_TAGS, { error: COMMUNITY_MESSAGES.tagInvalid }).optional(),
    ),
    isAnonymous: z.boolean({ error: 'isAnonymous must be true or false' }).optional(),
  })
  .meta({ id: 'CreatePostRequest' });
export type CreatePostRequest = z.input<typeof CreatePostRequest>;

/** `GET /api/community`: newest first by `cursor`, or `sort=trending` for the top posts by upvotes. */
export const PostListQuery = z.object({
  ...cursorQuery({ defaultLimit: POSTS_PAGE_SIZE, maxLimit: POSTS_MAX_LIMIT }),
  sort: z
    .preprocess(
      blankToUndefined,
      z.enum(['newest', 'trending'], { error: 'Sort must be newest or trending' }).optional(),
    )
    .transform((v) => v ?? 'newest'),
});

export const PostIdParams = z.object({ postId: z.string().meta({ description: 'The post id' }) });

export const Comment = z
  .object({
    _id: z.string(),
    postId: z.string(),
    content: z.string(),
    createdBy: Author,
    isAnonymous: z.boolean(),
    parentId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CommunityComment' });
export type Comment = z.infer<typeof Comment>;

export const CommentList = z.array(Comment).meta({ id: 'CommunityCommentList' });

export const CreateCommentRequest = z
  .object({
    content: plainText(COMMUNITY_MESSAGES.commentRequired)
      .trim()
      .min(1, COMMUNITY_MESSAGES.commentRequired)
      .max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters.`),
    isAnonymous: z.boolean({ error: 'isAnonymous must be true or false' }).optional(),
    parentId: z
      .string({ error: COMMUNITY_MESSAGES.parentInvalid })
      .max(100, COMMUNITY_MESSAGES.parentInvalid)
      .nullable()
      .optional(),
  })
  .meta({ id: 'CreateCommentRequest' });
export type CreateCommentRequest = z.input<typeof CreateCommentRequest>;

/** `GET /api/comments/{postId}`: oldest first; `cursor` (from `X-Next-Cursor`) for the next page. */
export const CommentListQuery = z.object(
  cursorQuery({ defaultLimit: COMMENTS_PAGE_SIZE, maxLimit: COMMENTS_MAX_LIMIT }),
);

export const Campaign = z
  .object({
    id: z.string(),
    title: z.string(),
    tag: z.string(),
    description: z.string(),
    upiId: z.string(),
    raised: z.number().int(),
    goal: z.number().int(),
    link: z.string(),
    emoji: z.string(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;

export const CampaignListResponse = successWith('CampaignListResponse', z.array(Campaign));
export type CampaignListResponse = z.infer<typeof CampaignListResponse>;

export const CampaignIdParams = z.object({ campaignId: z.string().meta({ description: 'The campaign id' }) });

/** The spec's rule: the amount must parse to a positive integer (strings such as "500" included). */
export const PledgeAmount = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: COMMUNITY_MESSAGES.invalidAmount })
    .int(COMMUNITY_MESSAGES.invalidAmount)
    .min(PLEDGE_MIN, COMMUNITY_MESSAGES.invalidAmount)
    .max(PLEDGE_MAX, COMMUNITY_MESSAGES.amountTooLarge),
);

export const PledgeRequest = z.object({ amount: PledgeAmount }).meta({ id: 'PledgeRequest' });
export type PledgeRequest = z.input<typeof PledgeRequest>;

export const PledgeResponse = successWith(
  'PledgeResponse',
  z.object({ pledgeId: z.string(), amount: z.number().int(), campaign: Campaign }),
);
export type PledgeResponse = z.infer<typeof PledgeResponse>;
