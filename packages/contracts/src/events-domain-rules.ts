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
/** The largest poster file accepted (under the gateway's UPLOAD_LIMIT_BYTES, 9 MB by default): a 12 MP phone photo is 3-8 MB. */
export const POSTER_MAX_BYTES = 8 * 1024 * 1024;
/** Widths of the poster's WebP variants (srcset). */
export const POSTER_WIDTHS = [320, 480, 640, 960, 1280] as const;
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;

export const EVENTS_MESSAGES = {
  posterRequired: 'Please select a poster to upload.',
  posterUnknown: 'Upload the poster first: this poster link is not one of your uploads.',
  posterUsed: 'This poster is already used by another event: upload it again for a new one.',
  registerRequired: 'Registration link is required',
  registerInvalid: 'Please enter a valid http(s) registration link.',
  instagramInvalid: 'Please enter an Instagram link (https://instagram.com/...).',
  titleRequired: 'Title is required',
  eventNotFound: 'Event not found.',
  lifetimeNote: `Note: your event post is automatically deleted ${EVENT_LIFETIME_DAYS} days after it is posted.`,
  untitled: 'Campus event',
  noDescription: 'Open the poster for the details.',
  loading: 'Loading events...',
  empty: 'No events yet. Advertise yours from your profile.',
} as const;

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
