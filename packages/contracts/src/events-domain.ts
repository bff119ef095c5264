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
  TITLE_MAX,
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
  })
  .meta({ id: 'CampusEvent' });
export type CampusEvent = z.infer<typeof CampusEvent>;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    plainText('Must be text.').trim().max(max, `Must be at most ${max} characters.`).optional(),
  );

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
  })
  .meta({ id: 'CreateEventRequest' });
export type CreateEventRequest = z.input<typeof CreateEventRequest>;

/** What the form asks: the same rules, with the title required (our form asks for it). */
export const EventFormSchema = z.object({
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
});
export const AllEventsQueryDoc = z.object({
  ...pageQueryDoc({ defaultLimit: EVENTS_PAGE_SIZE, maxLimit: EVENTS_MAX_LIMIT }),
  cursor: cursorQueryDoc({ defaultLimit: EVENTS_PAGE_SIZE, maxLimit: EVENTS_MAX_LIMIT }).cursor,
});
export type AllEventsCursor = CursorPosition;

export const AllEventsResponse = z.array(CampusEvent).meta({ id: 'AllEventsResponse' });

export const EventIdParams = z.object({ id: z.string().meta({ description: 'The event id' }) });
export const ViewResponse = z
  .object({ success: z.literal(true), view: z.number().int() })
  .meta({ id: 'ViewResponse' });

export const PosterKeyParams = z.object({ key: z.string().meta({ description: '<sha256>.webp' }) });
