import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inboxTable } from '@campus/service-kit/inbox';
import { outboxTable } from '@campus/service-kit/outbox';

/** Everything of the moderation service lives in its own schema (and its own database in production). */
export const moderationSchema = pgSchema('moderation');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every item a user wrote, as its owning service last announced it (`<svc>.content.changed`), and
 * what moderation decided about it. It holds the author of an anonymous item too: moderation alone
 * knows it, and answers it only to a teacher's logged reveal.
 *
 * `open_reports`, `open_weight` and `last_reported_at` sum the item's open reports, kept with each
 * report and decision in the same transaction: the queue's order, and its partial index, read them.
 */
export const items = moderationSchema.table(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    link: text('link').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    anonymous: boolean('anonymous').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** The newest version received: an event at or below it is a repeat or late, and ignored. */
    version: integer('version').notNull(),
    state: text('state', { enum: ['visible', 'hidden', 'deleted'] })
      .notNull()
      .default('visible'),
    /** Who hid it while it is hidden: a teacher, or the reports threshold until a teacher looks. */
    hiddenBy: text('hidden_by', { enum: ['moderator', 'reports'] }),
    hiddenReason: text('hidden_reason'),
    /** The number of the item's last published decision (hide, restore, delete): owners apply them in this order. */
    decisions: integer('decisions').notNull().default(0),
    openReports: integer('open_reports').notNull().default(0),
    openWeight: doublePrecision('open_weight').notNull().default(0),
    lastReportedAt: at('last_reported_at'),
    /** When moderation first heard of it, and last changed it. */
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('items_target_idx').on(t.targetType, t.targetId),
    // The queue: items with open reports, or hidden by reports, most reported first.
    index('items_queue_idx')
      .on(t.openReports.desc(), t.openWeight.desc(), t.lastReportedAt.desc(), t.id.desc())
      .where(sql`${t.openReports} > 0 or ${t.hiddenBy} = 'reports'`),
  ],
);

/** Every version of an item its owning service published (the first, each edit, the deletion): its history. */
export const itemVersions = moderationSchema.table(
  'item_versions',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    change: text('change', { enum: ['published', 'edited', 'deleted'] }).notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    at: at('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.version] })],
);

/**
 * One user's report of one item (once: the unique index). `weight` is what it counted when made
 * (REPORT_WEIGHT_DOUBTFUL for a reporter whose decided reports were mostly dismissed). `status`:
 * open until a teacher decides the item: `upheld` (hidden or deleted by a teacher), `dismissed`
 * (dismissed, or restored), or `closed` (its author deleted it first: neither).
 */
export const reports = moderationSchema.table(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    weight: doublePrecision('weight').notNull(),
    status: text('status', { enum: ['open', 'upheld', 'dismissed', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('reports_once_idx').on(t.itemId, t.reporterId),
    // A reporter's record (their weight): upheld against dismissed.
    index('reports_reporter_idx').on(t.reporterId, t.status),
    index('reports_open_idx')
      .on(t.itemId, t.createdAt.desc())
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * The moderation log: every teacher's action (reveals included) and every hide by the reports
 * threshold (no moderator). It names the item, never a revealed author.
 */
export const log = moderationSchema.table(
  'log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action', { enum: ['hide', 'restore', 'delete', 'dismiss', 'reveal'] }).notNull(),
    by: text('by', { enum: ['moderator', 'reports'] }).notNull(),
    moderatorId: text('moderator_id'),
    moderatorName: text('moderator_name'),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('log_newest_idx').on(t.createdAt.desc(), t.id.desc())],
);

export const outbox = outboxTable(moderationSchema);
export const inbox = inboxTable(moderationSchema);
