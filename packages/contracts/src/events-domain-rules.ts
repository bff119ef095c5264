/**
 * The events domain's plain rules and words: enums, limits, page sizes, messages and pure checks.
 * No schemas here, so a screen can import them without loading zod; `events-domain.ts` builds the schemas
 * on them (docs/adr/0032-light-pages-on-a-phone.md).
 */
export const EVENTS_PAGE_SIZE = 10;
export const EVENTS_MAX_LIMIT = 50;
/** Events (and their posters) are deleted this long after they were posted; the form says so. */
export const EVENT_LIFETIME_DAYS = 30;
export const EVENT_LIFETIME_MS = EVENT_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
/** The carousel: the first 5 events, a slide every 5000 ms, each move 700 ms. */
export const CAROUSEL_EVENTS = 5;
export const CAROUSEL_AUTOPLAY_MS = 5000;
export const CAROUSEL_TRANSITION_MS = 700;
/** The largest poster file accepted (under the gateway's UPLOAD_LIMIT_BYTES, 21 MB by default): a 12 MP phone photo is 3-8 MB. */
export const POSTER_MAX_BYTES = 8 * 1024 * 1024;
/** Widths of the poster's WebP variants (srcset). */
export const POSTER_WIDTHS = [320, 480, 640, 960, 1280] as const;
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
/** Where an event happens: a hall or a room, or ONLINE_VENUE. */
export const VENUE_MAX = 200;
export const ONLINE_VENUE = 'Online';
/** The campus's zone: the form reads its date-time inputs in it and the screens show times in it. */
export const EVENT_TIME_ZONE = 'Asia/Kolkata';
/** Its offset (India has no daylight saving): what the form appends to a date-time input's value. */
export const EVENT_TIME_OFFSET = '+05:30';
/** An event may start at most this far ahead of its posting, so no event stays forever. */
export const EVENT_MAX_LEAD_DAYS = 366;
/** How long an event may last at most (a festival, a month-long exhibition): its end is then bounded too. */
export const EVENT_MAX_DURATION_DAYS = 31;
/** `?when=` of the list: not ended yet (soonest first), or ended (most recent first). */
export const EVENT_WHEN = ['upcoming', 'past'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];
/** What a student answers about an event (`none` takes their answer back). */
export const RSVP_CHOICES = ['going', 'interested', 'none'] as const;
export type RsvpChoice = (typeof RSVP_CHOICES)[number];
/** Where a student stands: going asked for on a full event is waitlisted, moved up in order when a seat frees. */
export type RsvpState = 'going' | 'interested' | 'waitlisted' | 'none';
/** The most seats an event may limit itself to. */
export const CAPACITY_MAX = 100_000;
/** The campus calendar feed (`GET /api/event/calendar.ics`): its upcoming dated events, soonest first, at most this many. */
export const CALENDAR_FEED_MAX = 200;
/** How long a calendar answer may be kept by browsers and caches (seconds); a feed's subscribers are asked to refresh hourly. */
export const CALENDAR_MAX_AGE_S = 300;
/** Reminders to those going (issue 27): a day before the start and an hour before. */
export const REMINDER_WINDOWS = ['24h', '1h'] as const;
export type ReminderWindow = (typeof REMINDER_WINDOWS)[number];
/** How long before its start each reminder is due (ms). */
export const REMINDER_LEAD_MS: Record<ReminderWindow, number> = {
  '24h': 24 * 60 * 60 * 1000,
  '1h': 60 * 60 * 1000,
};

export const EVENTS_MESSAGES = {
  posterRequired: 'Please select a poster to upload.',
  posterUnknown: 'Upload the poster first: this poster link is not one of your uploads.',
  posterUsed: 'This poster is already used by another event: upload it again for a new one.',
  registerRequired: 'Registration link is required',
  registerInvalid: 'Please enter a valid http(s) registration link.',
  instagramInvalid: 'Please enter an Instagram link (https://instagram.com/...).',
  titleRequired: 'Title is required',
  startsAtInvalid: 'Give the start as a date and time with its offset, e.g. 2026-03-14T18:00:00+05:30.',
  endsAtInvalid: 'Give the end as a date and time with its offset, e.g. 2026-03-14T20:00:00+05:30.',
  startsAtRequired: 'When does the event start? Pick a date and time.',
  endsAtRequired: 'When does the event end? Pick a date and time.',
  datesTogether: 'Give both the start and the end of the event.',
  endsBeforeStart: 'The event must end after it starts.',
  endedAlready: 'This end time has passed: give an end in the future.',
  startsTooFar: `The event must start within ${EVENT_MAX_LEAD_DAYS} days from now.`,
  endsTooFar: `The event must end within ${EVENT_MAX_LEAD_DAYS + EVENT_MAX_DURATION_DAYS} days from now.`,
  venueRequired: 'Where is it? Give a hall or room, or Online.',
  whenInvalid: 'Show must be upcoming or past.',
  capacityInvalid: `Capacity must be a whole number from 1 to ${CAPACITY_MAX}, or empty for no limit.`,
  rsvpInvalid: 'Answer going, interested or none.',
  rsvpEnded: 'This event has ended: it takes no more answers.',
  calendarUndated: 'This event has no date yet, so it cannot be added to a calendar.',
  addToCalendar: 'Add to calendar',
  subscribeCalendar: 'Subscribe to campus calendar',
  subscribeCalendarHint:
    'Upcoming campus events in your calendar app (Google Calendar, Outlook, Apple Calendar), kept up to date.',
  full: 'Full',
  attendeesNotOwner: 'Only the student who posted this event can see who is coming.',
  eventNotFound: 'Event not found.',
  notOwner: 'Only the student who posted this event can change or delete it.',
  eventGone: 'That event is no longer here: it was deleted, or its 30 days are over.',
  nothingToChange: 'Change at least one field of the event.',
  updated: 'Event updated',
  deleted: 'Event deleted',
  hiddenBy: (reason: string) => `Hidden by a moderator: ${reason}`,
  lifetimeNote: `Note: your event post is automatically deleted ${EVENT_LIFETIME_DAYS} days after it is posted, or ${EVENT_LIFETIME_DAYS} days after it ends when it has dates.`,
  untitled: 'Campus event',
  noDescription: 'Open the poster for the details.',
  loading: 'Loading events...',
  empty: 'No events yet. Advertise yours from your profile.',
  emptyPast: 'No past events in the last 30 days.',
  upcomingTab: 'Upcoming',
  pastTab: 'Past',
} as const;

/** Where an event is seen in the app: the events page opens it (a notification's or moderator's link). */
export const eventLink = (id: string) => `/events?event=${encodeURIComponent(id)}`;

/** Where a poster is served: `/api/event/poster/<sha256>.webp` (content-addressed, immutable). */
export const posterPath = (key: string) => `/api/event/poster/${key}`;
const POSTER_PATH = /^\/api\/event\/poster\/([a-f0-9]{64}\.webp)$/;

/** The blob key a poster link names (absolute on any host, or the path alone), or undefined. */
export function posterKeyOf(link: string): string | undefined {
  try {
    return POSTER_PATH.exec(new URL(link, 'http://campus.invalid').pathname)?.[1];
  } catch {
    return undefined;
  }
}

/** A date-time input's value (`YYYY-MM-DDTHH:mm`, a wall time in EVENT_TIME_ZONE) as the ISO instant the service takes. */
export const toEventInstant = (local: string) =>
  `${local.length === 16 ? `${local}:00` : local}${EVENT_TIME_OFFSET}`;

/** An instant as a date-time input shows it: its wall time in EVENT_TIME_ZONE (`YYYY-MM-DDTHH:mm`). */
export function toEventInput(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: EVENT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/**
 * When an event is, as the screens show it in EVENT_TIME_ZONE: 'Sat, 14 Mar, 6:00 pm – 8:00 pm'
 * (one day), or both days when it spans several; undefined for an undated event.
 */
export function eventWhenText(event: { startsAt: string | null; endsAt: string | null }): string | undefined {
  if (!event.startsAt || !event.endsAt) return undefined;
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  const startDay = dayFormat.format(start);
  const endDay = dayFormat.format(end);
  return startDay === endDay
    ? `${startDay}, ${timeFormat.format(start)} – ${timeFormat.format(end)}`
    : `${startDay}, ${timeFormat.format(start)} – ${endDay}, ${timeFormat.format(end)}`;
}

/**
 * When a reminder is, as its notification says it in EVENT_TIME_ZONE: 'Sat, 14 Mar, 6:00 pm' (a day
 * ahead), or '6:00 pm' (within the hour). The actual time, so a reminder sent late never misleads.
 */
export function reminderTimeText(startsAt: string, window: ReminderWindow): string {
  const start = new Date(startsAt);
  return window === '1h'
    ? timeFormat.format(start)
    : `${dayFormat.format(start)}, ${timeFormat.format(start)}`;
}
