import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { ContentChangedPayload, ModerationDecisionPayload } from '@campus/contracts/events';
import {
  type AllEventsQuery,
  type AttendeesResponse,
  type RsvpAnswer,
  type CampusEvent,
  type CreateEventRequest,
  type PosterUploadResponse,
  type UpdateEventRequest,
} from '@campus/contracts/events-domain';
import {
  CALENDAR_FEED_MAX,
  EVENT_LIFETIME_MS,
  EVENT_MAX_DURATION_DAYS,
  EVENT_MAX_LEAD_DAYS,
  EVENTS_MESSAGES,
  POSTER_MAX_BYTES,
  POSTER_WIDTHS,
  eventLink,
  posterKeyOf,
  posterPath,
  type RsvpChoice,
} from '@campus/contracts/events-domain-rules';
import { encodeCursor } from '@campus/contracts/cursor';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import {
  acceptDecision,
  contentChanged,
  type ModerationCommand,
} from '@campus/service-kit/moderated-content';
import type { Emit, Transact } from '@campus/service-kit/unit-of-work';
import {
  DEFAULT_IMAGE_POLICY,
  processImageUpload,
  sniffImageType,
  type ImagePolicy,
} from '@campus/service-kit/uploads/image-variants';
import { createPostgresBlobStore } from '@campus/service-kit/uploads/postgres-blob-store';
import { readSingleFileUpload } from '@campus/service-kit/uploads/read-single-file-upload';
import {
  createEventStore,
  listingKey,
  type EventChanges,
  type EventListing,
  type EventRecord,
} from '../data/event-store';
import { blobs, events as eventsTable, type StoredPosterVariant } from '../data/schema';
import { createRsvpStore } from '../data/rsvp-store';
import { eventViewerOf, type ViewRequest } from './event-viewer';
import type { PosterQuota } from './poster-quota';
import { isUuid } from '@campus/service-kit/uuid';

/**
 * Guests counted per event per day from one address (each a different browser there). A campus NAT
 * is one address: signed-in students count one by one, guests up to this; a script that changes its
 * user agent on every request adds no more than this a day.
 */
export const GUEST_VIEWERS_PER_ADDRESS = 20;

/** Posters: WebP only (every browser React 19 runs in reads it), five widths for srcset. */
export const POSTER_POLICY: ImagePolicy = {
  ...DEFAULT_IMAGE_POLICY,
  widths: POSTER_WIDTHS,
  formats: ['webp'],
};

const toVariants = (variants: StoredPosterVariant[]) =>
  variants.map((v) => ({ url: posterPath(v.key), width: v.width, height: v.height }));

/** What the events service publishes. */
export type EventsEmits = 'events.event.posted' | 'events.content.changed';

/**
 * An event as answered. `moderation` appears only on a hidden event, and a hidden event is answered
 * only to its author (the public reads leave hidden events out), so only its author reads why.
 */
const toEvent = (record: EventRecord): CampusEvent => ({
  _id: record.id,
  title: record.title,
  description: record.description,
  posterLink: posterPath(record.posterKey),
  posterVariants: toVariants(record.posterVariants),
  registerLink: record.registerLink,
  instagramLink: record.instagramLink,
  view: record.views,
  postedBy: record.postedBy,
  createdAt: record.createdAt.toISOString(),
  expiresAt: new Date((record.endsAt ?? record.createdAt).getTime() + EVENT_LIFETIME_MS).toISOString(),
  editedAt: record.editedAt?.toISOString() ?? null,
  startsAt: record.startsAt?.toISOString() ?? null,
  endsAt: record.endsAt?.toISOString() ?? null,
  venue: record.venue,
  capacity: record.capacity,
  rsvp: { going: record.going, interested: record.interested, waitlisted: record.waitlisted },
  ...(record.moderation === 'hidden'
    ? { moderation: { state: 'hidden' as const, reason: record.moderationReason ?? '' } }
    : {}),
});

/** A dated event as a calendar holds it (http/event-calendar.ts writes it as iCalendar). */
export interface CalendarEntry {
  id: string;
  title: string;
  description: string | null;
  registerLink: string;
  venue: string | null;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  /** Its last edit, or its posting: the entry's DTSTAMP and LAST-MODIFIED. */
  updatedAt: Date;
  /** One more at each edit and moderation change: a calendar takes the higher SEQUENCE as the newer entry. */
  sequence: number;
}

const toCalendarEntry = (record: EventRecord): CalendarEntry | undefined =>
  record.startsAt && record.endsAt
    ? {
        id: record.id,
        title: record.title ?? EVENTS_MESSAGES.untitled,
        description: record.description,
        registerLink: record.registerLink,
        venue: record.venue,
        startsAt: record.startsAt,
        endsAt: record.endsAt,
        createdAt: record.createdAt,
        updatedAt: record.editedAt ?? record.createdAt,
        sequence: record.version,
      }
    : undefined;

/**
 * The event as moderators read it (`events.content.changed`): its title, and as text its
 * description, its links and its poster's address (a teacher opens the poster there, hidden or not).
 */
export const snapshot = (
  record: EventRecord,
  change: ContentChangedPayload['change'],
  version: number,
  at: Date,
): ContentChangedPayload =>
  contentChanged({
    targetType: 'event',
    targetId: record.id,
    link: eventLink(record.id),
    authorId: record.postedBy,
    authorName: record.postedByName,
    anonymous: false,
    title: record.title ?? EVENTS_MESSAGES.untitled,
    text: [
      record.description,
      `Registration: ${record.registerLink}`,
      record.instagramLink && `Instagram: ${record.instagramLink}`,
      record.venue && `Venue: ${record.venue}`,
      `Poster: ${posterPath(record.posterKey)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    change,
    version,
    at,
  });

const notFound = () => AppError.notFound(EVENTS_MESSAGES.eventNotFound, 'EVENT_NOT_FOUND');
const invalidField = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, [{ path, message }]);

/**
 * The rules on an event's dates that need the clock: an end not yet past (an event that already
 * ended is no announcement), a start at most EVENT_MAX_LEAD_DAYS ahead and an end at most that plus
 * EVENT_MAX_DURATION_DAYS ahead (its 30 days count from its end, so a far end would keep it and its
 * poster forever). Only the dates a request sends are judged.
 */
function checkDatesAgainstClock(sent: { startsAt?: Date; endsAt?: Date }, now: Date) {
  if (sent.endsAt && sent.endsAt.getTime() <= now.getTime())
    throw invalidField('endsAt', EVENTS_MESSAGES.endedAlready);
  if (sent.startsAt && sent.startsAt.getTime() > now.getTime() + EVENT_MAX_LEAD_DAYS * DAY_MS)
    throw invalidField('startsAt', EVENTS_MESSAGES.startsTooFar);
  const latestEnd = now.getTime() + (EVENT_MAX_LEAD_DAYS + EVENT_MAX_DURATION_DAYS) * DAY_MS;
  if (sent.endsAt && sent.endsAt.getTime() > latestEnd)
    throw invalidField('endsAt', EVENTS_MESSAGES.endsTooFar);
}
const DAY_MS = 24 * 60 * 60 * 1000;
const dateOrUndefined = (v: string | undefined) => (v === undefined ? undefined : new Date(v));
const notOwner = () => AppError.forbidden(EVENTS_MESSAGES.notOwner, 'NOT_OWNER');

/** The events domain's rules: posters, events, views. Expiry is in expire-events.ts. */
export function createCampusEvents(deps: {
  db: Db;
  transact: Transact<EventsEmits>;
  now: () => Date;
  quota: PosterQuota;
}) {
  const store = createEventStore(deps.db);
  const rsvps = createRsvpStore();
  const answerOf = async (executor: DbExecutor, id: string, userId: string): Promise<RsvpAnswer> => ({
    ...(await rsvps.counts(executor, id)),
    mine: (await rsvps.statusOf(executor, id, userId)) ?? 'none',
  });
  const liveSince = () => new Date(deps.now().getTime() - EVENT_LIFETIME_MS);
  /** A live event by id, hidden or not (undefined for an id that is no uuid: never a 500). */
  const find = (executor: DbExecutor, id: string, options: { lock?: boolean } = {}) =>
    isUuid(id) ? store.find(executor, id, liveSince(), options) : Promise.resolve(undefined);

  /** The delete an author asks for and a moderator's delete: the event, its views, its poster and blobs. */
  async function remove(tx: DbExecutor, record: EventRecord, emit: Emit<'events.content.changed'>) {
    await store.delete(tx, record);
    await emit('events.content.changed', snapshot(record, 'deleted', record.version + 1, deps.now()));
  }

  return {
    /**
     * One poster from a multipart body (field `poster`): judged by its bytes, re-encoded without
     * metadata into WebP widths, stored with its uploader in one commit (nothing stored on a refusal).
     * Within the user's quota (429 with Retry-After): checked before the body is read, and again
     * under a per-user lock in the commit; a file that is no image is refused before any image work.
     */
    async uploadPoster(user: AuthUser, req: IncomingMessage): Promise<PosterUploadResponse> {
      try {
        await deps.quota.check(deps.db, user.id, deps.now());
      } catch (refused) {
        req.resume();
        throw refused;
      }
      const { file } = await readSingleFileUpload(req, {
        field: 'poster',
        maxBytes: POSTER_MAX_BYTES,
        missingMessage: EVENTS_MESSAGES.posterRequired,
      });
      await sniffImageType(file.bytes);
      const image = await processImageUpload(file.bytes, POSTER_POLICY);
      const variants = image.variants
        .map((v) => ({ key: v.key, width: v.width, height: v.height }))
        .sort((a, b) => a.width - b.width);
      const largest = variants.at(-1);
      if (!largest) throw new AppError(422, 'IMAGE_UNREADABLE', 'The image could not be read.');
      const storedBytes = [...new Map(image.variants.map((v) => [v.key, v.bytes.length])).values()].reduce(
        (sum, size) => sum + size,
        0,
      );
      await deps.db.transaction(async (tx) => {
        await deps.quota.checkLocked(tx, user.id, deps.now(), storedBytes);
        const blobStore = createPostgresBlobStore({ db: tx, table: blobs });
        for (const variant of image.variants) await blobStore.put(variant);
        await store.insertPoster(tx, {
          key: largest.key,
          uploadedBy: user.id,
          variants,
          createdAt: deps.now(),
        });
      });
      return { posterUrl: posterPath(largest.key), variants: toVariants(variants) };
    },

    /** The spec's createform: the poster must be one this user uploaded and no event uses yet. */
    async create(user: AuthUser, data: z.output<typeof CreateEventRequest>): Promise<CampusEvent> {
      const key = posterKeyOf(data.posterLink);
      const invalid = (message: string, code: string, status = 400) =>
        new AppError(status, code, message, [{ path: 'posterLink', message }]);
      if (!key) throw invalid(EVENTS_MESSAGES.posterUnknown, 'POSTER_UNKNOWN');
      const startsAt = dateOrUndefined(data.startsAt);
      const endsAt = dateOrUndefined(data.endsAt);
      checkDatesAgainstClock({ startsAt, endsAt }, deps.now());
      return deps.transact(async (tx, emit) => {
        const uploads = await store.postersOf(tx, key, user.id);
        if (uploads.length === 0) throw invalid(EVENTS_MESSAGES.posterUnknown, 'POSTER_UNKNOWN');
        const poster = uploads.find((p) => p.usedBy === null);
        if (!poster) throw invalid(EVENTS_MESSAGES.posterUsed, 'POSTER_USED', 409);
        const row = await store.insertEvent(tx, {
          title: data.title ?? null,
          description: data.description ?? null,
          posterId: poster.id,
          registerLink: data.registerLink,
          instagramLink: data.instagramLink ?? null,
          postedBy: user.id,
          postedByName: user.name,
          createdAt: deps.now(),
          startsAt: startsAt ?? null,
          endsAt: endsAt ?? null,
          venue: data.venue ?? null,
          capacity: data.capacity ?? null,
        });
        if (!row) throw invalid(EVENTS_MESSAGES.posterUsed, 'POSTER_USED', 409);
        await emit('events.event.posted', {
          eventId: row.id,
          postedBy: user.id,
          ...(row.title ? { title: row.title } : {}),
        });
        const record: EventRecord = {
          ...row,
          posterKey: key,
          posterVariants: poster.variants,
          going: 0,
          interested: 0,
          waitlisted: 0,
        };
        await emit('events.content.changed', snapshot(record, 'published', record.version, row.createdAt));
        return toEvent(record);
      });
    },

    /** A live event that is not hidden, or a hidden one for its author (with why); else 404. */
    async get(id: string, user: AuthUser | undefined): Promise<CampusEvent> {
      const record = await find(deps.db, id);
      if (!record || (record.moderation === 'hidden' && record.postedBy !== user?.id)) throw notFound();
      return toEvent(record);
    },

    /**
     * The live event for the owner check of an edit or a delete; undefined (404) when there is none,
     * and for a hidden one that is not the caller's (GET answers it 404: a 403 would tell them it exists).
     */
    async ownerCheck(id: string, caller: AuthUser) {
      const record = await find(deps.db, id);
      return record && (record.moderation !== 'hidden' || record.postedBy === caller.id) ? record : undefined;
    },

    /** Live events, newest first: by page, or after a cursor; `nextCursor` when a full page came back. */
    async page(
      query: z.output<typeof AllEventsQuery>,
    ): Promise<{ events: CampusEvent[]; nextCursor?: string }> {
      if (query.cursor && !isUuid(query.cursor.id))
        throw AppError.badRequest(
          'The cursor is not one this list gave out. Start again from the first page.',
          'VALIDATION_FAILED',
        );
      const listing: EventListing = query.when ?? 'newest';
      const records = await store.page({
        since: liveSince(),
        now: deps.now(),
        listing,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        after: query.cursor ? { at: new Date(query.cursor.createdAt), id: query.cursor.id } : undefined,
      });
      const last = records.at(-1);
      return {
        events: records.map(toEvent),
        // The cursor's instant is the list's own key (posted, start or end): hand it back with the same `when`.
        nextCursor:
          last && records.length === query.limit
            ? encodeCursor({ createdAt: listingKey(listing, last).toISOString(), id: last.id })
            : undefined,
      };
    },

    /**
     * Counts a view once per viewer per event per day (issue 22 §6), and at most
     * GUEST_VIEWERS_PER_ADDRESS guests from one address; answers the event's count either way.
     * 404 for an id that is no live event.
     */
    async view(id: string, request: ViewRequest): Promise<number> {
      const viewer = eventViewerOf(request, deps.now());
      const views = isUuid(id)
        ? await store.addView(id, liveSince(), viewer, GUEST_VIEWERS_PER_ADDRESS)
        : undefined;
      if (views === undefined) throw notFound();
      return views;
    },

    /**
     * The author's edit: the fields sent (a blank title, description or Instagram link clears it), one
     * more version, `editedAt`, and events.content.changed 'edited' in the same commit. A new
     * `posterLink` must name a poster this user uploaded that no event uses (as on create); the old
     * poster is deleted with it, so its URL answers 404. The event stays hidden if it was.
     */
    async update(
      user: AuthUser,
      id: string,
      data: z.output<typeof UpdateEventRequest>,
    ): Promise<CampusEvent> {
      const invalid = (message: string, code: string, status = 400) =>
        new AppError(status, code, message, [{ path: 'posterLink', message }]);
      return deps.transact(async (tx, emit) => {
        const before = await find(tx, id, { lock: true });
        if (!before) throw notFound();
        if (before.postedBy !== user.id) throw notOwner();
        const changes: EventChanges = {
          ...(data.title !== undefined ? { title: data.title } : {}),
          ...(data.description !== undefined ? { description: data.description } : {}),
          ...(data.registerLink !== undefined ? { registerLink: data.registerLink } : {}),
          ...(data.instagramLink !== undefined ? { instagramLink: data.instagramLink } : {}),
          ...(data.venue !== undefined ? { venue: data.venue } : {}),
          ...(data.capacity !== undefined ? { capacity: data.capacity } : {}),
        };
        const sent = { startsAt: dateOrUndefined(data.startsAt), endsAt: dateOrUndefined(data.endsAt) };
        // A date sent as it is stored is no change: an ended event's form sends its end again.
        const moved = (next: Date | undefined, stored: Date | null) =>
          next && next.getTime() !== stored?.getTime() ? next : undefined;
        checkDatesAgainstClock(
          { startsAt: moved(sent.startsAt, before.startsAt), endsAt: moved(sent.endsAt, before.endsAt) },
          deps.now(),
        );
        if (sent.startsAt || sent.endsAt) {
          // One date alone moves that end of a dated event; an undated event needs both.
          const starts = sent.startsAt ?? before.startsAt;
          const ends = sent.endsAt ?? before.endsAt;
          if (!starts || !ends)
            throw invalidField(starts ? 'endsAt' : 'startsAt', EVENTS_MESSAGES.datesTogether);
          if (ends.getTime() <= starts.getTime())
            throw invalidField('endsAt', EVENTS_MESSAGES.endsBeforeStart);
          changes.startsAt = starts;
          changes.endsAt = ends;
        }
        const key = data.posterLink === undefined ? undefined : posterKeyOf(data.posterLink);
        if (data.posterLink !== undefined && !key)
          throw invalid(EVENTS_MESSAGES.posterUnknown, 'POSTER_UNKNOWN');
        // The form may send the poster it already has: that is no change.
        const newPoster = key !== undefined && key !== before.posterKey;
        if (newPoster) {
          const uploads = await store.postersOf(tx, key, user.id);
          if (uploads.length === 0) throw invalid(EVENTS_MESSAGES.posterUnknown, 'POSTER_UNKNOWN');
          const poster = uploads.find((p) => p.usedBy === null);
          if (!poster) throw invalid(EVENTS_MESSAGES.posterUsed, 'POSTER_USED', 409);
          changes.posterId = poster.id;
        }
        try {
          await store.update(tx, id, { ...changes, postedByName: user.name, editedAt: deps.now() });
        } catch (error) {
          // Another event took the new poster between our read and this write: its unique poster_id.
          if (newPoster && isUniqueViolation(error))
            throw invalid(EVENTS_MESSAGES.posterUsed, 'POSTER_USED', 409);
          throw error;
        }
        if (newPoster) await store.deletePoster(tx, before.posterId);
        // More seats (or none limited): the waitlist moves up, in order, in this commit.
        if (data.capacity !== undefined) await rsvps.promote(tx, id, data.capacity);
        const after = await find(tx, id);
        if (!after) throw notFound();
        await emit('events.content.changed', snapshot(after, 'edited', after.version, deps.now()));
        return toEvent(after);
      });
    },

    /**
     * The author's delete: the event leaves every list, its poster is deleted (its URL answers 404)
     * and events.content.changed 'deleted' goes out in the same commit.
     */
    async delete(user: AuthUser, id: string): Promise<void> {
      await deps.transact(async (tx, emit) => {
        const record = await find(tx, id, { lock: true });
        if (!record) throw notFound();
        if (record.postedBy !== user.id) throw notOwner();
        await remove(tx, record, emit);
      });
    },

    /**
     * A moderation decision about an event (moderationDecisionHandlers): hide (with the reason its
     * author reads) and restore change only what differs, each a new version; delete is the author's
     * delete. An event already gone (deleted, expired) is no error: nothing happens.
     */
    async moderate(
      tx: DbExecutor,
      command: ModerationCommand,
      decision: ModerationDecisionPayload,
      emit: Emit<'events.content.changed'>,
    ): Promise<void> {
      const record = await find(tx, decision.targetId, { lock: true });
      if (!record) return;
      // Under the row lock: a decision older than the last applied is skipped (out of order).
      if (!(await acceptDecision(tx, eventsTable, eventsTable.id, record.id, decision))) return;
      if (command === 'delete') await remove(tx, record, emit);
      else
        await store.setModeration(
          tx,
          record.id,
          command === 'hide' ? { state: 'hidden', reason: decision.reason } : { state: 'visible' },
        );
    },

    /**
     * A student's answer (issue 27): going (waitlisted when the seats are taken), interested, or none
     * (taking it back). Under the event's row lock in one commit: the seats are counted and taken
     * one answer at a time, and a seat given up goes to the first on the waitlist. A changed answer
     * takes a new place in the order (going again after interested joins the end of the waitlist);
     * the same answer again changes nothing. 404 for no live, visible event; 409 once it has ended.
     */
    async rsvp(user: AuthUser, id: string, choice: RsvpChoice): Promise<RsvpAnswer> {
      return deps.db.transaction(async (tx) => {
        const event = await find(tx, id, { lock: true });
        if (!event || event.moderation === 'hidden') throw notFound();
        if (event.endsAt && event.endsAt.getTime() <= deps.now().getTime())
          throw AppError.conflict(EVENTS_MESSAGES.rsvpEnded, 'EVENT_ENDED');
        const before = await rsvps.statusOf(tx, id, user.id);
        const held = before === 'going';
        if (choice === 'none') {
          if (before) await rsvps.remove(tx, id, user.id);
        } else if (choice === 'interested') {
          if (before !== 'interested')
            await rsvps.set(tx, {
              eventId: id,
              userId: user.id,
              userName: user.name,
              status: 'interested',
              at: deps.now(),
            });
        } else if (before !== 'going' && before !== 'waitlisted') {
          const { going } = await rsvps.counts(tx, id);
          const full = event.capacity !== null && going >= event.capacity;
          await rsvps.set(tx, {
            eventId: id,
            userId: user.id,
            userName: user.name,
            status: full ? 'waitlisted' : 'going',
            at: deps.now(),
          });
        }
        if (held && choice !== 'going') await rsvps.promote(tx, id, event.capacity);
        return answerOf(tx, id, user.id);
      });
    },

    /**
     * One event's calendar entry (issue 27): a live event the public list shows (hidden: 404 for
     * everyone, its author too, since a calendar file is kept and shared) that has dates (undated:
     * 404 EVENT_UNDATED, nothing to put in a calendar).
     */
    async calendarEntry(id: string): Promise<CalendarEntry> {
      const record = await find(deps.db, id);
      if (!record || record.moderation === 'hidden') throw notFound();
      const entry = toCalendarEntry(record);
      if (!entry) throw AppError.notFound(EVENTS_MESSAGES.calendarUndated, 'EVENT_UNDATED');
      return entry;
    },

    /** The campus feed: upcoming (not ended) dated events the public list shows, soonest first, at most CALENDAR_FEED_MAX. */
    async calendarFeed(): Promise<CalendarEntry[]> {
      const records = await store.calendar(deps.db, {
        since: liveSince(),
        now: deps.now(),
        limit: CALENDAR_FEED_MAX,
      });
      return records.flatMap((record) => toCalendarEntry(record) ?? []);
    },

    /** The counts and where this student stands (their RSVP button). 404 for no live, visible event. */
    async rsvpOf(user: AuthUser, id: string): Promise<RsvpAnswer> {
      const event = await find(deps.db, id);
      if (!event || event.moderation === 'hidden') throw notFound();
      return answerOf(deps.db, id, user.id);
    },

    /** Who answered, for the organiser (the route checked they posted it): going, the waitlist in order, interested. */
    async attendees(id: string): Promise<AttendeesResponse> {
      const event = await find(deps.db, id);
      if (!event) throw notFound();
      const rows = await rsvps.attendees(deps.db, id);
      let waiting = 0;
      return {
        capacity: event.capacity,
        going: rows.filter((r) => r.status === 'going').length,
        interested: rows.filter((r) => r.status === 'interested').length,
        waitlisted: rows.filter((r) => r.status === 'waitlisted').length,
        attendees: rows.map((r) => ({
          userId: r.userId,
          name: r.name,
          status: r.status,
          waitlistPosition: r.status === 'waitlisted' ? ++waiting : null,
          respondedAt: r.respondedAt.toISOString(),
        })),
      };
    },

    /**
     * How this reader may have the poster blob `key`: 'public' when a poster naming it is unused or
     * on a visible event (or no poster names it: the blob store answers); 'private' (not to be kept
     * by shared caches) when it is on a hidden event and the reader is its author or a teacher (who
     * moderates it); else 'denied', a 404 like a deleted one.
     */
    async posterAccess(key: string, user: AuthUser | undefined): Promise<'public' | 'private' | 'denied'> {
      const audience = await store.posterAudience(deps.db, key);
      if (audience.length === 0 || audience.some((p) => p.moderation !== 'hidden')) return 'public';
      return audience.some((p) => p.uploadedBy === user?.id) || user?.isTeacher ? 'private' : 'denied';
    },
  };
}

/** A PostgreSQL unique violation (23505), as node-postgres or PGlite reports it (drizzle may wrap it). */
function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | undefined)?.cause) === '23505';
}

export type CampusEvents = ReturnType<typeof createCampusEvents>;
