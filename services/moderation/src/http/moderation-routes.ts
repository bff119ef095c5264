import type { Response } from 'express';
import { z } from 'zod';
import { encodeCursor } from '@campus/contracts/cursor';
import {
  encodeQueueCursor,
  LogList,
  LogQuery,
  ModerationActionRequest,
  ModerationActionResponse,
  QueueList,
  QueueQuery,
  ReportRequest,
  ReportResponse,
} from '@campus/contracts/moderation';
import {
  MODERATION_MAX_LIMIT,
  MODERATION_MESSAGES,
  MODERATION_PAGE_SIZE,
} from '@campus/contracts/moderation-rules';
import { cursorQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Moderation } from '../domain/moderation';

/** What moderators read is theirs alone: no shared cache keeps it, no browser shows it stale. */
const privateAnswer = (res: Response) => res.set('Cache-Control', 'private, no-store');

const pageDoc = z.object(
  cursorQueryDoc({ defaultLimit: MODERATION_PAGE_SIZE, maxLimit: MODERATION_MAX_LIMIT }),
);

/** The queue's documented query: which view (`status`), then the page. */
const queueDoc = pageDoc.extend({
  status: QueueQuery.shape.status.optional(),
});

/**
 * The moderation API: reports from any signed-in user, and the teachers' queue, actions and log.
 * Each route is declared once: parsing, access, handler, its OpenAPI operation and its operationId
 * (the method of the browser's typed client, `moderationApi.createReport`).
 */
export function createModerationRoutes({ moderation }: { moderation: Moderation }): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/reports',
      operationId: 'createReport',
      summary: 'Report an item someone else wrote, once (the reporter is the signed-in user)',
      access: 'user',
      request: { body: ReportRequest },
      response: { status: 201, description: 'Reported', body: ReportResponse },
      errors: {
        404: 'NO_SUCH_ITEM: an item moderation does not know, or one that was deleted',
        409: 'ALREADY_REPORTED: this user has reported this item before',
        422: 'OWN_ITEM: the signed-in user wrote it',
        429: 'RATE_LIMITED: past REPORTS_PER_HOUR reports by this user in the last hour (Retry-After)',
      },
      handler: async ({ user, body, res }) => {
        privateAnswer(res);
        return {
          success: true as const,
          message: MODERATION_MESSAGES.reported,
          data: await moderation.report(user, body),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/moderation/queue',
      operationId: 'listModerationQueue',
      summary: `Items with open reports or hidden by reports, most reported first; ?status=hidden every hidden item, ?status=all every item ever reported or acted on, latest activity first (${MODERATION_PAGE_SIZE} a page; next page: ?cursor= from X-Next-Cursor)`,
      access: 'teacher',
      request: { query: QueueQuery },
      docs: { query: queueDoc },
      response: { description: 'A bare array of queue entries', body: QueueList },
      errors: { 403: 'Only teachers moderate' },
      handler: async ({ query, res }) => {
        const page = await moderation.queue(query);
        privateAnswer(res);
        if (page.nextCursor) res.set('X-Next-Cursor', encodeQueueCursor(page.nextCursor));
        return page.items;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/moderation/actions',
      operationId: 'moderateContent',
      summary:
        'Hide, restore, delete, dismiss the reports of, or reveal the author of an anonymous item, with a reason (logged)',
      access: 'teacher',
      request: { body: ModerationActionRequest },
      response: { description: 'Done; a reveal answers the author', body: ModerationActionResponse },
      errors: {
        403: 'Only teachers moderate',
        404: 'NO_SUCH_ITEM: an item moderation does not know',
        409: 'ALREADY_HIDDEN, NOT_HIDDEN, ALREADY_DELETED or NO_OPEN_REPORTS: nothing to do',
        422: 'NOT_ANONYMOUS: a reveal of an item whose author is shown',
      },
      handler: async ({ user, body, res }) => {
        privateAnswer(res);
        return {
          success: true as const,
          message: MODERATION_MESSAGES.done[body.action],
          data: await moderation.act(user, body),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/moderation/log',
      operationId: 'listModerationLog',
      summary: `Every moderation action and reveal, newest first (${MODERATION_PAGE_SIZE} a page; next page: ?cursor= from X-Next-Cursor)`,
      access: 'teacher',
      request: { query: LogQuery },
      docs: { query: pageDoc },
      response: { description: 'A bare array of log entries', body: LogList },
      errors: { 403: 'Only teachers moderate' },
      handler: async ({ query, res }) => {
        const page = await moderation.log(query);
        privateAnswer(res);
        if (page.nextCursor) res.set('X-Next-Cursor', encodeCursor(page.nextCursor));
        return page.entries;
      },
    }),
  ];
}
