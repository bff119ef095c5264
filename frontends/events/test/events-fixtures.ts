import { encodeCursor } from '@campus/contracts/cursor';
import { AllEventsResponse, type CampusEvent } from '@campus/contracts/events-domain';
import { EVENTS_PAGE_SIZE } from '@campus/contracts/events-domain-rules';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply } from '@campus/web-kit/testing/api-replies';

export const student: SessionUser = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: false,
};

const key = (n: number) => n.toString(16).padStart(64, '0');

/** An event as the service answers it; `change` overrides any field. Newer for a higher `n`. */
export function campusEvent(n: number, change: Partial<CampusEvent> = {}): CampusEvent {
  const createdAt = new Date(Date.UTC(2026, 2, 1, 9, 0, n)).toISOString();
  return {
    _id: `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`,
    title: `Event ${n}`,
    description: `All about event ${n}.`,
    posterLink: `/api/event/poster/${key(n)}.webp`,
    posterVariants: [
      { url: `/api/event/poster/${key(n + 1000)}.webp`, width: 320, height: 400 },
      { url: `/api/event/poster/${key(n)}.webp`, width: 1280, height: 1600 },
    ],
    registerLink: `https://forms.example.org/${n}`,
    instagramLink: null,
    view: 0,
    postedBy: 'u-someone',
    createdAt,
    expiresAt: new Date(Date.parse(createdAt) + 30 * 86_400_000).toISOString(),
    editedAt: null,
    startsAt: null,
    endsAt: null,
    venue: null,
    capacity: null,
    rsvp: { going: 0, interested: 0, waitlisted: 0 },
    ...change,
  };
}

/** Events n..m, newest first. */
export const eventsFrom = (newest: number, count: number) =>
  Array.from({ length: count }, (_, i) => campusEvent(newest - i));

/** Where the page after `event` starts, as the service writes it into `X-Next-Cursor`. */
export const cursorAfter = (event: CampusEvent) =>
  encodeCursor({ createdAt: event.createdAt, id: event._id });

/**
 * A page of the list as the service answers it (services/events: campus-events.ts `page`): a full
 * page of 10 says where the next one starts in `X-Next-Cursor`; a shorter one is the last.
 */
export const eventsReply = (events: CampusEvent[], match = '/api/event/allevents') => {
  const last = events.at(-1);
  return {
    ...contractReply(AllEventsResponse, events, { match, method: 'GET' }),
    headers: last && events.length === EVENTS_PAGE_SIZE ? { 'X-Next-Cursor': cursorAfter(last) } : undefined,
  };
};

/**
 * The replies for the page's two first reads, both with these events: the Upcoming grid's
 * (`when=upcoming`, listed first so it takes that read) and 'Latest Events' (the spec's list).
 */
export const bothLists = (events: CampusEvent[]) => [
  eventsReply(events, 'when=upcoming'),
  eventsReply(events),
];
