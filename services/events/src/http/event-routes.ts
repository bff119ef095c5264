import { z } from 'zod';
import {
  AllEventsQuery,
  AllEventsQueryDoc,
  AllEventsResponse,
  AttendeesResponse,
  CampusEvent,
  CreateEventRequest,
  CreateEventResponse,
  DeleteEventResponse,
  EventIdParams,
  PosterKeyParams,
  PosterUploadResponse,
  RsvpAnswer,
  RsvpRequest,
  UpdateEventRequest,
  UpdateEventResponse,
  ViewResponse,
} from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { AppError } from '@campus/service-kit/errors';
import { currentUser } from '@campus/service-kit/auth';
import { requireOwner } from '@campus/service-kit/require-owner';
import type { BlobStore } from '@campus/service-kit/uploads/blob-store';
import { sendBlob } from '@campus/service-kit/uploads/serve-blob';
import type { CampusEvents } from '../domain/campus-events';
import { attendeesCsv } from './attendees-csv';
import { calendarFilename, eventsCalendar, sendCalendar } from './event-calendar';

/** The organiser check of the attendee list: 401 for a guest, 404 for no live event, 403 NOT_OWNER. */
const organiserOf = (campusEvents: CampusEvents, req: Parameters<typeof requireOwner>[0], id: string) =>
  requireOwner(req, {
    load: () => campusEvents.ownerCheck(id, currentUser(req)),
    ownerOf: (event) => event.postedBy,
    notFoundMessage: EVENTS_MESSAGES.eventNotFound,
    forbiddenMessage: EVENTS_MESSAGES.attendeesNotOwner,
  });

/** The owner check of an edit and a delete: 401 for a guest, 404 for no live event, 403 NOT_OWNER. */
const ownerOf = (campusEvents: CampusEvents, req: Parameters<typeof requireOwner>[0], id: string) =>
  requireOwner(req, {
    load: () => campusEvents.ownerCheck(id, currentUser(req)),
    ownerOf: (event) => event.postedBy,
    notFoundMessage: EVENTS_MESSAGES.eventNotFound,
    forbiddenMessage: EVENTS_MESSAGES.notOwner,
  });

/** The spec's /api/event calls, wire-compatible with its call table, and the posters they name. */
export function createEventRoutes({
  campusEvents,
  posters,
  publicOrigin,
}: {
  campusEvents: CampusEvents;
  posters: BlobStore;
  /** The origin users open: calendar entries link to it and name its host in their UIDs. */
  publicOrigin: string;
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
      summary:
        'A poster variant (content-addressed: cached for a year, immutable). A hidden event’s poster: only its author and teachers, not cached by shared caches',
      access: 'public',
      request: { params: PosterKeyParams },
      response: { description: 'The image bytes (image/webp)', body: z.any() },
      errors: { 404: 'No such poster (deleted with its event, or its event is hidden)' },
      handler: async ({ res, params, user }) => {
        const access = await campusEvents.posterAccess(params.key, user);
        if (access === 'denied') throw AppError.notFound('No such file.', 'FILE_NOT_FOUND');
        if (access === 'public') return sendBlob(res, posters, params.key);
        const blob = await posters.get(params.key);
        if (!blob) throw AppError.notFound('No such file.', 'FILE_NOT_FOUND');
        // Only its author and teachers may see it while it is hidden: no shared cache keeps it.
        res.set({
          'Content-Type': blob.contentType,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'private, no-store',
        });
        res.send(blob.bytes);
      },
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
      method: 'get',
      path: '/api/event/calendar.ics',
      operationId: 'getEventsCalendar',
      summary:
        'The campus calendar to subscribe to (iCalendar, RFC 5545; text/calendar): upcoming dated events, soonest first, at most 200, times in UTC; hidden events are never in it. Cached 5 minutes, with an ETag',
      access: 'public',
      response: { description: 'text/calendar: a VCALENDAR with a VEVENT per event', body: z.any() },
      handler: async ({ res }) =>
        sendCalendar(
          res,
          eventsCalendar(await campusEvents.calendarFeed(), { publicOrigin, name: 'Campus Connect events' }),
        ),
    }),
    // Before /api/event/events/:id, which would take `<id>.ics` as an id.
    defineRoute({
      method: 'get',
      path: '/api/event/events/:id.ics',
      operationId: 'getEventCalendarEntry',
      summary:
        'Add to calendar: one event as an iCalendar file (RFC 5545; text/calendar, an attachment named after its title), times in UTC. Cached 5 minutes, with an ETag',
      access: 'public',
      request: { params: EventIdParams },
      response: { description: 'text/calendar: a VCALENDAR with the event’s VEVENT', body: z.any() },
      errors: {
        404: 'No live event has this id, it is hidden, or it has no dates (EVENT_UNDATED)',
      },
      handler: async ({ params, res }) => {
        const entry = await campusEvents.calendarEntry(params.id);
        sendCalendar(res, eventsCalendar([entry], { publicOrigin }), calendarFilename(entry.title));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/event/events/:id',
      operationId: 'getEvent',
      summary:
        'One live event (what `/events?event=<id>` opens). A hidden event: only its author, with `moderation: { state: hidden, reason }`',
      access: 'public',
      request: { params: EventIdParams },
      response: { description: 'The event', body: CampusEvent },
      errors: { 404: 'No live event has this id (or it is hidden and not yours)' },
      handler: async ({ params, user, res }) => {
        const event = await campusEvents.get(params.id, user);
        // A hidden event (and why) is its author's alone: no shared cache keeps that answer.
        if (event.moderation) res.set('Cache-Control', 'private, no-store');
        return event;
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/api/event/events/:id',
      operationId: 'updateEvent',
      summary:
        'Edit one’s own event: the create form’s fields, each optional (at least one); a new `posterLink` from /api/event/upload replaces the poster (the old one is deleted). Not the author: 403 NOT_OWNER',
      access: 'user',
      request: { params: EventIdParams, body: UpdateEventRequest },
      response: { description: 'The event as it is now', body: UpdateEventResponse },
      errors: {
        403: 'Not the event’s author: NOT_OWNER',
        404: 'No live event has this id',
        409: 'The new poster is used by another event',
      },
      handler: async ({ req, params, body }) => {
        const { user } = await ownerOf(campusEvents, req, params.id);
        return {
          success: true as const,
          message: EVENTS_MESSAGES.updated,
          data: await campusEvents.update(user, params.id, body),
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/event/events/:id',
      operationId: 'deleteEvent',
      summary:
        'Delete one’s own event: it leaves every list and its poster is deleted (its URL answers 404). Not the author: 403 NOT_OWNER',
      access: 'user',
      request: { params: EventIdParams },
      response: { description: 'Deleted', body: DeleteEventResponse },
      errors: { 403: 'Not the event’s author: NOT_OWNER', 404: 'No live event has this id' },
      handler: async ({ req, params }) => {
        const { user } = await ownerOf(campusEvents, req, params.id);
        await campusEvents.delete(user, params.id);
        return { success: true as const, message: EVENTS_MESSAGES.deleted };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/event/events/:id/rsvp',
      operationId: 'rsvpEvent',
      summary:
        'Answer an event: going (waitlisted in order when its capacity is taken), interested, or none; a seat given up goes to the first waiting. Ended: 409 EVENT_ENDED',
      access: 'user',
      request: { params: EventIdParams, body: RsvpRequest },
      response: { description: 'The counts after the answer and where the student stands', body: RsvpAnswer },
      errors: { 404: 'No live event has this id', 409: 'The event has ended: EVENT_ENDED' },
      handler: ({ user, params, body }) => campusEvents.rsvp(user, params.id, body.status),
    }),
    defineRoute({
      method: 'get',
      path: '/api/event/events/:id/rsvp',
      operationId: 'getEventRsvp',
      summary:
        'The counts and where the signed-in student stands (`mine`: going, interested, waitlisted or none)',
      access: 'user',
      request: { params: EventIdParams },
      response: { description: 'The counts and the student’s answer', body: RsvpAnswer },
      errors: { 404: 'No live event has this id' },
      handler: async ({ user, params, res }) => {
        res.set('Cache-Control', 'private, no-store');
        return campusEvents.rsvpOf(user, params.id);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/event/events/:id/attendees',
      operationId: 'listEventAttendees',
      summary:
        'Who answered, for the event’s author: going, then the waitlist in order, then interested. Not the author: 403 NOT_OWNER',
      access: 'user',
      request: { params: EventIdParams },
      response: { description: 'The counts and every answer', body: AttendeesResponse },
      errors: { 403: 'Not the event’s author: NOT_OWNER', 404: 'No live event has this id' },
      handler: async ({ req, res, params }) => {
        await organiserOf(campusEvents, req, params.id);
        res.set('Cache-Control', 'private, no-store');
        return campusEvents.attendees(params.id);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/event/events/:id/attendees.csv',
      operationId: 'exportEventAttendees',
      summary:
        "The attendee list as CSV (text/csv, an attachment) for the event’s author; cells a spreadsheet would run as a formula are prefixed with '. Not the author: 403 NOT_OWNER",
      access: 'user',
      request: { params: EventIdParams },
      response: { description: 'CSV: Name, Status, Waitlist position, Responded at (UTC)', body: z.any() },
      errors: { 403: 'Not the event’s author: NOT_OWNER', 404: 'No live event has this id' },
      handler: async ({ req, res, params }) => {
        await organiserOf(campusEvents, req, params.id);
        const csv = attendeesCsv(await campusEvents.attendees(params.id));
        res.set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="event-${params.id.replace(/[^a-f0-9-]/gi, '')}-attendees.csv"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        });
        res.send(csv);
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
