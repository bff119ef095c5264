import { z } from 'zod';
import { plainText, requiredText, successWith, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';

/**
 * The housing domain's wire (spec §3 "Flat request", §7 `/api/flat`): what its service accepts and
 * answers, and what its remote's form and filters validate with.
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

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** Rent as a number or the form's text ("8500"): a whole number of rupees in range. */
const rent = (required: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : FLAT_MESSAGES.rentInvalid) })
      .int(FLAT_MESSAGES.rentInvalid)
      .min(0, FLAT_MESSAGES.rentInvalid)
      .max(FLAT_MAX_RENT, FLAT_MESSAGES.rentInvalid),
  );

const moveInDate = z
  .string({
    error: (issue) =>
      issue.input === undefined ? FLAT_MESSAGES.moveInDateRequired : FLAT_MESSAGES.moveInDateInvalid,
  })
  .trim()
  .min(1, FLAT_MESSAGES.moveInDateRequired)
  .max(40, FLAT_MESSAGES.moveInDateInvalid)
  .transform((v, ctx) => {
    const day = calendarDate(v);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: FLAT_MESSAGES.moveInDateInvalid });
      return z.NEVER;
    }
    return day;
  });

const genderPreference = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
  z.enum(GENDER_PREFERENCES, { error: FLAT_MESSAGES.genderInvalid }).default('any'),
);

/**
 * POST /api/flat: the spec's payload. `userId` in the body is ignored (the owner is the signed-in
 * user); every text is trimmed and capped.
 */
export const CreateFlatRequest = z
  .object({
    name: requiredText(FLAT_MESSAGES.nameRequired, FLAT_TEXT_LIMITS.name),
    description: requiredText(FLAT_MESSAGES.descriptionRequired, FLAT_TEXT_LIMITS.description),
    location: requiredText(FLAT_MESSAGES.locationRequired, FLAT_TEXT_LIMITS.location).refine(
      isValidLocation,
      FLAT_MESSAGES.locationLink,
    ),
    genderPreference,
    rent: rent(FLAT_MESSAGES.rentRequired),
    moveInDate,
    contactInfo: requiredText(FLAT_MESSAGES.contactInfoRequired, FLAT_TEXT_LIMITS.contactInfo).refine(
      (v) => v === '' || contactKind(v) !== undefined, // blank: the required message alone
      FLAT_MESSAGES.contactInfoInvalid,
    ),
  })
  .meta({ id: 'CreateFlatRequest' });
export type CreateFlatRequest = z.input<typeof CreateFlatRequest>;

/** The form's values before parsing (what the browser holds: text inputs). */
export interface FlatFormValues {
  name: string;
  description: string;
  location: string;
  genderPreference: GenderPreference;
  rent: string;
  moveInDate: string;
  contactInfo: string;
}

/**
 * A flat request as the list shows it. `contactInfo` is there for signed-in users only (a student's
 * phone number or email never reaches a guest).
 */
export const FlatRequest = z
  .object({
    _id: z.string(),
    userId: UserId,
    /** The owner's name as identity knows it (null for a member this service has not heard of). */
    userName: z.string().nullable(),
    name: z.string(),
    description: z.string(),
    location: z.string(),
    genderPreference: z.enum(GENDER_PREFERENCES),
    rent: z.number().int(),
    moveInDate: z.string().meta({ description: 'YYYY-MM-DD' }),
    contactInfo: z.string().optional().meta({ description: 'Signed-in users only' }),
    createdAt: z.string(),
  })
  .meta({ id: 'FlatRequest' });
export type FlatRequest = z.infer<typeof FlatRequest>;

const optionalRent = z.preprocess(blankToUndefined, rent(FLAT_MESSAGES.rentInvalid).optional());
const optionalDate = z.preprocess(blankToUndefined, moveInDate.optional());

/**
 * `GET /api/flat` filters: `q` (text in name, location or description), `minRent`/`maxRent`,
 * `genderPreference` (male or female: requests open to them, theirs and `any`; `any`: only those
 * open to anyone), `moveInFrom`/`moveInTo` (inclusive days), `sort`, then `page`/`limit`.
 */
export const FlatListQuery = z
  .object({
    q: z.preprocess(
      blankToUndefined,
      plainText(FLAT_MESSAGES.queryTooLong)
        .trim()
        .max(FLAT_MAX_QUERY_LENGTH, FLAT_MESSAGES.queryTooLong)
        .optional(),
    ),
    minRent: optionalRent,
    maxRent: optionalRent,
    genderPreference: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
      z.enum(GENDER_PREFERENCES, { error: FLAT_MESSAGES.genderInvalid }).optional(),
    ),
    moveInFrom: optionalDate,
    moveInTo: optionalDate,
    sort: z.preprocess(
      blankToUndefined,
      z.enum(FLAT_SORTS, { error: FLAT_MESSAGES.sortInvalid }).default('newest'),
    ),
    ...pageQuery({ defaultLimit: FLAT_PAGE_SIZE, maxLimit: FLAT_MAX_LIMIT }),
  })
  .refine((v) => v.minRent === undefined || v.maxRent === undefined || v.minRent <= v.maxRent, {
    message: FLAT_MESSAGES.rentRangeInvalid,
    path: ['minRent'],
  })
  .refine((v) => !v.moveInFrom || !v.moveInTo || v.moveInFrom <= v.moveInTo, {
    message: FLAT_MESSAGES.moveInRangeInvalid,
    path: ['moveInFrom'],
  });
export type FlatListFilters = z.output<typeof FlatListQuery>;

/** `GET /api/flat/my/{userId}`: a page of the user's own requests. */
export const MyFlatsQuery = z.object(pageQuery({ defaultLimit: FLAT_PAGE_SIZE, maxLimit: FLAT_MAX_LIMIT }));

export const FlatListResponse = pagedSuccessWith('FlatListResponse', FlatRequest);
export type FlatListResponse = z.infer<typeof FlatListResponse>;

export const FlatResponse = successWith('FlatResponse', FlatRequest);
export type FlatResponse = z.infer<typeof FlatResponse>;

export const FlatDeletedResponse = successWith('FlatDeletedResponse', z.object({ _id: z.string() }));
export type FlatDeletedResponse = z.infer<typeof FlatDeletedResponse>;
