import { z } from 'zod';
import { plainText, successWith } from './common';
import { cursorQuery } from './paging';

/**
 * The community domain's wire: the hub's posts, votes and comment threads, and the fundraising
 * campaigns with their pledges. Field names follow the spec's call table, spelling included
 * (`dowvote`); what our own remote needs besides (counts, the viewer's vote) is added alongside.
 */

/** The spec's seven post categories, in its order; a post without one is Q&A. */
export const POST_TAGS = [
  'Q&A',
  'Advice',
  'Tutorial',
  'Discussion',
  'Review',
  'Experience',
  'Complain',
] as const;
export type PostTag = (typeof POST_TAGS)[number];
export const DEFAULT_POST_TAG: PostTag = 'Q&A';

/** The hub's first page and its Load More step; the cap any client may ask for. */
export const POSTS_PAGE_SIZE = 20;
export const POSTS_MAX_LIMIT = 50;
/** The spec's Trending Discussions: the top 5 posts by upvote count. */
export const TRENDING_SIZE = 5;
/** One thread's comments, oldest first, a page at a time (a thread rarely needs a second page). */
export const COMMENTS_PAGE_SIZE = 200;
export const COMMENTS_MAX_LIMIT = 500;

export const POST_TITLE_MAX = 200;
export const POST_CONTENT_MAX = 10_000;
export const COMMENT_MAX = 2_000;

/** What every anonymous post or comment shows instead of its author. */
export const ANONYMOUS_NAME = 'Anonymous User';
/**
 * The entries of `upvote`/`dowvote` other than the viewer's own id. Voters are nobody's business
 * (and the author's own vote would unmask an anonymous post): the lists keep their length, so
 * `upvote.length` counts, and hold the viewer's id when they voted, so `includes(user._id)` works.
 */
export const HIDDEN_VOTER = 'hidden';

/** Fundraising: a pledge is a whole number of rupees from 1 to a UPI payment's usual ceiling. */
export const PLEDGE_MIN = 1;
export const PLEDGE_MAX = 100_000;
/** How long the card says 'Copied!' after Copy UPI ID (spec §9). */
export const COPIED_INDICATOR_MS = 2000;

export const COMMUNITY_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  tagInvalid: `Category must be one of: ${POST_TAGS.join(', ')}`,
  commentRequired: 'Comment cannot be empty',
  parentInvalid: 'The comment you are replying to is not part of this post.',
  postNotFound: 'Post not found.',
  campaignNotFound: 'Campaign not found.',
  loginToPost: 'Please log in to create a post.',
  loginToVote: 'Please log in to vote.',
  loginToComment: 'Please log in to comment.',
  loginToPledge: 'Please log in to record a pledge.',
  invalidAmount: 'Please enter a valid amount',
  amountTooLarge: `A single pledge can be at most ₹${PLEDGE_MAX.toLocaleString('en-IN')}.`,
  pledged: 'Thank you! Your pledge is recorded.',
  campaignsFound: 'Campaigns found',
} as const;

/** A post's or comment's author as read: a named member, or nobody for an anonymous one. */
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

/** The `upi://pay` link a phone opens in its UPI app: payee, name, amount in rupees, a note. */
export function upiPayLink(campaign: Pick<Campaign, 'upiId' | 'title'>, amount?: number): string {
  const params = new URLSearchParams({
    pa: campaign.upiId,
    pn: campaign.title,
    cu: 'INR',
    tn: campaign.title,
  });
  if (amount && Number.isInteger(amount) && amount > 0) params.set('am', String(amount));
  return `upi://pay?${params.toString()}`;
}

/** Progress as the spec shows it: raised/goal as a rounded percent, capped at 100. */
export const campaignProgress = (raised: number, goal: number) =>
  goal > 0 ? Math.min(100, Math.round((raised / goal) * 100)) : 100;
