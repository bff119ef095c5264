/**
 * The community domain's plain rules and words: enums, limits, page sizes, messages and pure checks.
 * No schemas here, so a screen can import them without loading zod; `community.ts` builds the schemas
 * on them (docs/adr/0032-light-pages-on-a-phone.md).
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

/**
 * The category of questions (issue 27): only a Q&A post has an accepted answer, and the hub's
 * Unsolved filter lists the Q&A posts without one.
 */
export const QUESTION_TAG: PostTag = 'Q&A';
/** The hub's orders: newest first (the spec's), most upvoted, or trending; `newest` is the older name of `new`. */
export const POST_SORTS = ['new', 'top', 'trending'] as const;
export type PostSort = (typeof POST_SORTS)[number];
/** The longest search the hub takes (characters). */
export const SEARCH_Q_MAX = 200;

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
 * The author of a post or comment whose writer deleted their account and chose to leave what they
 * wrote (identity.user.deleted, 'anonymise'): no id or name is kept. Not ANONYMOUS_NAME, which says
 * the writer chose to hide their name; an anonymous post stays 'Anonymous User' (changing it would
 * tell readers that its writer has just deleted their account).
 */
export const DELETED_AUTHOR_NAME = 'Deleted user';
/** The author id community.content.changed carries for such an item (nobody's: identity issues uuids). */
export const DELETED_AUTHOR_ID = 'deleted-user';
/**
 * The entries of `upvote`/`dowvote` other than the viewer's own id. Voters are nobody's business
 * (and the author's own vote would unmask an anonymous post): the lists keep their length, so
 * `upvote.length` counts, and hold the viewer's id when they voted, so `includes(user._id)` works.
 */
export const HIDDEN_VOTER = 'hidden';

/** Fundraising: a pledge is a whole number of rupees from 1 to a UPI payment's usual ceiling. */
export const PLEDGE_MIN = 1;
export const PLEDGE_MAX = 100_000;

/**
 * A whole number of rupees with Indian digit grouping ("1,00,000"), as `toLocaleString('en-IN')`
 * writes it, without building an Intl formatter when this module is imported (the messages below
 * are built then, and a formatter's first construction costs a phone tens of milliseconds).
 */
export function indianGrouping(amount: number): string {
  const digits = String(Math.trunc(Math.abs(amount)));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${amount < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`;
}
/**
 * The most one person may pledge to one campaign, all pledges together (issue 22 §4), by default: half
 * the campaign's goal, and never more than one pledge's ceiling. The service's configuration can change
 * both figures (PLEDGE_USER_GOAL_PERCENT, PLEDGE_USER_TOTAL_MAX).
 */
export const PLEDGE_USER_GOAL_PERCENT = 50;
/** How many pledges one person may record in an hour, over all campaigns (PLEDGES_PER_USER_PER_HOUR). */
export const PLEDGES_PER_USER_PER_HOUR = 5;

/** The 422 when a pledge would take someone past what one person may pledge to the campaign. */
export function pledgeCapMessage(cap: number, left: number): string {
  return left > 0
    ? `One person can pledge at most ₹${indianGrouping(cap)} to this campaign in total. You can still pledge up to ₹${indianGrouping(left)}.`
    : `One person can pledge at most ₹${indianGrouping(cap)} to this campaign in total, and your pledges have reached it. Thank you!`;
}

/** The 429 when someone records pledges faster than PLEDGES_PER_USER_PER_HOUR; `when` reads "in 12 minutes". */
export function pledgeRateMessage(perHour: number, when: string): string {
  return `You have recorded ${perHour} pledges in the last hour. Please try again ${when}.`;
}

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
  amountTooLarge: `A single pledge can be at most ₹${indianGrouping(PLEDGE_MAX)}.`,
  pledged: 'Thank you! Your pledge is recorded.',
  campaignsFound: 'Campaigns found',
  nothingToEdit: 'Nothing to change: send a title, content or category.',
  commentNotFound: 'Comment not found.',
  postNotYours: 'Only its author can change or delete this post.',
  commentNotYours: 'Only its author can change or delete this comment.',
  postDeleted: 'Post deleted.',
  commentDeleted: 'Comment deleted.',
  hiddenBy: (reason: string) => `Hidden by a moderator: ${reason}`,
  answerNotYours: 'Only the person who asked or a teacher can mark the answer.',
  answerNotQuestion: 'Only a Q&A post can have an accepted answer.',
  answerNotInPost: 'That comment is not part of this post, or it was deleted.',
  answerInvalid: 'commentId must be the id of a comment of this post, or null to clear the answer.',
} as const;

/** A post's or comment's author as read: a named member, or nobody for an anonymous one. */
/** The `upi://pay` link a phone opens in its UPI app: payee, name, amount in rupees, a note. */
export function upiPayLink(campaign: { upiId: string; title: string }, amount?: number): string {
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
