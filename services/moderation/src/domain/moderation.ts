import type { Logger } from 'pino';
import type { z } from 'zod';
import type { CursorPosition } from '@campus/contracts/cursor';
import type { ContentChangedPayload, ModerationDecisionPayload } from '@campus/contracts/events';
import type {
  LogEntry,
  LogQuery,
  ModeratedItem,
  ModerationActionRequest,
  ModerationActionResponse,
  QueueItem,
  QueuePosition,
  QueueQuery,
  ActivityPosition,
  Report,
  ReportRequest,
} from '@campus/contracts/moderation';
import {
  ANONYMOUS_AUTHOR,
  generalReportReason,
  MODERATION_MESSAGES,
  REPORTS_HIDE_REASON,
  reportRateMessage,
  reportReasonFits,
  type AnyReportReason,
  type ModerationAction,
} from '@campus/contracts/moderation-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, Tx } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Emit, Transact } from '@campus/service-kit/unit-of-work';
import { isUuid } from '@campus/service-kit/uuid';
import { redactingQueryValues } from '../data/query-error';
import { moderationStore as store, type ItemRecord, type ReportRecord } from '../data/moderation-store';
import { activityPage } from '../data/queue-views-store';
import { authorForgotten } from '../data/personal-data-store';
import { reportWeight } from './report-weight';

/** The decisions moderation publishes; each owning service obeys those about its own items. */
export type DecisionEvent =
  'moderation.content.hidden' | 'moderation.content.restored' | 'moderation.content.deleted';

const HOUR = 3_600_000;

/** "in 12 minutes", "in a minute". */
const retryWhen = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
};

const noSuchItem = () => new AppError(404, 'NO_SUCH_ITEM', MODERATION_MESSAGES.noSuchItem);
const badCursor = () => AppError.badRequest(MODERATION_MESSAGES.badCursor, 'BAD_CURSOR');

/** The item as a teacher sees it: an anonymous author is only ever 'Anonymous User' here. */
const toModeratedItem = (item: ItemRecord): ModeratedItem => ({
  targetType: item.targetType as ModeratedItem['targetType'],
  targetId: item.targetId,
  link: item.link,
  title: item.title,
  text: item.text,
  authorName: item.anonymous ? ANONYMOUS_AUTHOR : item.authorName,
  anonymous: item.anonymous,
  state: item.state,
  hiddenBy: item.state === 'hidden' ? item.hiddenBy : null,
  hiddenReason: item.state === 'hidden' ? item.hiddenReason : null,
  version: item.version,
});

/** A kind-specific reason answers as the general one it refines, with itself beside (ADR 0117). */
const reasonOf = (reason: AnyReportReason): Pick<Report, 'reason' | 'kindReason'> =>
  generalReportReason(reason) === reason
    ? { reason: reason as Report['reason'] }
    : { reason: generalReportReason(reason), kindReason: reason };

const toReport = (item: ItemRecord, report: ReportRecord): Report => ({
  _id: report.id,
  targetType: item.targetType as Report['targetType'],
  targetId: item.targetId,
  ...reasonOf(report.reason as AnyReportReason),
  note: report.note,
  createdAt: report.createdAt.toISOString(),
});

/**
 * What the owning service and the author's notification need: taken from moderation's snapshot,
 * with the item's next decision number (the item is locked), so owners apply decisions in order.
 */
const decision = async (
  tx: Tx,
  item: ItemRecord,
  reason: string,
  by: ModerationDecisionPayload['by'],
): Promise<ModerationDecisionPayload> => ({
  targetType: item.targetType as ModerationDecisionPayload['targetType'],
  targetId: item.targetId,
  authorId: item.authorId,
  title: item.title,
  link: item.link,
  reason,
  by,
  decision: await store.nextDecision(tx, item.id),
});

/** Where a log line or a decision names an item: never its author (logs are read by operators). */
const logged = (item: ItemRecord) => ({
  targetType: item.targetType,
  targetId: item.targetId,
  itemId: item.id,
});

/**
 * The moderation domain's rules: an item's history from its owner's events, reports and the
 * threshold that hides, the teachers' actions and the log. Decisions leave as events in the same
 * transaction as the change here (outbox); the owning services obey them.
 */
export function createModeration(deps: {
  db: Db;
  transact: Transact<DecisionEvent>;
  now: () => Date;
  logger: Logger;
  /** The weighted number of distinct reporters that hides an item (REPORT_HIDE_THRESHOLD). */
  hideThreshold: number;
  /** How many reports one user may make in an hour (REPORTS_PER_HOUR). */
  reportsPerHour: number;
}) {
  const { db, transact, now, logger } = deps;
  /** A transaction whose failed queries are thrown without their values (the author's id among them). */
  const guarded: Transact<DecisionEvent> = (work) => redactingQueryValues(() => transact(work));

  /** The reports threshold hides a visible item; the log records it with no moderator. */
  async function hideByReports(tx: Tx, emit: Emit<DecisionEvent>, item: ItemRecord, at: Date): Promise<void> {
    await store.setState(
      tx,
      item.id,
      { state: 'hidden', hiddenBy: 'reports', hiddenReason: REPORTS_HIDE_REASON },
      at,
    );
    await store.addLog(tx, {
      action: 'hide',
      by: 'reports',
      moderator: null,
      itemId: item.id,
      reason: REPORTS_HIDE_REASON,
      createdAt: at,
    });
    await emit('moderation.content.hidden', await decision(tx, item, REPORTS_HIDE_REASON, 'reports'));
    logger.info({ ...logged(item), by: 'reports' }, 'item hidden by reports');
  }

  /** An owning service's snapshot of an item (contentChanged says what it does). */
  async function received(tx: Tx, snapshot: ContentChangedPayload): Promise<void> {
    const at = now();
    const deleted = snapshot.change === 'deleted';
    const inserted = await store.insertItem(tx, snapshot, deleted ? 'deleted' : 'visible', at);
    if (inserted) {
      await store.addVersion(tx, inserted.id, snapshot);
      return;
    }
    const item = await store.lockItem(tx, snapshot.targetType, snapshot.targetId);
    if (!item) throw new Error('an item that conflicted on insert is not there to lock');
    if (snapshot.version <= item.version) {
      logger.debug(
        { ...logged(item), version: snapshot.version, kept: item.version },
        'stale content version ignored',
      );
      return;
    }
    // Its author deleted their account (domain/personal-data.ts): an event sent before that, arriving
    // late, brings back neither them nor the words they took with them; it only moves the state.
    const forgotten = authorForgotten(item);
    const kept = forgotten
      ? {
          ...snapshot,
          authorId: item.authorId,
          authorName: item.authorName,
          title: item.title,
          text: item.text,
        }
      : snapshot;
    await store.updateSnapshot(tx, item.id, kept, deleted ? 'deleted' : item.state, at);
    if (!forgotten) await store.addVersion(tx, item.id, snapshot);
    if (deleted && item.state !== 'deleted') {
      await store.decideOpenReports(tx, item.id, 'closed', at);
      await store.refreshOpenReports(tx, item.id);
    }
  }

  return {
    /**
     * An owning service's `content.changed`: the item's newest snapshot and one more version. A
     * version at or below the one kept is a repeat or arrived late, and changes nothing. A deletion
     * is final: a late edit never brings a deleted item back, and its open reports close undecided.
     */
    contentChanged: (tx: Tx, snapshot: ContentChangedPayload): Promise<void> =>
      redactingQueryValues(() => received(tx, snapshot)),

    /**
     * A user reports an item, once. The reporter is the session's user. When the item's open reports,
     * weighted by their reporters, reach the threshold, it is hidden until a teacher looks: once, as
     * a hidden item is not hidden again.
     */
    async report(user: AuthUser, body: z.output<typeof ReportRequest>): Promise<Report> {
      if (!reportReasonFits(body.reason, body.targetType))
        throw AppError.badRequest(MODERATION_MESSAGES.reasonNotForItem, 'REASON_NOT_FOR_ITEM');
      return guarded(async (tx, emit) => {
        // The reporter's reports take turns (before the item's lock, always in that order), so
        // concurrent reports by one user are counted one after another.
        await store.lockReporter(tx, user.id);
        const item = await store.lockItem(tx, body.targetType, body.targetId);
        if (!item || item.state === 'deleted') throw noSuchItem();
        if (item.authorId === user.id) throw new AppError(422, 'OWN_ITEM', MODERATION_MESSAGES.ownItem);
        const at = now();
        const perHour = deps.reportsPerHour;
        const recent = await store.reportsSince(tx, user.id, new Date(at.getTime() - HOUR), perHour);
        if (recent.length >= perHour) {
          // The hour reopens when the oldest report that fills it leaves it.
          const reopensAt = recent[recent.length - perHour]!.getTime() + HOUR;
          const seconds = Math.max(1, Math.ceil((reopensAt - at.getTime()) / 1000));
          throw AppError.retryLater(
            429,
            'RATE_LIMITED',
            reportRateMessage(perHour, retryWhen(seconds)),
            seconds,
          );
        }
        const weight = reportWeight(await store.reporterRecord(tx, user.id));
        const report = await store.insertReport(tx, {
          itemId: item.id,
          reporterId: user.id,
          reason: body.reason,
          note: body.note ?? null,
          weight,
          createdAt: at,
        });
        if (!report) throw AppError.conflict(MODERATION_MESSAGES.alreadyReported, 'ALREADY_REPORTED');
        const open = await store.refreshOpenReports(tx, item.id);
        if (item.state === 'visible' && open.openWeight >= deps.hideThreshold)
          await hideByReports(tx, emit, item, at);
        return toReport(item, report);
      });
    },

    /**
     * The teachers' queue: `open` items with open reports or hidden by reports, most reported
     * first; `hidden` every hidden item and `all` every item ever reported or acted on, latest
     * activity first (so an item restored or hidden by a teacher can still be found and acted on).
     */
    async queue(
      query: z.output<typeof QueueQuery>,
    ): Promise<{ items: QueueItem[]; nextCursor: QueuePosition | ActivityPosition | undefined }> {
      const { cursor, status } = query;
      if (cursor && !isUuid(cursor.id)) throw badCursor();
      // A cursor is a position in one order: one from the other order is refused, not misread.
      if (cursor && 'kind' in cursor !== (status !== 'open')) throw badCursor();
      // One more than the page: a next cursor only when there is a next page.
      const found =
        status === 'open'
          ? (await store.queuePage(db, cursor as QueuePosition | undefined, query.limit + 1)).map((item) => ({
              item,
              activityAt: undefined,
            }))
          : await activityPage(db, status, cursor as ActivityPosition | undefined, query.limit + 1);
      const rows = found.map((f) => f.item);
      const page = rows.slice(0, query.limit);
      const ids = page.map((r) => r.id);
      const [open, versions] = await Promise.all([store.openReportsOf(db, ids), store.versionsOf(db, ids)]);
      const last = page[page.length - 1];
      return {
        items: page.map((item) => ({
          _id: item.id,
          item: toModeratedItem(item),
          reports: open
            .filter((r) => r.itemId === item.id)
            .map((r) => ({
              reason: r.reason as Report['reason'],
              note: r.note,
              createdAt: r.createdAt.toISOString(),
            })),
          reportCount: item.openReports,
          weight: item.openWeight,
          versions: versions
            .filter((v) => v.itemId === item.id)
            .map((v) => ({
              version: v.version,
              change: v.change,
              title: v.title,
              text: v.text,
              at: v.at.toISOString(),
            })),
        })),
        nextCursor:
          last && rows.length > query.limit
            ? status === 'open'
              ? {
                  reports: last.openReports,
                  weight: last.openWeight,
                  lastReportedAt: (last.lastReportedAt ?? last.createdAt).toISOString(),
                  id: last.id,
                }
              : { kind: 'activity', at: found[query.limit - 1]!.activityAt!.toISOString(), id: last.id }
            : undefined,
      };
    },

    /**
     * A teacher's action, with their reason; every one goes in the log under their name (from the
     * session). Hide, restore and delete publish the decision the owning service obeys; dismiss
     * closes the open reports (and restores an item the reports hid); reveal answers an anonymous
     * item's author to this teacher alone, and the log says that it happened (not whom it named).
     */
    async act(
      teacher: AuthUser,
      body: z.output<typeof ModerationActionRequest>,
    ): Promise<ModerationActionResponse['data']> {
      return guarded(async (tx, emit) => {
        const item = await store.lockItem(tx, body.targetType, body.targetId);
        if (!item) throw noSuchItem();
        const at = now();
        const action: ModerationAction = body.action;
        const refuse = (message: string, code: string) => new AppError(409, code, message);
        const moderator = { id: teacher.id, name: teacher.name };
        let state = { state: item.state, hiddenBy: item.hiddenBy, hiddenReason: item.hiddenReason };

        switch (action) {
          case 'hide':
            if (item.state === 'deleted') throw refuse(MODERATION_MESSAGES.alreadyDeleted, 'ALREADY_DELETED');
            // Hidden by the reports until a teacher looks: a teacher's hide confirms it, with their reason.
            if (item.state === 'hidden' && item.hiddenBy === 'moderator')
              throw refuse(MODERATION_MESSAGES.alreadyHidden, 'ALREADY_HIDDEN');
            state = { state: 'hidden', hiddenBy: 'moderator', hiddenReason: body.reason };
            await store.decideOpenReports(tx, item.id, 'upheld', at);
            await emit('moderation.content.hidden', await decision(tx, item, body.reason, 'moderator'));
            break;
          case 'restore':
            if (item.state === 'deleted') throw refuse(MODERATION_MESSAGES.alreadyDeleted, 'ALREADY_DELETED');
            if (item.state !== 'hidden') throw refuse(MODERATION_MESSAGES.notHidden, 'NOT_HIDDEN');
            state = { state: 'visible', hiddenBy: null, hiddenReason: null };
            // A teacher who restores it found it fine: its open reports were not founded.
            await store.decideOpenReports(tx, item.id, 'dismissed', at);
            await emit('moderation.content.restored', await decision(tx, item, body.reason, 'moderator'));
            break;
          case 'delete':
            if (item.state === 'deleted') throw refuse(MODERATION_MESSAGES.alreadyDeleted, 'ALREADY_DELETED');
            state = { state: 'deleted', hiddenBy: null, hiddenReason: null };
            await store.decideOpenReports(tx, item.id, 'upheld', at);
            await emit('moderation.content.deleted', await decision(tx, item, body.reason, 'moderator'));
            break;
          case 'dismiss':
            if (item.openReports === 0) throw refuse(MODERATION_MESSAGES.noOpenReports, 'NO_OPEN_REPORTS');
            await store.decideOpenReports(tx, item.id, 'dismissed', at);
            if (item.state === 'hidden' && item.hiddenBy === 'reports') {
              state = { state: 'visible', hiddenBy: null, hiddenReason: null };
              await emit('moderation.content.restored', await decision(tx, item, body.reason, 'moderator'));
            }
            break;
          case 'reveal':
            if (!item.anonymous) throw new AppError(422, 'NOT_ANONYMOUS', MODERATION_MESSAGES.notAnonymous);
            break;
        }

        if (action !== 'reveal') {
          await store.setState(tx, item.id, state, at);
          await store.refreshOpenReports(tx, item.id);
        }
        await store.addLog(tx, {
          action,
          by: 'moderator',
          moderator,
          itemId: item.id,
          reason: body.reason,
          createdAt: at,
        });
        // Who acted is in the moderation log; the process log names the item only.
        logger.info({ ...logged(item), action }, 'moderation action');
        const after = { ...item, ...state };
        return {
          item: toModeratedItem(after),
          ...(action === 'reveal' ? { author: { id: item.authorId, name: item.authorName } } : {}),
        };
      });
    },

    /** The log, newest first: every action and reveal, who, what, which item, when and why. */
    async log(
      query: z.output<typeof LogQuery>,
    ): Promise<{ entries: LogEntry[]; nextCursor: CursorPosition | undefined }> {
      if (query.cursor && !isUuid(query.cursor.id)) throw badCursor();
      const rows = await store.logPage(db, query.cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        entries: page.map((entry) => ({
          _id: entry.id,
          action: entry.action,
          by: entry.by,
          moderator:
            entry.moderatorId && entry.moderatorName
              ? { id: entry.moderatorId, name: entry.moderatorName }
              : null,
          targetType: entry.targetType as LogEntry['targetType'],
          targetId: entry.targetId,
          title: entry.title,
          link: entry.link,
          reason: entry.reason,
          createdAt: entry.createdAt.toISOString(),
        })),
        nextCursor:
          last && rows.length > query.limit
            ? { createdAt: last.createdAt.toISOString(), id: last.id }
            : undefined,
      };
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;
