import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { idempotencyKeyTable } from '@campus/service-kit/idempotency';
import { inboxTable } from '@campus/service-kit/inbox';
import { memberTable } from '@campus/service-kit/member-directory';
import { outboxTable } from '@campus/service-kit/outbox';

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
    authorId: text('author_id').notNull(),
    isAnonymous: boolean('is_anonymous').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('posts_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_trending_idx').on(t.upvotes.desc(), t.createdAt.desc(), t.id.desc()),
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
  ],
);

/** A comment of a post; `parent_id` is a comment of the same post (checked by the rules) or null. */
export const comments = communitySchema.table(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    content: text('content').notNull(),
    authorId: text('author_id').notNull(),
    isAnonymous: boolean('is_anonymous').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('comments_thread_idx').on(t.postId, t.createdAt, t.id)],
);

/** A fundraising campaign; `raised` grows with each pledge, in the pledge's transaction. */
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
});

/** A donor's record of a UPI payment they made themselves: nothing is charged here. */
export const pledges = communitySchema.table(
  'pledges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    userId: text('user_id').notNull(),
    amount: integer('amount').notNull(),
    pledgedAt: timestamp('pledged_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('pledges_campaign_idx').on(t.campaignId),
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
