/**
 * The housing domain's plain rules and words: enums, limits, page sizes, messages and pure checks.
 * No schemas here, so a screen can import them without loading zod; `housing.ts` builds the schemas
 * on them (docs/adr/0032-light-pages-on-a-phone.md).
 */
export const FLAT_PAGE_SIZE = 20;
export const FLAT_MAX_LIMIT = 50;
/** Rupees a month: far above any student flat, low enough that a typo of extra zeros is caught. */
export const FLAT_MAX_RENT = 1_000_000;
export const FLAT_MAX_QUERY_LENGTH = 100;
export const FLAT_TEXT_LIMITS = { name: 120, description: 2000, location: 2048, contactInfo: 120 } as const;
/** Move-in dates a real request can have. */
export const FLAT_FIRST_YEAR = 2000;
export const FLAT_LAST_YEAR = 2100;

/** Spec §9: the three gender options, `any` the default. */
export const GENDER_PREFERENCES = ['any', 'male', 'female'] as const;
export type GenderPreference = (typeof GENDER_PREFERENCES)[number];
export const GENDER_LABELS: Record<GenderPreference, string> = { any: 'Any', male: 'Male', female: 'Female' };

export const FLAT_SORTS = ['newest', 'rent_asc', 'rent_desc'] as const;
export type FlatSort = (typeof FLAT_SORTS)[number];

export const FLAT_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  locationRequired: 'Location is required',
  locationLink: 'Location must be a place name or an http(s) maps link',
  rentRequired: 'Rent is required',
  rentInvalid: `Rent must be a whole number of rupees from 0 to ${FLAT_MAX_RENT}`,
  moveInDateRequired: 'Move-in date is required',
  moveInDateInvalid: 'Move-in date must be a real date (YYYY-MM-DD)',
  contactInfoRequired: 'Contact info is required',
  contactInfoInvalid: 'Contact info must be a phone number or an email address',
  genderInvalid: 'Gender preference must be any, male or female',
  created: 'Flat request created',
  deleted: 'Flat request deleted',
  found: 'Flat requests found',
  empty: 'No flat requests found.',
  notFound: 'Flat request not found.',
  notOwner: 'You can only delete your own flat requests.',
  queryTooLong: `Search text must be at most ${FLAT_MAX_QUERY_LENGTH} characters`,
  rentRangeInvalid: 'The lowest rent must not be above the highest rent',
  moveInRangeInvalid: 'The earliest move-in date must not be after the latest',
  sortInvalid: 'Sort must be newest, rent_asc or rent_desc',
} as const;

/** Is this text a link at all (a scheme right before non-space: `https://…`, `javascript:…`)? */
const looksLikeLink = (value: string) => /^[a-z][a-z0-9+.-]*:\S/i.test(value) || /^www\./i.test(value);

/** An http(s) link a browser can open, or undefined when the text is not one. */
export function httpLinkOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

/** A place name, or a link that must be http(s) (spec: "location (maps link)"). */
export const isValidLocation = (value: string) => !looksLikeLink(value) || httpLinkOf(value) !== undefined;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** How a contact can be reached by a tap: `mailto:` for an email, `tel:` for a phone number. */
export function contactKind(value: string): 'email' | 'phone' | undefined {
  const text = value.trim();
  if (EMAIL.test(text)) return 'email';
  const digits = text.replace(/\D/g, '').length;
  if (PHONE_CHARACTERS.test(text) && digits >= 7 && digits <= 15) return 'phone';
  return undefined;
}

/** The `href` that calls or mails a contact (digits and a leading + only, for tel:). */
export function contactHref(value: string): string | undefined {
  const text = value.trim();
  switch (contactKind(text)) {
    case 'email':
      return `mailto:${text}`;
    case 'phone':
      return `tel:${text.startsWith('+') ? '+' : ''}${text.replace(/\D/g, '')}`;
    default:
      return undefined;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` (a full ISO date-time is cut to its date) naming a day that exists, or undefined. */
export function calendarDate(value: string): string | undefined {
  const text = value.trim();
  const day = /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
  const match = ISO_DATE.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FLAT_FIRST_YEAR || year > FLAT_LAST_YEAR) return undefined;
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date ? day : undefined;
}
