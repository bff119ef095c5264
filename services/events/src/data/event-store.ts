import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '@campus/service-kit/db';
import { blobs, events, eventViews, posters, type StoredPosterVariant } from './schema';

/** One viewer on one day, as `event_views` keys them (see the table). */
export interface EventViewer {
  /** YYYY-MM-DD, UTC. */
  day: string;
  key: string;
  /** Guests only: the hash of the day and the client's address. */
  address?: string;
}

/** An event as the rules see it: the row and its poster's variants. */
export interface EventRecord {
  id: string;
  title: string | null;
  description: string | null;
  posterKey: string;
  posterVariants: StoredPosterVariant[];
  registerLink: string;
  instagramLink: string | null;
  views: number;
  postedBy: string;
  createdAt: Date;
}

const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  posterKey: posters.key,
  posterVariants: posters.variants,
  registerLink: events.registerLink,
  instagramLink: events.instagramLink,
  views: events.views,
  postedBy: events.postedBy,
  createdAt: events.createdAt,
};

/** The events service's data access: every query the rules need. The domain never sees a row. */
export function createEventStore(db: DbExecutor) {
  return {
    /** Newest first among events created after `since`: by offset, or after a cursor (keyset). */
    async page(window: {
      since: Date;
      limit: number;
      offset: number;
      after?: { createdAt: Date; id: string };
    }): Promise<EventRecord[]> {
      const after = window.after
        ? sql`(${events.createdAt}, ${events.id}) < (${window.after.createdAt.toISOString()}::timestamptz, ${window.after.id}::uuid)`
        : undefined;
      return db
        .select(eventColumns)
        .from(events)
        .innerJoin(posters, eq(posters.id, events.posterId))
        .where(and(gt(events.createdAt, window.since), after))
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(window.limit)
        .offset(window.after ? 0 : window.offset);
    },

    async insertPoster(
      executor: DbExecutor,
      poster: { key: string; uploadedBy: string; variants: StoredPosterVariant[]; createdAt: Date },
    ): Promise<string> {
      const [row] = await executor.insert(posters).values(poster).returning({ id: posters.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /**
     * This user's uploads of the poster named `key`, each with whether an event already uses it.
     * The rows are share-locked for the caller's transaction: the expiry cannot delete one between
     * this read and the event's insert (a poster it is deleting is waited for, then not found).
     */
    async postersOf(executor: DbExecutor, key: string, uploadedBy: string) {
      const theirs = and(eq(posters.key, key), eq(posters.uploadedBy, uploadedBy));
      // Locked alone: FOR SHARE cannot take the outer join's nullable side (and drizzle qualifies `OF`).
      await executor.select({ id: posters.id }).from(posters).where(theirs).for('share');
      return executor
        .select({ id: posters.id, variants: posters.variants, usedBy: events.id })
        .from(posters)
        .leftJoin(events, eq(events.posterId, posters.id))
        .where(theirs);
    },

    /** The new event; undefined when another event took the poster meanwhile. */
    async insertEvent(
      executor: DbExecutor,
      event: {
        title: string | null;
        description: string | null;
        posterId: string;
        registerLink: string;
        instagramLink: string | null;
        postedBy: string;
        createdAt: Date;
      },
    ) {
      // Two requests may both have seen the poster free: the unique poster_id decides, and the loser
      // gets undefined (POSTER_USED), not a unique-violation 500.
      const [row] = await executor
        .insert(events)
        .values(event)
        .onConflictDoNothing({ target: events.posterId })
        .returning();
      return row;
    },

    /**
     * Counts the viewer once for the day: +1 only when their (event, day, viewer) row goes in (the
     * primary key decides between concurrent first views; the increment is one statement), and a
     * guest only while their address has fewer than `guestsPerAddress` guests counted for the event
     * that day. The event's count either way; undefined when no live event has the id.
     */
    async addView(
      id: string,
      since: Date,
      viewer: EventViewer,
      guestsPerAddress: number,
    ): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const [live] = await tx
          .select({ views: events.views })
          .from(events)
          .where(and(eq(events.id, id), gt(events.createdAt, since)));
        if (!live) return undefined;
        if (viewer.address !== undefined) {
          const [guests] = await tx
            .select({ n: count() })
            .from(eventViews)
            .where(
              and(
                eq(eventViews.eventId, id),
                eq(eventViews.day, viewer.day),
                eq(eventViews.address, viewer.address),
              ),
            );
          if ((guests?.n ?? 0) >= guestsPerAddress) return live.views;
        }
        const first = await tx
          .insert(eventViews)
          .values({ eventId: id, day: viewer.day, viewer: viewer.key, address: viewer.address })
          .onConflictDoNothing()
          .returning({ eventId: eventViews.eventId });
        if (first.length === 0) {
          // Counted already: the count as it is now (a concurrent first view may have committed since).
          const [now] = await tx.select({ views: events.views }).from(events).where(eq(events.id, id));
          return now?.views ?? live.views;
        }
        const [row] = await tx
          .update(events)
          .set({ views: sql`${events.views} + 1` })
          .where(eq(events.id, id))
          .returning({ views: events.views });
        return row?.views ?? live.views;
      });
    },

    /** Forgets who viewed on days before `day` (their views stay counted). */
    async forgetViewersBefore(executor: DbExecutor, day: string): Promise<void> {
      await executor.delete(eventViews).where(lt(eventViews.day, day));
    },

    /**
     * Deletes up to `batch` events created before `cutoff`, their posters, the posters nobody used
     * that were uploaded before `unusedCutoff`, and the blobs no remaining poster refers to.
     * Returns how many events and posters went.
     */
    async expire(
      executor: DbExecutor,
      options: { cutoff: Date; unusedCutoff: Date; batch: number },
    ): Promise<{ events: number; posters: number; blobs: number }> {
      const expired = await executor
        .select({ id: events.id, posterId: events.posterId })
        .from(events)
        .where(lt(events.createdAt, options.cutoff))
        .orderBy(events.createdAt)
        .limit(options.batch);
      if (expired.length > 0)
        await executor.delete(events).where(
          inArray(
            events.id,
            expired.map((e) => e.id),
          ),
        );
      const unused = await executor
        .select({ id: posters.id })
        .from(posters)
        .leftJoin(events, eq(events.posterId, posters.id))
        .where(and(isNull(events.id), lt(posters.createdAt, options.unusedCutoff)))
        .limit(options.batch);
      const posterIds = [...expired.map((e) => e.posterId), ...unused.map((p) => p.id)];
      if (posterIds.length === 0) return { events: 0, posters: 0, blobs: 0 };
      const gone = await executor
        .delete(posters)
        .where(inArray(posters.id, posterIds))
        .returning({ variants: posters.variants });
      const keys = [...new Set(gone.flatMap((p) => p.variants.map((v) => v.key)))];
      // The same bytes uploaded twice are one blob: keep it while another poster still names it.
      const blobsGone = keys.length
        ? await executor
            .delete(blobs)
            .where(
              and(
                inArray(blobs.key, keys),
                sql`not exists (select 1 from ${posters}, jsonb_array_elements(${posters.variants}) v where v->>'key' = ${blobs.key})`,
              ),
            )
            .returning({ key: blobs.key })
        : [];
      return { events: expired.length, posters: gone.length, blobs: blobsGone.length };
    },
  };
}

export type EventStore = ReturnType<typeof createEventStore>;
