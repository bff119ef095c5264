import { z } from 'zod';
import { tooLongMessage } from './field-messages';
import { httpUrl, plainText } from './common';
import { cursorQuery, cursorQueryDoc, pageQuery, pageQueryDoc } from './paging';
import { type CursorPosition } from './cursor';
import {
  DESCRIPTION_MAX,
  EVENTS_MAX_LIMIT,
  EVENTS_MESSAGES,
  EVENTS_PAGE_SIZE,
  CAPACITY_MAX,
  EVENT_WHEN,
  RSVP_CHOICES,
  TITLE_MAX,
  VENUE_MAX,
} from './events-domain-rules';

/** The events domain's wire (the spec's /api/event calls): what its service accepts and answers, and what its remote shows. */
export const PosterVariant = z
  .object({ url: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'PosterVariant' });
export type PosterVariant = z.infer<typeof PosterVariant>;

/** The answer to an upload: the spec's `posterUrl` (the largest variant) and every variant for srcset. */
export const PosterUploadResponse = z
  .object({ posterUrl: z.string(), variants: z.array(PosterVariant) })
  .meta({ id: 'PosterUploadResponse' });
export type PosterUploadResponse = z.infer<typeof PosterUploadResponse>;

/** Why the author's hidden event is hidden: what the author's screen says ("Hidden by a moderator: <reason>"). */
export const EventModeration = z
  .object({ state: z.literal('hidden'), reason: z.string() })
  .meta({ id: 'EventModeration' });

/** An event as the spec reads it (`_id, title, description, posterLink, registerLink, instagramLink, view`). */
export const CampusEvent = z
  .object({
    _id: z.string(),
    /** Null when the poster said it all (the spec's form never asked); show EVENTS_MESSAGES.untitled. */
    title: z.string().nullable(),
    description: z.string().nullable(),
    posterLink: z.string(),
    /** The poster's widths, smallest first, for `srcset`. */
    posterVariants: z.array(PosterVariant),
    registerLink: z.string(),
    instagramLink: z.string().nullable(),
    view: z.number().int(),
    postedBy: z.string(),
    createdAt: z.string(),
    /** When the event and its poster are deleted. */
    expiresAt: z.string(),
    /** When its author last edited it (ISO); null when never edited. */
    editedAt: z.string().nullable(),
    /** When it starts (ISO, UTC); null for an event posted without dates (the spec's form never asked). */
    startsAt: z.string().nullable(),
    /** When it ends (ISO, UTC), after `startsAt`; null with it. `expiresAt` is 30 days after it. */
    endsAt: z.string().nullable(),
    /** Where: a hall or room, or 'Online'; null when not given. */
    venue: z.string().nullable(),
    /** Seats (issue 27): going beyond it is waitlisted; null for no limit. */
    capacity: z.number().int().nullable(),
    /** How many answered (issue 27): going, interested, waiting for a seat. */
    rsvp: z.object({
      going: z.number().int(),
      interested: z.number().int(),
      waitlisted: z.number().int(),
    }),
    /** Only in its author's own answer, when a moderator (or the reports threshold) hid it. */
    moderation: EventModeration.optional(),
  })
  .meta({ id: 'CampusEvent' });
export type CampusEvent = z.infer<typeof CampusEvent>;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    plainText('Must be text.').trim().max(max, `Must be at most ${max} characters.`).optional(),
  );

/** An instant with its offset (`Z` or `+05:30`); a local time without one is refused (whose 18:00?). */
const eventInstant = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 2000 && year <= 9999;
  }, message);
const startsAt = eventInstant(EVENTS_MESSAGES.startsAtInvalid);
const endsAt = eventInstant(EVENTS_MESSAGES.endsAtInvalid);

/** Both dates or neither, the end after the start (a message on `endsAt`). */
function checkDates(v: { startsAt?: string | undefined; endsAt?: string | undefined }, ctx: z.RefinementCtx) {
  if ((v.startsAt === undefined) !== (v.endsAt === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.startsAt === undefined ? 'startsAt' : 'endsAt'],
      message: EVENTS_MESSAGES.datesTogether,
    });
  } else if (
    v.startsAt !== undefined &&
    v.endsAt !== undefined &&
    Date.parse(v.endsAt) <= Date.parse(v.startsAt)
  ) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: EVENTS_MESSAGES.endsBeforeStart });
  }
}

const capacity = z.coerce
  .number({ error: EVENTS_MESSAGES.capacityInvalid })
  .int(EVENTS_MESSAGES.capacityInvalid)
  .min(1, EVENTS_MESSAGES.capacityInvalid)
  .max(CAPACITY_MAX, EVENTS_MESSAGES.capacityInvalid);
const blankToNull = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** An http(s) link on Instagram. The host rule runs only on a link httpUrl has parsed (it aborts first). */
const instagramLink = httpUrl(EVENTS_MESSAGES.instagramInvalid).refine((v) => {
  const host = new URL(v).hostname.toLowerCase();
  return host === 'instagram.com' || host.endsWith('.instagram.com');
}, EVENTS_MESSAGES.instagramInvalid);

/**
 * The spec's `POST /api/event/createform` payload (`userid, posterLink, registerLink, instagramLink`)
 * plus the title and description the spec's event shows. `userid` is accepted and ignored: the
 * poster's owner is the signed-in user.
 */
export const CreateEventRequest = z
  .object({
    userid: z.unknown().optional().meta({ description: 'Ignored: the event is the signed-in user’s.' }),
    posterLink: z
      .string({ error: EVENTS_MESSAGES.posterRequired })
      .trim()
      .min(1, EVENTS_MESSAGES.posterRequired)
      .max(2048, EVENTS_MESSAGES.posterUnknown),
    registerLink: z
      .string({ error: EVENTS_MESSAGES.registerRequired })
      .trim()
      .min(1, EVENTS_MESSAGES.registerRequired)
      .pipe(httpUrl(EVENTS_MESSAGES.registerInvalid)),
    instagramLink: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      instagramLink.optional(),
    ),
    title: optionalText(TITLE_MAX),
    description: optionalText(DESCRIPTION_MAX),
    startsAt: startsAt.optional().meta({
      description:
        'ISO 8601 with an offset; with `endsAt`, or neither (an undated event, as the spec posted)',
    }),
    endsAt: endsAt.optional().meta({ description: 'ISO 8601 with an offset, after `startsAt`, not past' }),
    venue: optionalText(VENUE_MAX).meta({ description: 'A hall or room, or "Online"' }),
    capacity: z
      .preprocess(blankToNull, capacity.nullable().optional())
      .meta({ description: 'Seats; going beyond it is waitlisted. Absent or null: no limit' }),
  })
  .superRefine(checkDates)
  .meta({ id: 'CreateEventRequest' });
export type CreateEventRequest = z.input<typeof CreateEventRequest>;

/** A text field an edit may clear: blank or null clears it (null), absent leaves it as it was. */
const clearableText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    plainText('Must be text.').trim().max(max, `Must be at most ${max} characters.`).nullable().optional(),
  );

const EDITABLE_EVENT_FIELDS = [
  'posterLink',
  'registerLink',
  'instagramLink',
  'title',
  'description',
  'startsAt',
  'endsAt',
  'venue',
  'capacity',
] as const;

/**
 * `PATCH /api/event/events/{id}`: the create form's fields, each optional, with the same messages; at
 * least one. `posterLink` names a new poster the author uploaded (`/api/event/upload`, as for a
 * create) that no event uses; the old poster is taken down. A blank or null title, description or
 * Instagram link clears it; `userid` is ignored as on create.
 */
export const UpdateEventRequest = z
  .object({
    userid: z.unknown().optional().meta({ description: 'Ignored: the event stays its author’s.' }),
    posterLink: CreateEventRequest.shape.posterLink.optional(),
    registerLink: CreateEventRequest.shape.registerLink.optional(),
    instagramLink: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
      instagramLink.nullable().optional(),
    ),
    title: clearableText(TITLE_MAX),
    description: clearableText(DESCRIPTION_MAX),
    /** A new start or end (the other stays as it was; an undated event needs both); not clearable. */
    startsAt: startsAt.optional(),
    endsAt: endsAt.optional(),
    venue: clearableText(VENUE_MAX),
    /** New seats (a raise moves the waitlist up); null or blank: no limit. Going already kept. */
    capacity: z.preprocess(blankToNull, capacity.nullable().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.startsAt !== undefined && v.endsAt !== undefined && Date.parse(v.endsAt) <= Date.parse(v.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: EVENTS_MESSAGES.endsBeforeStart });
  })
  .refine(
    (v) => EDITABLE_EVENT_FIELDS.some((field) => v[field] !== undefined),
    EVENTS_MESSAGES.nothingToChange,
  )
  .meta({ id: 'UpdateEventRequest' });
export type UpdateEventRequest = z.input<typeof UpdateEventRequest>;

export const UpdateEventResponse = z
  .object({ success: z.literal(true), message: z.string(), data: CampusEvent })
  .meta({ id: 'UpdateEventResponse' });
export const DeleteEventResponse = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'DeleteEventResponse' });

/** What the form asks: the same rules, with the title required (our form asks for it). */
export const EventFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, EVENTS_MESSAGES.titleRequired)
      .max(TITLE_MAX, tooLongMessage('Event title', TITLE_MAX)),
    description: z.string().trim().max(DESCRIPTION_MAX, tooLongMessage('Description', DESCRIPTION_MAX)),
    registerLink: z
      .string()
      .trim()
      .min(1, EVENTS_MESSAGES.registerRequired)
      .pipe(httpUrl(EVENTS_MESSAGES.registerInvalid)),
    // Blank, or the server's rule (a union would answer "Invalid input" for a link that is no URL at all).
    instagramLink: z
      .string()
      .trim()
      .refine((v) => v === '' || instagramLink.safeParse(v).success, EVENTS_MESSAGES.instagramInvalid),
    /** A date-time input's value (`YYYY-MM-DDTHH:mm`), read in EVENT_TIME_ZONE (toEventInstant). */
    startsAt: z.string().min(1, EVENTS_MESSAGES.startsAtRequired),
    endsAt: z.string().min(1, EVENTS_MESSAGES.endsAtRequired),
    venue: z
      .string()
      .trim()
      .min(1, EVENTS_MESSAGES.venueRequired)
      .max(VENUE_MAX, tooLongMessage('Venue', VENUE_MAX)),
  })
  .superRefine((v, ctx) => {
    // Both are EVENT_TIME_ZONE wall times of one format: their text orders like their instants.
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: EVENTS_MESSAGES.endsBeforeStart });
  });
export type EventFormValues = z.input<typeof EventFormSchema>;

export const CreateEventResponse = z
  .object({ success: z.literal(true), message: z.string(), data: CampusEvent })
  .meta({ id: 'CreateEventResponse' });

/**
 * `?page=&limit=` (the spec's call), or `?cursor=&limit=` for paging that new events never shift:
 * every answer carries the next page's cursor in `X-Next-Cursor`.
 */
export const AllEventsQuery = z.object({
  ...pageQuery({ defaultLimit: EVENTS_PAGE_SIZE, maxLimit: EVENTS_MAX_LIMIT }),
  cursor: cursorQuery({ defaultLimit: EVENTS_PAGE_SIZE, maxLimit: EVENTS_MAX_LIMIT }).cursor,
  when: z.enum(EVENT_WHEN, { error: EVENTS_MESSAGES.whenInvalid }).optional(),
});
export const AllEventsQueryDoc = z.object({
  ...pageQueryDoc({ defaultLimit: EVENTS_PAGE_SIZE, maxLimit: EVENTS_MAX_LIMIT }),
  cursor: cursorQueryDoc({ defaultLimit: EVENTS_PAGE_SIZE, maxLimit: EVENTS_MAX_LIMIT }).cursor,
  when: z.enum(EVENT_WHEN).optional().meta({
    description:
      'Absent: every live event, newest posted first (the spec’s list). upcoming: not ended (undated ones until they expire), soonest start first; past: ended, most recent end first',
  }),
});
export type AllEventsCursor = CursorPosition;

export const AllEventsResponse = z.array(CampusEvent).meta({ id: 'AllEventsResponse' });

export const EventIdParams = z.object({ id: z.string().meta({ description: 'The event id' }) });
export const ViewResponse = z
  .object({ success: z.literal(true), view: z.number().int() })
  .meta({ id: 'ViewResponse' });

/** `PUT /api/event/events/{id}/rsvp`: the signed-in student's answer. */
export const RsvpRequest = z
  .object({ status: z.enum(RSVP_CHOICES, { error: EVENTS_MESSAGES.rsvpInvalid }) })
  .meta({ id: 'RsvpRequest' });
/** The event's counts after the answer, and where the student stands. */
export const RsvpAnswer = z
  .object({
    going: z.number().int(),
    interested: z.number().int(),
    waitlisted: z.number().int(),
    mine: z.enum(['going', 'interested', 'waitlisted', 'none']),
  })
  .meta({ id: 'RsvpAnswer' });
export type RsvpAnswer = z.infer<typeof RsvpAnswer>;

/** One answer as the organiser reads it: going first, then the waitlist in order, then interested. */
export const Attendee = z
  .object({
    userId: z.string(),
    name: z.string(),
    status: z.enum(['going', 'interested', 'waitlisted']),
    /** Place on the waitlist from 1; null when not waiting. */
    waitlistPosition: z.number().int().nullable(),
    respondedAt: z.string(),
  })
  .meta({ id: 'Attendee' });
export const AttendeesResponse = z
  .object({
    capacity: z.number().int().nullable(),
    going: z.number().int(),
    interested: z.number().int(),
    waitlisted: z.number().int(),
    attendees: z.array(Attendee),
  })
  .meta({ id: 'AttendeesResponse' });
export type AttendeesResponse = z.infer<typeof AttendeesResponse>;

export const PosterKeyParams = z.object({ key: z.string().meta({ description: '<sha256>.webp' }) });
