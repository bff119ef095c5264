import { z } from 'zod';
import {
  AllEventsQuery,
  AllEventsQueryDoc,
  AllEventsResponse,
  CreateEventRequest,
  CreateEventResponse,
  EventIdParams,
  PosterKeyParams,
  PosterUploadResponse,
  ViewResponse,
} from '@campus/contracts/events-domain';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { BlobStore } from '@campus/service-kit/uploads/blob-store';
import { sendBlob } from '@campus/service-kit/uploads/serve-blob';
import type { CampusEvents } from '../domain/campus-events';

/** The spec's /api/event calls, wire-compatible with its call table, and the posters they name. */
export function createEventRoutes({
  campusEvents,
  posters,
}: {
  campusEvents: CampusEvents;
  posters: BlobStore;
}): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/event/upload',
      operationId: 'uploadPoster',
      summary:
        'Upload a poster (multipart, field `poster`): JPEG, PNG, WebP or GIF judged by content, at most 8 MB and 8000 px a side; re-encoded to WebP widths without metadata. No file: 400 FILE_REQUIRED',
      access: 'user',
      docs: { upload: { field: 'poster' } },
      response: {
        description: 'Where the poster is served (`posterUrl`, the largest width) and every width',
        body: PosterUploadResponse,
      },
      errors: {
        413: 'The file is over 8 MB',
        415: 'Not multipart, or not an image by its bytes',
        422: 'The image is too large in pixels, or unreadable',
        429: 'Over the user’s poster quota (per hour, and stored MB per day): UPLOAD_QUOTA_EXCEEDED with Retry-After',
        503: 'Too many images being processed in this process: IMAGE_WORK_BUSY with Retry-After',
      },
      handler: ({ user, req }) => campusEvents.uploadPoster(user, req),
    }),
    defineRoute({
      method: 'get',
      path: '/api/event/poster/:key',
      operationId: 'getPoster',
      summary: 'A poster variant (content-addressed: cached for a year, immutable)',
      access: 'public',
      request: { params: PosterKeyParams },
      response: { description: 'The image bytes (image/webp)', body: z.any() },
      errors: { 404: 'No such poster' },
      handler: ({ res, params }) => sendBlob(res, posters, params.key),
    }),
    defineRoute({
      method: 'post',
      path: '/api/event/createform',
      operationId: 'createEvent',
      summary:
        'Post an event with a poster the signed-in user uploaded (`userid` in the body is ignored); a poster that is not theirs: 400 POSTER_UNKNOWN',
      access: 'user',
      idempotencyKey: true,
      request: { body: CreateEventRequest },
      response: { status: 201, description: 'Posted', body: CreateEventResponse },
      errors: { 409: 'The poster is used by another event' },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: 'Event posted',
        data: await campusEvents.create(user, body),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/event/allevents',
      operationId: 'listEvents',
      summary:
        'Events younger than 30 days, newest first: `?page=&limit=` (limit 10 by default), or `?cursor=` from the previous answer’s X-Next-Cursor',
      access: 'public',
      request: { query: AllEventsQuery },
      docs: { query: AllEventsQueryDoc },
      response: {
        description: 'A bare array of events (fewer than `limit`: the last page)',
        body: AllEventsResponse,
      },
      handler: async ({ query, res }) => {
        const page = await campusEvents.page(query);
        if (page.nextCursor) res.set('X-Next-Cursor', page.nextCursor);
        return page.events;
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/api/event/events/:id/view',
      operationId: 'countEventView',
      summary: 'Count a view of an event: once per viewer (user, or guest browser) per event per day',
      access: 'public',
      request: { params: EventIdParams },
      response: { description: 'The new view count', body: ViewResponse },
      errors: { 404: 'No live event has this id' },
      handler: async ({ params, user, req }) => ({
        success: true as const,
        view: await campusEvents.view(params.id, { user, ip: req.ip, userAgent: req.get('user-agent') }),
      }),
    }),
  ];
}
