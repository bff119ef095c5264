import { z } from 'zod';
import { plainText, successWith } from './common';
import { DELETED_PLACEHOLDER } from './moderation-rules';
import { cursorQuery } from './paging';
import {
  ANONYMOUS_NAME,
  DELETED_AUTHOR_NAME,
  COMMENT_MAX,
  COMMENTS_MAX_LIMIT,
  COMMENTS_PAGE_SIZE,
  COMMUNITY_MESSAGES,
  HIDDEN_VOTER,
  PLEDGE_MAX,
  PLEDGE_MIN,
  POST_CONTENT_MAX,
  POST_SORTS,
  POST_TAGS,
  POST_TITLE_MAX,
  POSTS_MAX_LIMIT,
  POSTS_PAGE_SIZE,
  QUESTION_TAG,
  SEARCH_Q_MAX,
} from './community-rules';
import { MENTIONS_MAX } from './notifications-rules';

/**
 * The community domain's wire: the hub's posts, votes and comment threads, and the fundraising
 * campaigns with their pledges. Field names follow the spec's call table, spelling included
 * (`dowvote`); what our own remote needs besides (counts, the viewer's vote) is added alongside.
 */

export const Author = z
  .object({
    _id: z
      .string()
      .nullable()
      .meta({ description: 'The author; null when anonymous, or when the writer deleted their account' }),
    name: z.string().meta({
      description: `The author's name, or '${ANONYMOUS_NAME}', or '${DELETED_AUTHOR_NAME}' (the writer deleted their account and left what they wrote)`,
    }),
  })
  .meta({ id: 'CommunityAuthor' });
export type Author = z.infer<typeof Author>;

/** Why the author's hidden post or comment is hidden: their screen says "Hidden by a moderator: <reason>". */
export const CommunityModeration = z
  .object({ state: z.literal('hidden'), reason: z.string() })
  .meta({ id: 'CommunityModeration' });
export type CommunityModeration = z.infer<typeof CommunityModeration>;

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
    following: z
      .boolean()
      .optional()
      .meta({
        description:
          "Whether the signed-in user gets notified of the post's new activity (automatic for its author and " +
          'commenters, changed with PUT /api/community/{postId}/follow); false for guests',
      }),
    followState: z
      .enum(['following', 'muted', 'none'])
      .optional()
      .meta({
        description:
          "The signed-in user's word on the post's activity: 'following', 'muted' (they followed, or wrote " +
          "there, and turned it off), or 'none' (they never followed it; also every guest). `following` is " +
          "false for both 'muted' and 'none'",
      }),
    isOwnPost: z.boolean().meta({
      description:
        'True only for the signed-in author of the post (anonymous or not), false for everyone else and guests; ' +
        'it tells the author their own thread without telling anyone else who wrote it',
    }),
    editedAt: z
      .string()
      .nullable()
      .meta({ description: 'When its author last edited it (ISO); null when never' }),
    moderation: CommunityModeration.optional().meta({
      description: 'Only in its author’s own answer, when a moderator (or the reports threshold) hid it',
    }),
    acceptedCommentId: z
      .string()
      .nullable()
      .optional()
      .meta({
        description: `The comment its asker or a teacher accepted as the answer (${QUESTION_TAG} posts only); null when none`,
      }),
    solved: z
      .boolean()
      .optional()
      .meta({ description: 'Whether it has an accepted answer (acceptedCommentId is not null)' }),
  })
  .meta({ id: 'CommunityPost' });
export type Post = z.infer<typeof Post>;

export const PostList = z.array(Post).meta({ id: 'CommunityPostList' });

/**
 * The people a post or comment @mentions, by user id (the composer's picker fills it; the text says
 * `@Name`). Only ids of members whose `@Name` is in the text are kept; the rest are ignored.
 */
export const Mentions = z
  .array(z.string().min(1).max(100), { error: 'mentions must be a list of user ids' })
  .max(MENTIONS_MAX, `Mention at most ${MENTIONS_MAX} people.`)
  .optional();

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
    mentions: Mentions,
  })
  .meta({ id: 'CreatePostRequest' });
export type CreatePostRequest = z.input<typeof CreatePostRequest>;

/**
 * `PATCH /api/community/{postId}`: the create form's editable fields, each optional, with the same
 * messages; at least one. Anonymity and authorship are not editable (unknown fields are dropped).
 */
export const UpdatePostRequest = CreatePostRequest.pick({ title: true, content: true, tag: true })
  .partial()
  .refine((v) => v.title !== undefined || v.content !== undefined || v.tag !== undefined, {
    error: COMMUNITY_MESSAGES.nothingToEdit,
  })
  .meta({ id: 'UpdatePostRequest' });
export type UpdatePostRequest = z.input<typeof UpdatePostRequest>;

/** `DELETE /api/community/{postId}`: the deleted post's id. */
export const PostDeletedResponse = successWith('PostDeletedResponse', z.object({ _id: z.string() }));
export type PostDeletedResponse = z.infer<typeof PostDeletedResponse>;

/**
 * `GET /api/community`: newest first by `cursor`, or `sort=trending` / `sort=top`; `q` searches title
 * and content (ranked by relevance unless a sort is asked), `tag` keeps one category, `solved`
 * true/false keeps answered / unanswered questions. Every parameter is optional (issue 27: additive).
 * Orders other than newest page with `page` (X-Next-Page), newest with `cursor` (X-Next-Cursor).
 */
export const PostListQuery = z.object({
  ...cursorQuery({ defaultLimit: POSTS_PAGE_SIZE, maxLimit: POSTS_MAX_LIMIT }),
  sort: z.preprocess(
    blankToUndefined,
    z
      .enum([...POST_SORTS, 'newest'], { error: `Sort must be one of: ${POST_SORTS.join(', ')}` })
      .optional()
      .transform((v) => (v === 'newest' ? 'new' : v)),
  ),
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: 'Search words must be text' })
      .trim()
      .max(SEARCH_Q_MAX, `Search at most ${SEARCH_Q_MAX} characters.`)
      .optional(),
  ),
  tag: z.preprocess(blankToUndefined, z.enum(POST_TAGS, { error: COMMUNITY_MESSAGES.tagInvalid }).optional()),
  solved: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: 'solved must be true or false' })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Page must be a whole number from 1 to 100' })
      .int('Page must be a whole number from 1 to 100')
      .min(1, 'Page must be a whole number from 1 to 100')
      .max(100, 'Page must be a whole number from 1 to 100')
      .optional(),
  ),
});

/** `PUT /api/community/{postId}/answer`: the comment accepted as the answer, or null to clear it. */
export const AcceptAnswerRequest = z
  .object({
    commentId: z
      .string({ error: COMMUNITY_MESSAGES.answerInvalid })
      .min(1, COMMUNITY_MESSAGES.answerInvalid)
      .max(100, COMMUNITY_MESSAGES.answerInvalid)
      .nullable(),
  })
  .meta({ id: 'AcceptAnswerRequest' });
export type AcceptAnswerRequest = z.input<typeof AcceptAnswerRequest>;

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
    editedAt: z
      .string()
      .nullable()
      .meta({ description: 'When its author last edited it (ISO); null when never' }),
    isOwnComment: z.boolean().optional().meta({
      description:
        'True only for the signed-in author of the comment (anonymous or not), so their screen offers Edit and Delete; absent otherwise',
    }),
    deleted: z
      .boolean()
      .optional()
      .meta({
        description: `True for a deleted (or hidden) comment kept for its replies: content '${DELETED_PLACEHOLDER}', no author`,
      }),
    moderation: CommunityModeration.optional().meta({
      description: 'Only in its author’s own answer, when a moderator (or the reports threshold) hid it',
    }),
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
    mentions: Mentions,
  })
  .meta({ id: 'CreateCommentRequest' });
export type CreateCommentRequest = z.input<typeof CreateCommentRequest>;

/** `PATCH /api/comments/{postId}/{commentId}`: the new text (the create form's rule and message). */
export const UpdateCommentRequest = CreateCommentRequest.pick({ content: true }).meta({
  id: 'UpdateCommentRequest',
});
export type UpdateCommentRequest = z.input<typeof UpdateCommentRequest>;

export const CommentIdParams = z.object({
  postId: z.string().meta({ description: 'The post id' }),
  commentId: z.string().meta({ description: 'The comment id' }),
});

/**
 * `DELETE /api/comments/{postId}/{commentId}`: `placeholder` is true when the comment had replies
 * and stays in the thread as '[deleted]'; false when it is gone.
 */
export const CommentDeletedResponse = successWith(
  'CommentDeletedResponse',
  z.object({ _id: z.string(), postId: z.string(), placeholder: z.boolean() }),
);
export type CommentDeletedResponse = z.infer<typeof CommentDeletedResponse>;

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
    // Issue 28 (additive): `raised` is the confirmed sum; pending pledges are counted apart.
    status: z.enum(['open', 'closed']),
    deadline: z.string().nullable().meta({ description: 'The last day for pledges (YYYY-MM-DD), if any' }),
    payeeName: z.string().meta({ description: 'The name the UPI app shows for the organiser' }),
    organiserId: z
      .string()
      .nullable()
      .meta({ description: 'The teacher who runs the campaign (null: a sample campaign)' }),
    pending: z
      .object({ count: z.number().int(), sum: z.number().int() })
      .meta({ description: 'Pledges the organiser has not confirmed yet: not part of `raised`' }),
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

/** `PUT /api/community/{postId}/follow`: follow (true) or mute (false) the post's new activity. */
export const FollowRequest = z
  .object({ following: z.boolean({ error: 'following must be true or false' }) })
  .meta({ id: 'FollowRequest' });
export type FollowRequest = z.input<typeof FollowRequest>;

export const FollowState = z.object({ following: z.boolean() }).meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof FollowState>;

/** `GET /api/community/members?q=`: who the composer's @mention picker offers (signed-in users only). */
export const MemberSuggestionQuery = z.object({
  q: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Type at least one letter of a name.' : 'q must be text',
    })
    .trim()
    .min(1, 'Type at least one letter of a name.')
    .max(60, 'A name is at most 60 characters.'),
});

export const MemberSuggestions = z
  .array(z.object({ _id: z.string(), name: z.string() }))
  .meta({ id: 'CommunityMemberSuggestions' });
export type MemberSuggestions = z.infer<typeof MemberSuggestions>;
