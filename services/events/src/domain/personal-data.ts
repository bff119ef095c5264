import type { Logger } from 'pino';
import { EVENT_LIFETIME_MS, eventLink, posterPath } from '@campus/contracts/events-domain-rules';
import type { Db } from '@campus/service-kit/db';
import type { PersonalData } from '@campus/service-kit/personal-data';
import { createEventStore } from '../data/event-store';
import { createRsvpStore } from '../data/rsvp-store';
import type { StoredPosterVariant } from '../data/schema';
import type { EventsEmits } from './campus-events';
import { userViewerKey } from './event-viewer';

const variantsOf = (variants: StoredPosterVariant[]) =>
  variants.map((v) => ({ url: posterPath(v.key), width: v.width, height: v.height }));

/**
 * What the events service holds about a person (issue 26 §3): the events they posted (with the name
 * kept with each, their posters' addresses, views, moderation state), every poster they uploaded
 * (used or not), and the days they were counted as a viewer of an event. A guest's views are hashes
 * of a day and an address, which nobody can tie to an account, so they are no one's to export.
 *
 * Forgetting them removes all of it whatever they chose for what they wrote: an event is a poster
 * with a registration link, nothing a thread hangs on, so there is nothing to keep as "Deleted user".
 * Their events go as an author's delete takes them (the event, who viewed it, its poster and the
 * blobs no other poster names, so the poster's URL answers 404), but with no events.content.changed:
 * moderation forgets the same person on the same event, and a message about them would name them.
 * Their views of other people's events go; those events' counts stay (a number names nobody).
 */
export function createEventsPersonalData(deps: { db: Db; logger: Logger }): PersonalData<EventsEmits> {
  const store = createEventStore(deps.db);
  const rsvps = createRsvpStore();
  return {
    async export(user) {
      const [events, posters, views, answers] = await Promise.all([
        store.eventsBy(deps.db, user.id),
        store.postersBy(deps.db, user.id),
        store.viewsBy(deps.db, userViewerKey(user.id)),
        rsvps.byUser(deps.db, user.id),
      ]);
      return {
        'events.json': events.map((e) => ({
          id: e.id,
          link: eventLink(e.id),
          title: e.title,
          description: e.description,
          registerLink: e.registerLink,
          instagramLink: e.instagramLink,
          posterUrl: posterPath(e.posterKey),
          posterVariants: variantsOf(e.posterVariants),
          postedByName: e.postedByName,
          views: e.views,
          createdAt: e.createdAt.toISOString(),
          expiresAt: new Date((e.endsAt ?? e.createdAt).getTime() + EVENT_LIFETIME_MS).toISOString(),
          editedAt: e.editedAt?.toISOString() ?? null,
          startsAt: e.startsAt?.toISOString() ?? null,
          endsAt: e.endsAt?.toISOString() ?? null,
          venue: e.venue,
          moderation: { state: e.moderation, reason: e.moderationReason },
        })),
        'posters.json': posters.map((p) => ({
          posterUrl: posterPath(p.key),
          variants: variantsOf(p.variants),
          uploadedAt: p.createdAt.toISOString(),
          usedByEvent: p.usedBy,
        })),
        'event-views.json': views.map((v) => ({
          eventId: v.eventId,
          link: eventLink(v.eventId),
          day: v.day,
        })),
        // Their answers to events (issue 27): going, interested or waitlisted, with the name shown to the organiser.
        'event-rsvps.json': answers.map((a) => ({
          eventId: a.eventId,
          link: eventLink(a.eventId),
          status: a.status,
          nameShownToOrganiser: a.name,
          respondedAt: a.respondedAt.toISOString(),
        })),
      };
    },

    async forget(tx, { userId }) {
      const removed = await store.forgetUser(tx, { id: userId, viewer: userViewerKey(userId) });
      // Their answers go; a seat they held goes to the first waiting (under the event's lock, as a leave).
      const answers = await rsvps.forgetUser(tx, userId);
      for (const eventId of answers.seatsFreed) {
        const event = await rsvps.lockEvent(tx, eventId);
        if (event) await rsvps.promote(tx, eventId, event.capacity);
      }
      // Counts only: the log of a forgetting must not name whom it forgot.
      deps.logger.info(
        { ...removed, answers: answers.answers },
        "a deleted account's events, posters, views and answers removed",
      );
    },
  };
}
