import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@campus/service-kit/db';
import { publiclyVisible } from '@campus/service-kit/moderated-content';
import {
  blobs,
  eventReminders,
  eventRsvps,
  events,
  eventViews,
  posters,
  type StoredPosterVariant,
} from './schema';

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
  postedByName: string;
  createdAt: Date;
  posterId: string;
  version: number;
  editedAt: Date | null;
  moderation: 'visible' | 'hidden';
  moderationReason: string | null;
  capacity: number | null;
  going: number;
  interested: number;
  waitlisted: number;
  startsAt: Date | null;
  endsAt: Date | null;
  venue: string | null;
}

/** What an edit may change (absent: unchanged; null: cleared). */
export interface EventChanges {
  title?: string | null;
  description?: string | null;
  registerLink?: string;
  instagramLink?: string | null;
  posterId?: string;
  capacity?: number | null;
  startsAt?: Date;
  endsAt?: Date;
  venue?: string | null;
}

/** How many answered an event so (the order index serves it). */
function rsvpCount(status: 'going' | 'interested' | 'waitlisted') {
  return sql<number>`(select count(*)::int from ${eventRsvps} where ${eventRsvps.eventId} = ${events.id} and ${eventRsvps.status} = ${status})`.mapWith(
    Number,
  );
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
  postedByName: events.postedByName,
  createdAt: events.createdAt,
  posterId: events.posterId,
  version: events.version,
  editedAt: events.editedAt,
  moderation: events.moderation,
  moderationReason: events.moderationReason,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  venue: events.venue,
  capacity: events.capacity,
  going: rsvpCount('going'),
  interested: rsvpCount('interested'),
  waitlisted: rsvpCount('waitlisted'),
};

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** What an event's 30 days count from: its end, or its posting when it has no dates. */
const lifetimeFrom = sql`coalesce(${events.endsAt}, ${events.createdAt})`;
/** Live: its 30 days after the end (after posting, undated) are not over. */
export const liveAfter = (since: Date) => sql`${lifetimeFrom} > ${at(since)}`;
/** Where the upcoming list sorts an event: its start, or its posting when undated (running since then). */
const upcomingKey = sql`coalesce(${events.startsAt}, ${events.createdAt})`;

/** Which list: every live event newest posted first (the spec's), upcoming, or past. */
export type EventListing = 'newest' | 'upcoming' | 'past';
/** Where a list's page ended: the sort instant (posted, start or end) and the id. */
export const listingKey = (listing: EventListing, record: EventRecord): Date =>
  listing === 'upcoming'
    ? (record.startsAt ?? record.createdAt)
    : listing === 'past'
      ? (record.endsAt ?? record.createdAt)
      : record.createdAt;

/**
 * Deletes these posters and the blobs no remaining poster names (the same image uploaded twice is
 * one blob: it stays while another poster still names it). How many posters and blobs went.
 */
async function deletePosters(
  executor: DbExecutor,
  posterIds: string[],
): Promise<{ posters: number; blobs: number }> {
  if (posterIds.length === 0) return { posters: 0, blobs: 0 };
  const gone = await executor
    .delete(posters)
    .where(inArray(posters.id, posterIds))
    .returning({ variants: posters.variants });
  const keys = [...new Set(gone.flatMap((p) => p.variants.map((v) => v.key)))];
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
  return { posters: gone.length, blobs: blobsGone.length };
}

/**
 * Of these posters (read as unused), the ones still unused, locked for deletion. A create takes its
 * poster FOR SHARE before it writes the event: such a poster is skipped (the create wins); one
 * whose create committed since the read is seen by the second read (a new snapshot) and kept; a
 * create that comes after the lock waits for it and then finds the poster gone (POSTER_UNKNOWN).
 * Without it the delete waited for the create and then failed on the foreign key, failing the run.
 */
async function lockUnusedPosters(executor: DbExecutor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  // Locked alone: drizzle qualifies `OF` with the schema, which PostgreSQL refuses.
  const locked = await executor
    .select({ id: posters.id })
    .from(posters)
    .where(inArray(posters.id, ids))
    .for('update', { skipLocked: true });
  if (locked.length === 0) return [];
  const still = await executor
    .select({ id: posters.id })
    .from(posters)
    .where(
      and(
        inArray(
          posters.id,
          locked.map((p) => p.id),
        ),
        sql`not exists (select 1 from ${events} where ${events.posterId} = ${posters.id})`,
      ),
    );
  return still.map((p) => p.id);
}

/** The events service's data access: every query the rules need. The domain never sees a row. */
export function createEventStore(db: DbExecutor) {
  return {
    /**
     * A page of live events (their 30 days not over at `since`): 'newest' posted first (the spec's
     * list); 'upcoming' not ended at `now` (undated ones until they expire), soonest start first;
     * 'past' ended, latest end first. By offset, or after a cursor (keyset on the list's instant).
     */
    async page(window: {
      since: Date;
      now: Date;
      listing: EventListing;
      limit: number;
      offset: number;
      after?: { at: Date; id: string };
    }): Promise<EventRecord[]> {
      const { listing, after } = window;
      const key =
        listing === 'upcoming'
          ? upcomingKey
          : listing === 'past'
            ? sql`${events.endsAt}`
            : sql`${events.createdAt}`;
      const afterCursor = after
        ? listing === 'upcoming'
          ? sql`(${key}, ${events.id}) > (${at(after.at)}, ${after.id}::uuid)`
          : sql`(${key}, ${events.id}) < (${at(after.at)}, ${after.id}::uuid)`
        : undefined;
      const which =
        listing === 'upcoming'
          ? or(isNull(events.endsAt), sql`${events.endsAt} > ${at(window.now)}`)
          : listing === 'past'
            ? sql`${events.endsAt} <= ${at(window.now)}`
            : undefined;
      return db
        .select(eventColumns)
        .from(events)
        .innerJoin(posters, eq(posters.id, events.posterId))
        .where(and(liveAfter(window.since), publiclyVisible(events), which, afterCursor))
        .orderBy(...(listing === 'upcoming' ? [asc(key), asc(events.id)] : [desc(key), desc(events.id)]))
        .limit(window.limit)
        .offset(after ? 0 : window.offset);
    },

    /**
     * The campus calendar (issue 27): live, visible, dated events that have not ended, soonest start
     * first, at most `limit` (the public list's visibility: hidden and deleted events are never in it).
     */
    async calendar(
      executor: DbExecutor,
      window: { since: Date; now: Date; limit: number },
    ): Promise<EventRecord[]> {
      return executor
        .select(eventColumns)
        .from(events)
        .innerJoin(posters, eq(posters.id, events.posterId))
        .where(
          and(
            liveAfter(window.since),
            publiclyVisible(events),
            isNotNull(events.startsAt),
            sql`${events.endsAt} > ${at(window.now)}`,
          ),
        )
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(window.limit);
    },

    /**
     * Live, visible events whose `reminder` is due at `now` and not yet sent for their start, soonest
     * first, at most `limit`: due from `leadMs` before the start until `until` before it (the 24 h
     * reminder gives way to the 1 h one), for events posted at least `postedAheadMs` before the start
     * (an event posted 10 hours ahead gets no day-ahead reminder).
     */
    async dueReminders(
      executor: DbExecutor,
      due: {
        since: Date;
        now: Date;
        reminder: '24h' | '1h';
        leadMs: number;
        untilMs: number;
        postedAheadMs: number;
        limit: number;
      },
    ): Promise<Array<{ id: string; title: string | null; startsAt: Date }>> {
      const rows = await executor
        .select({ id: events.id, title: events.title, startsAt: events.startsAt })
        .from(events)
        .where(
          and(
            liveAfter(due.since),
            publiclyVisible(events),
            sql`${events.startsAt} > ${at(new Date(due.now.getTime() + due.untilMs))}`,
            sql`${events.startsAt} <= ${at(new Date(due.now.getTime() + due.leadMs))}`,
            sql`${events.createdAt} <= ${events.startsAt} - ${`${due.postedAheadMs} milliseconds`}::interval`,
            sql`not exists (select 1 from ${eventReminders} where ${eventReminders.eventId} = ${events.id} and ${eventReminders.window} = ${due.reminder} and ${eventReminders.startsAt} = ${events.startsAt})`,
          ),
        )
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(due.limit);
      return rows.flatMap((r) => (r.startsAt ? [{ ...r, startsAt: r.startsAt }] : []));
    },

    /** Who is going to each of these events (not waitlisted, not interested), in the order they answered. */
    async goingTo(executor: DbExecutor, ids: string[]): Promise<Map<string, string[]>> {
      const going = new Map<string, string[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return going;
      const rows = await executor
        .select({ eventId: eventRsvps.eventId, userId: eventRsvps.userId })
        .from(eventRsvps)
        .where(and(inArray(eventRsvps.eventId, ids), eq(eventRsvps.status, 'going')))
        .orderBy(eventRsvps.eventId, eventRsvps.seq);
      for (const row of rows) going.get(row.eventId)?.push(row.userId);
      return going;
    },

    /** Records a reminder as sent; false when it already was (its row decides, once per event, window and start). */
    async recordReminder(
      executor: DbExecutor,
      row: { eventId: string; window: '24h' | '1h'; startsAt: Date; going: number; sentAt: Date },
    ): Promise<boolean> {
      const inserted = await executor
        .insert(eventReminders)
        .values(row)
        .onConflictDoNothing()
        .returning({ eventId: eventReminders.eventId });
      return inserted.length > 0;
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
        postedByName: string;
        createdAt: Date;
        startsAt: Date | null;
        endsAt: Date | null;
        venue: string | null;
        capacity: number | null;
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
          .where(and(eq(events.id, id), liveAfter(since), publiclyVisible(events)));
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

    /**
     * The live event (created after `since`) with this id, hidden or not, or undefined. `lock`
     * takes its row for the caller's transaction (an edit, a delete, a moderation decision), so two
     * changes of one event go one after the other.
     */
    async find(
      executor: DbExecutor,
      id: string,
      since: Date,
      options: { lock?: boolean } = {},
    ): Promise<EventRecord | undefined> {
      // Locked alone: drizzle qualifies `OF` with the schema, which PostgreSQL refuses.
      if (options.lock)
        await executor.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
      const [row] = await executor
        .select(eventColumns)
        .from(events)
        .innerJoin(posters, eq(posters.id, events.posterId))
        .where(and(eq(events.id, id), liveAfter(since)));
      return row;
    },

    /** An author's edit: the changed fields, one more version, `editedAt`; the row as it is now. */
    async update(
      executor: DbExecutor,
      id: string,
      changes: EventChanges & { postedByName: string; editedAt: Date },
    ): Promise<void> {
      await executor
        .update(events)
        .set({ ...changes, version: sql`${events.version} + 1` })
        .where(eq(events.id, id));
    },

    /**
     * Hides or restores an event. Only a change changes anything (a hide of an event hidden for
     * the same reason, a restore of a visible one: nothing, not even its version); true when it did.
     */
    async setModeration(
      executor: DbExecutor,
      id: string,
      moderation: { state: 'visible' } | { state: 'hidden'; reason: string },
    ): Promise<boolean> {
      const changed =
        moderation.state === 'hidden'
          ? or(
              ne(events.moderation, 'hidden'),
              sql`${events.moderationReason} is distinct from ${moderation.reason}`,
            )
          : eq(events.moderation, 'hidden');
      const rows = await executor
        .update(events)
        .set({
          moderation: moderation.state,
          moderationReason: moderation.state === 'hidden' ? moderation.reason : null,
          version: sql`${events.version} + 1`,
        })
        .where(and(eq(events.id, id), changed))
        .returning({ id: events.id });
      return rows.length > 0;
    },

    /** Deletes an event, who viewed it, its poster and the poster's blobs no other poster names. */
    async delete(executor: DbExecutor, event: { id: string; posterId: string }): Promise<void> {
      await executor.delete(events).where(eq(events.id, event.id));
      await executor.delete(eventViews).where(eq(eventViews.eventId, event.id));
      await executor.delete(eventRsvps).where(eq(eventRsvps.eventId, event.id));
      await executor.delete(eventReminders).where(eq(eventReminders.eventId, event.id));
      await deletePosters(executor, [event.posterId]);
    },

    /** A poster an edit replaced: it goes now (its URL answers 404), with blobs no other poster names. */
    async deletePoster(executor: DbExecutor, posterId: string): Promise<void> {
      await deletePosters(executor, [posterId]);
    },

    /**
     * Who may see the blob `key`: for each poster naming it, its uploader and its event's moderation
     * (null: no event uses that poster yet). No rows: no poster names it.
     */
    async posterAudience(
      executor: DbExecutor,
      key: string,
    ): Promise<Array<{ uploadedBy: string; moderation: 'visible' | 'hidden' | null }>> {
      return executor
        .select({ uploadedBy: posters.uploadedBy, moderation: events.moderation })
        .from(posters)
        .leftJoin(events, eq(events.posterId, posters.id))
        .where(sql`${posters.variants} @> ${JSON.stringify([{ key }])}::jsonb`);
    },

    /**
     * Every event this user posted that is still held (hidden, or past its 30 days and not yet
     * expired, included), newest first: what their account's export answers.
     */
    async eventsBy(executor: DbExecutor, userId: string): Promise<EventRecord[]> {
      return executor
        .select(eventColumns)
        .from(events)
        .innerJoin(posters, eq(posters.id, events.posterId))
        .where(eq(events.postedBy, userId))
        .orderBy(desc(events.createdAt), desc(events.id));
    },

    /** The posters this user uploaded, oldest first, each with the event using it (null: none yet). */
    async postersBy(executor: DbExecutor, userId: string) {
      return executor
        .select({
          key: posters.key,
          variants: posters.variants,
          createdAt: posters.createdAt,
          usedBy: events.id,
        })
        .from(posters)
        .leftJoin(events, eq(events.posterId, posters.id))
        .where(eq(posters.uploadedBy, userId))
        .orderBy(posters.createdAt, posters.id);
    },

    /** The days this viewer was counted on each event (only today's and yesterday's are kept). */
    async viewsBy(executor: DbExecutor, viewer: string): Promise<Array<{ eventId: string; day: string }>> {
      return executor
        .select({ eventId: eventViews.eventId, day: eventViews.day })
        .from(eventViews)
        .where(eq(eventViews.viewer, viewer))
        .orderBy(eventViews.day, eventViews.eventId);
    },

    /**
     * Removes everything naming this user: the events they posted (with who viewed them), every poster
     * they uploaded (used or not) with the blobs no other poster names, and the rows counting their
     * own views (`viewer`). The counts of other people's events stay as they are: a number names no one.
     */
    async forgetUser(
      executor: DbExecutor,
      user: { id: string; viewer: string },
    ): Promise<{ events: number; posters: number; blobs: number; views: number }> {
      const gone = await executor
        .delete(events)
        .where(eq(events.postedBy, user.id))
        .returning({ id: events.id });
      if (gone.length > 0) {
        const ids = gone.map((e) => e.id);
        await executor.delete(eventViews).where(inArray(eventViews.eventId, ids));
        await executor.delete(eventRsvps).where(inArray(eventRsvps.eventId, ids));
        await executor.delete(eventReminders).where(inArray(eventReminders.eventId, ids));
      }
      const views = await executor
        .delete(eventViews)
        .where(eq(eventViews.viewer, user.viewer))
        .returning({ eventId: eventViews.eventId });
      // Every poster of theirs: an event names only a poster its own author uploaded, so none of these
      // is another person's event's poster.
      const theirs = await executor
        .select({ id: posters.id })
        .from(posters)
        .where(eq(posters.uploadedBy, user.id));
      const removed = await deletePosters(
        executor,
        theirs.map((p) => p.id),
      );
      return { events: gone.length, views: views.length, ...removed };
    },

    /**
     * Up to `limit` live events (created after `since`) never announced to moderation (version 0:
     * posted before it existed), oldest first. An expired one is left to the expiry, never announced.
     */
    async neverAnnounced(executor: DbExecutor, since: Date, limit: number): Promise<string[]> {
      const rows = await executor
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.version, 0), liveAfter(since)))
        .orderBy(events.createdAt, events.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Version 0 becomes 1, only while still 0 (an edit that came first announced it, as version 1);
     * true when this call changed it.
     */
    async markAnnounced(executor: DbExecutor, id: string): Promise<boolean> {
      const rows = await executor
        .update(events)
        .set({ version: 1 })
        .where(and(eq(events.id, id), eq(events.version, 0)))
        .returning({ id: events.id });
      return rows.length > 0;
    },

    /** Forgets who viewed on days before `day` (their views stay counted). */
    async forgetViewersBefore(executor: DbExecutor, day: string): Promise<void> {
      await executor.delete(eventViews).where(lt(eventViews.day, day));
    },

    /**
     * Deletes up to `batch` events that ended (undated: were posted) before `cutoff`, their posters, the posters nobody used
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
        .where(sql`${lifetimeFrom} < ${at(options.cutoff)}`)
        .orderBy(lifetimeFrom)
        .limit(options.batch);
      if (expired.length > 0) {
        const ids = expired.map((e) => e.id);
        await executor.delete(events).where(inArray(events.id, ids));
        await executor.delete(eventRsvps).where(inArray(eventRsvps.eventId, ids));
        await executor.delete(eventReminders).where(inArray(eventReminders.eventId, ids));
      }
      const candidates = await executor
        .select({ id: posters.id })
        .from(posters)
        .leftJoin(events, eq(events.posterId, posters.id))
        .where(and(isNull(events.id), lt(posters.createdAt, options.unusedCutoff)))
        .limit(options.batch);
      const unused = await lockUnusedPosters(
        executor,
        candidates.map((p) => p.id),
      );
      const posterIds = [...expired.map((e) => e.posterId), ...unused];
      const gone = await deletePosters(executor, posterIds);
      return { events: expired.length, ...gone };
    },
  };
}

export type EventStore = ReturnType<typeof createEventStore>;
