import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import {
  type AllEventsQuery,
  type CampusEvent,
  type CreateEventRequest,
  type PosterUploadResponse,
} from '@campus/contracts/events-domain';
import {
  EVENT_LIFETIME_MS,
  EVENTS_MESSAGES,
  POSTER_MAX_BYTES,
  POSTER_WIDTHS,
  posterKeyOf,
  posterPath,
} from '@campus/contracts/events-domain-rules';
import { encodeCursor } from '@campus/contracts/cursor';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import {
  DEFAULT_IMAGE_POLICY,
  processImageUpload,
  sniffImageType,
  type ImagePolicy,
} from '@campus/service-kit/uploads/image-variants';
import { createPostgresBlobStore } from '@campus/service-kit/uploads/postgres-blob-store';
import { readSingleFileUpload } from '@campus/service-kit/uploads/read-single-file-upload';
import { createEventStore, type EventRecord } from '../data/event-store';
import { blobs, type StoredPosterVariant } from '../data/schema';
import { eventViewerOf, type ViewRequest } from './event-viewer';
import type { PosterQuota } from './poster-quota';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toVariants = (variants: StoredPosterVariant[]) =>
  variants.map((v) => ({ url: posterPath(v.key), width: v.width, height: v.height }));

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
  expiresAt: new Date(record.createdAt.getTime() + EVENT_LIFETIME_MS).toISOString(),
});

/** The events domain's rules: posters, events, views. Expiry is in expire-events.ts. */
export function createCampusEvents(deps: {
  db: Db;
  transact: Transact<'events.event.posted'>;
  now: () => Date;
  quota: PosterQuota;
}) {
  const store = createEventStore(deps.db);
  const liveSince = () => new Date(deps.now().getTime() - EVENT_LIFETIME_MS);

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
          createdAt: deps.now(),
        });
        if (!row) throw invalid(EVENTS_MESSAGES.posterUsed, 'POSTER_USED', 409);
        await emit('events.event.posted', { eventId: row.id, postedBy: user.id });
        return toEvent({ ...row, posterKey: key, posterVariants: poster.variants });
      });
    },

    /** Live events, newest first: by page, or after a cursor; `nextCursor` when a full page came back. */
    async page(
      query: z.output<typeof AllEventsQuery>,
    ): Promise<{ events: CampusEvent[]; nextCursor?: string }> {
      if (query.cursor && !UUID.test(query.cursor.id))
        throw AppError.badRequest(
          'The cursor is not one this list gave out. Start again from the first page.',
          'VALIDATION_FAILED',
        );
      const records = await store.page({
        since: liveSince(),
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        after: query.cursor
          ? { createdAt: new Date(query.cursor.createdAt), id: query.cursor.id }
          : undefined,
      });
      const last = records.at(-1);
      return {
        events: records.map(toEvent),
        nextCursor:
          last && records.length === query.limit
            ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id })
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
      const views = UUID.test(id)
        ? await store.addView(id, liveSince(), viewer, GUEST_VIEWERS_PER_ADDRESS)
        : undefined;
      if (views === undefined) throw AppError.notFound(EVENTS_MESSAGES.eventNotFound, 'EVENT_NOT_FOUND');
      return views;
    },
  };
}

export type CampusEvents = ReturnType<typeof createCampusEvents>;
