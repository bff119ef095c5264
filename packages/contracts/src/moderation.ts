import { z } from 'zod';
import { plainText, successWith, UserId } from './common';
import {
  CONTENT_TARGET_TYPES,
  MODERATION_ACTIONS,
  MODERATION_MAX_LIMIT,
  MODERATION_MESSAGES,
  MODERATION_PAGE_SIZE,
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
  ANY_REPORT_REASON_NAMES,
  REPORT_NOTE_MAX,
  REPORT_REASON_NAMES,
  QUEUE_STATUSES,
} from './moderation-rules';
import { cursorInstant, cursorQuery, pageQuery } from './paging';
import { fromBase64Url } from './cursor';

/**
 * The moderation domain's wire: reports from users, the teachers' queue, their actions and the log.
 * No answer here carries the author of an anonymous item (the queue says 'Anonymous User'), except
 * the answer to a teacher's reveal, which the log records.
 */

const TargetType = z.enum(CONTENT_TARGET_TYPES, { error: MODERATION_MESSAGES.targetType });
/** An item's id in its owning service: opaque text. */
const TargetId = z
  .string({ error: MODERATION_MESSAGES.targetType })
  .trim()
  .min(1, MODERATION_MESSAGES.targetType)
  .max(100, MODERATION_MESSAGES.targetType);

const ReportReasonSchema = z.enum(REPORT_REASON_NAMES, { error: MODERATION_MESSAGES.reason });
/** What a report may give: a general reason, or one that fits only some kinds (`expired` for a job post). */
const AnyReportReasonSchema = z.enum(ANY_REPORT_REASON_NAMES, { error: MODERATION_MESSAGES.reason });

/** `POST /api/reports`: what a signed-in user reports and why (the reporter is the session's user). */
export const ReportRequest = z
  .object({
    targetType: TargetType,
    targetId: TargetId,
    reason: AnyReportReasonSchema,
    note: plainText(MODERATION_MESSAGES.noteTooLong)
      .trim()
      .max(REPORT_NOTE_MAX, MODERATION_MESSAGES.noteTooLong)
      .optional()
      // A blank note is no note.
      .transform((v) => (v ? v : undefined)),
  })
  .meta({ id: 'ReportRequest' });
export type ReportRequest = z.input<typeof ReportRequest>;

/** A report as its reporter gets it back: what they said, never how many others did. */
export const Report = z
  .object({
    _id: z.string(),
    targetType: TargetType,
    targetId: z.string(),
    /** The general reason: the one given, or the one a kind-specific reason refines. */
    reason: ReportReasonSchema,
    kindReason: z.string().optional().meta({
      description:
        "The kind-specific reason given (e.g. 'expired' for a job post), absent for a general one; any name, as later releases add some",
    }),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof Report>;

export const ReportResponse = successWith('ReportResponse', Report);
export type ReportResponse = z.infer<typeof ReportResponse>;

/** The item as moderators see it: its latest snapshot, the author only by name and never when anonymous. */
export const ModeratedItem = z
  .object({
    targetType: TargetType,
    targetId: z.string(),
    link: z.string().meta({ description: 'Where the item is seen in the app (a path)' }),
    title: z.string(),
    text: z.string(),
    authorName: z.string().meta({ description: "The author's name, or 'Anonymous User'" }),
    anonymous: z.boolean(),
    state: z.enum(['visible', 'hidden', 'deleted']),
    /** Who hid it (null unless hidden): a teacher, or the reports threshold until a teacher looks. */
    hiddenBy: z.enum(['moderator', 'reports']).nullable(),
    /** The reason its author is shown while it is hidden (null otherwise). */
    hiddenReason: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'ModeratedItem' });
export type ModeratedItem = z.infer<typeof ModeratedItem>;

/** One version of an item as its owning service published it (the first, each edit, the deletion). */
export const ItemVersion = z
  .object({
    version: z.number().int(),
    change: z.enum(['published', 'edited', 'deleted']),
    title: z.string(),
    text: z.string(),
    at: z.string(),
  })
  .meta({ id: 'ItemVersion' });
export type ItemVersion = z.infer<typeof ItemVersion>;

/** An open report in the queue: why and when, not who (reporters stay unknown to moderators too). */
export const QueueReport = z
  .object({ reason: z.string(), note: z.string().nullable(), createdAt: z.string() })
  .meta({ id: 'QueueReport' });

export const QueueItem = z
  .object({
    _id: z.string(),
    item: ModeratedItem,
    reports: z.array(QueueReport).meta({ description: 'The open reports, newest first' }),
    reportCount: z.number().int(),
    weight: z.number().meta({
      description: 'The open reports weighted by their reporters (a mostly dismissed reporter counts less)',
    }),
    versions: z.array(ItemVersion).meta({ description: 'Every version moderation received, newest first' }),
  })
  .meta({ id: 'QueueItem' });
export type QueueItem = z.infer<typeof QueueItem>;

export const QueueList = z.array(QueueItem).meta({ id: 'QueueList' });
export type QueueList = z.infer<typeof QueueList>;

/** Where the next page of the queue starts: after this item in its order (most reported first). */
export interface QueuePosition {
  reports: number;
  weight: number;
  lastReportedAt: string;
  id: string;
}

/** Where the next page of `hidden` or `all` starts: after this item, most recent activity first. */
export interface ActivityPosition {
  kind: 'activity';
  /** The item's latest activity: a change, a report, a decision or an action on it. */
  at: string;
  id: string;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The queue's opaque cursor (`X-Next-Cursor`): `open` is ordered by reports, not by time, so it has
 * its own; `hidden` and `all` by latest activity (a cursor of one order is refused by the other).
 */
export function encodeQueueCursor(position: QueuePosition | ActivityPosition): string {
  return toBase64Url(
    JSON.stringify(
      'kind' in position
        ? ['a', position.at, position.id]
        : [position.reports, position.weight, position.lastReportedAt, position.id],
    ),
  );
}

// Bounded like the columns they are compared with (an int, a double), so a forged cursor is a 400.
const QueueCursorTuple = z.tuple([
  z.number().int().min(0).max(2_147_483_647),
  z.number().min(0).max(1e9),
  cursorInstant(),
  z.string().min(1).max(100),
]);

const ActivityCursorTuple = z.tuple([z.literal('a'), cursorInstant(), z.string().min(1).max(100)]);

/**
 * `GET /api/moderation/queue?status=&cursor=&limit=`: `open` most reported first, `hidden` and `all`
 * latest activity first; the next page's cursor is in `X-Next-Cursor`.
 */
export const QueueQuery = z.object({
  status: z.enum(QUEUE_STATUSES, { error: 'status must be open, hidden or all' }).default('open').meta({
    description:
      'open (default): open reports or hidden by reports; hidden: every hidden item; all: every item ever reported or acted on',
  }),
  cursor: z
    .string({ error: MODERATION_MESSAGES.badCursor })
    .max(300, MODERATION_MESSAGES.badCursor)
    .optional()
    .transform((v, ctx): QueuePosition | ActivityPosition | undefined => {
      if (!v) return undefined;
      try {
        const parsed: unknown = JSON.parse(fromBase64Url(v));
        if (Array.isArray(parsed) && parsed[0] === 'a') {
          const [, at, id] = ActivityCursorTuple.parse(parsed);
          return { kind: 'activity', at, id };
        }
        const [reports, weight, lastReportedAt, id] = QueueCursorTuple.parse(parsed);
        return { reports, weight, lastReportedAt, id };
      } catch {
        ctx.addIssue({ code: 'custom', message: MODERATION_MESSAGES.badCursor });
        return z.NEVER;
      }
    }),
  limit: pageQuery({ defaultLimit: MODERATION_PAGE_SIZE, maxLimit: MODERATION_MAX_LIMIT }).limit,
});

/** `POST /api/moderation/actions`: what a teacher does to an item, and why (always said). */
export const ModerationActionRequest = z
  .object({
    targetType: TargetType,
    targetId: TargetId,
    action: z.enum(MODERATION_ACTIONS, { error: MODERATION_MESSAGES.action }),
    reason: plainText(MODERATION_MESSAGES.actionReason)
      .trim()
      .min(MODERATION_REASON_MIN, MODERATION_MESSAGES.actionReason)
      .max(MODERATION_REASON_MAX, MODERATION_MESSAGES.actionReasonTooLong),
  })
  .meta({ id: 'ModerationActionRequest' });
export type ModerationActionRequest = z.input<typeof ModerationActionRequest>;

export const ModerationActionResponse = successWith(
  'ModerationActionResponse',
  z.object({
    item: ModeratedItem,
    /** Only in the answer to a reveal: who wrote the anonymous item. */
    author: z.object({ id: UserId, name: z.string() }).optional(),
  }),
);
export type ModerationActionResponse = z.infer<typeof ModerationActionResponse>;

/** One line of the moderation log: who did what to which item, when and why (never the revealed author). */
export const LogEntry = z
  .object({
    _id: z.string(),
    action: z.enum(MODERATION_ACTIONS),
    by: z.enum(['moderator', 'reports']),
    /** The teacher who acted; null when the reports threshold hid the item. */
    moderator: z.object({ id: UserId, name: z.string() }).nullable(),
    targetType: TargetType,
    targetId: z.string(),
    title: z.string(),
    link: z.string(),
    reason: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'LogEntry' });
export type LogEntry = z.infer<typeof LogEntry>;

export const LogList = z.array(LogEntry).meta({ id: 'LogList' });
export type LogList = z.infer<typeof LogList>;

/** `GET /api/moderation/log?cursor=&limit=`: newest first; the next page's cursor is in `X-Next-Cursor`. */
export const LogQuery = z.object(
  cursorQuery({ defaultLimit: MODERATION_PAGE_SIZE, maxLimit: MODERATION_MAX_LIMIT }),
);
