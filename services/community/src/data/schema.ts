import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { idempotencyKeyTable } from '@campus/service-kit/idempotency';
import { inboxTable } from '@campus/service-kit/inbox';
import { memberTable } from '@campus/service-kit/member-directory';
import { moderatedContentColumns } from '@campus/service-kit/moderated-content';
import { outboxTable } from '@campus/service-kit/outbox';
import { scheduledJobTable } from '@campus/service-kit/scheduled-job';

/** PostgreSQL's text-search document: the hub's search reads it, nothing writes it (generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text-search configuration of the hub's search: 'english' (stems "preparing" to "prepar", so
 * "prepare" finds it, and drops stop words); see docs/community.md, Search.
 */
export const SEARCH_CONFIG = 'english';

/** Everything of the community service lives in its own schema (and its own database in production). */
export const communitySchema = pgSchema('community');

/**
 * A hub post. Its tallies (`upvotes`, `downvotes`, `comment_count`) are kept in the same transaction
 * as the rows they count, under the post's row lock, so they are exact and a list never counts rows.
 */
export const posts = communitySchema.table(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    tag: text('tag').notNull(),
    /**
     * Null once its author deleted their account and chose to leave what they wrote: it stays, by
     * "Deleted user", with no id or name kept (domain/personal-data.ts).
     */
    authorId: text('author_id'),
    isAnonymous: boolean('is_anonymous').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...moderatedContentColumns(),
    /**
     * The comment its asker (or a teacher) accepted as the answer (issue 27); null: unsolved. Set
     * null when that comment goes; the rules clear it when it is left as '[deleted]' or hidden.
     */
    acceptedCommentId: uuid('accepted_comment_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'set null',
    }),
    /** Its creation or its newest comment, whichever is later: Trending favours open questions active lately. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
    /** Title (weight A) and content (weight B) as a text-search document, kept by PostgreSQL itself. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')`,
      ),
  },
  (t) => [
    // The hub's search (websearch_to_tsquery against the generated document).
    index('posts_search_idx').using('gin', t.search),
    // Trending's second walk: questions (Q&A) without an accepted answer, by their last activity.
    index('posts_open_questions_idx')
      .on(t.lastActivityAt)
      .where(sql`${t.moderation} = 'visible' and ${t.tag} = 'Q&A' and ${t.acceptedCommentId} is null`),
    // Partial: the lists read only what everyone may see, and walk these without a sort; a hidden
    // post is left out of them (its author reads it by id).
    index('posts_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.moderation} = 'visible'`),
    index('posts_trending_idx')
      .on(t.upvotes.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.moderation} = 'visible'`),
    // The announce-existing-content job's backlog (posts from before moderation); empty once drained.
    index('posts_never_announced_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.version} = 0`),
    // A person's posts (their export, their account's deletion).
    index('posts_author_idx').on(t.authorId),
  ],
);

/** One vote per user per post (the key says so): +1 up, -1 down. */
export const votes = communitySchema.table(
  'votes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    direction: smallint('direction').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    check('votes_direction_check', sql`${t.direction} in (-1, 1)`),
    // A person's votes (their export, their account's deletion): the key starts with the post.
    index('votes_user_idx').on(t.userId),
  ],
);

/**
 * A comment of a post; `parent_id` is a comment of the same post (checked by the rules) or null.
 * A deleted comment that has replies stays as a row with `deleted_at` set and no text, so its
 * replies keep their place in the thread ('[deleted]'); one without replies is removed.
 */
export const comments = communitySchema.table(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    content: text('content').notNull(),
    /** Null once its author deleted their account (kept by "Deleted user", or as a '[deleted]' stand-in). */
    authorId: text('author_id'),
    isAnonymous: boolean('is_anonymous').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...moderatedContentColumns(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('comments_thread_idx').on(t.postId, t.createdAt, t.id),
    // Whether a comment has replies (a deleted one stays as '[deleted]' only then).
    index('comments_parent_idx').on(t.parentId),
    index('comments_never_announced_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.version} = 0`),
    index('comments_author_idx').on(t.authorId),
  ],
);

/**
 * Who hears of a post's new activity: a row per user who follows (true) or muted (false) it. Its
 * author and its commenters get a following row when they first write there, unless they already
 * have one (a mute stays muted); `PUT /api/community/{postId}/follow` sets it either way.
 */
export const follows = communitySchema.table(
  'follows',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    following: boolean('following').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('follows_user_idx').on(t.userId)],
);

/**
 * A fundraising campaign; `raised` is the confirmed sum: it grows when the organiser confirms a
 * pledge, in that decision's transaction (issue 28, ADR 0114). The spec's samples have no organiser.
 */
export const campaigns = communitySchema.table('campaigns', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  tag: text('tag').notNull(),
  description: text('description').notNull(),
  upiId: text('upi_id').notNull(),
  raised: bigint('raised', { mode: 'number' }).notNull().default(0),
  goal: integer('goal').notNull(),
  emoji: text('emoji').notNull(),
  position: integer('position').notNull(),
  organiserId: text('organiser_id'),
  payeeName: text('payee_name').notNull().default('Campus Connect Fund'),
  deadline: text('deadline'),
  status: text('status', { enum: ['open', 'closed'] })
    .notNull()
    .default('open'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A payment reference (UPI `tr`) handed to a donor before they pay; their pledge names it (by value:
 * `pledges.tr`). One no pledge names is pruned a week after `createdAt` (prune-pledge-intents.ts).
 */
export const pledgeIntents = communitySchema.table(
  'pledge_intents',
  {
    tr: text('tr').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    userId: text('user_id'),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('pledge_intents_user_idx').on(t.userId)],
);

/** An organiser's news to the campaign's backers. */
export const campaignUpdates = communitySchema.table(
  'campaign_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    body: text('body').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('campaign_updates_campaign_idx').on(t.campaignId, t.postedAt)],
);

/** A donor's record of a UPI payment they made themselves: nothing is charged here. */
export const pledges = communitySchema.table(
  'pledges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    /**
     * Null once the donor deleted their account: the amount stays in the campaign's total (it was
     * paid), who gave it goes. A null donor is nobody's, so no one's cap or hourly count includes it.
     */
    userId: text('user_id'),
    amount: integer('amount').notNull(),
    pledgedAt: timestamp('pledged_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Pending until the organiser confirms or rejects it; only confirmed pledges count in `raised`. */
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The donor's UPI transaction reference (12 digits): one pledge per UTR per campaign. */
    utr: text('utr'),
    /** The pledge intent (UPI `tr`) the donor paid with, if any. */
    tr: text('tr'),
    /** The name the donor gave for the ledger; null once they deleted their account. */
    donorName: text('donor_name'),
    anonymous: boolean('anonymous').notNull().default(false),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('pledges_campaign_idx').on(t.campaignId),
    // A rejected pledge frees its UTR: someone who recorded another's UTR first, or a donor who
    // mistyped the amount, must not keep the real pledge out.
    uniqueIndex('pledges_campaign_utr_idx')
      .on(t.campaignId, t.utr)
      .where(sql`${t.status} <> 'rejected'`),
    // A donor's pledges: their total to a campaign and their last hour, read under their lock.
    index('pledges_user_idx').on(t.userId, t.pledgedAt),
    check('pledges_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Who is who, so posts and comments show their author's name without asking identity. */
export const members = memberTable(communitySchema);

export const outbox = outboxTable(communitySchema);
export const inbox = inboxTable(communitySchema);
/** Idempotency-Keys of its creates (one create per intent: a retry or a double tap replays the first answer). */
export const idempotencyKeys = idempotencyKeyTable(communitySchema);
/** When each scheduled job last ran (announce-existing-content, prune-unused-pledge-intents), shared by every replica. */
export const scheduledJobs = scheduledJobTable(communitySchema);
