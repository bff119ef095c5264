import { z } from 'zod';
import { plainText, requiredText, successWith, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';
import type { GenderPreference } from './housing-rules';
import {
  calendarDate,
  contactKind,
  FLAT_MAX_LIMIT,
  FLAT_MAX_QUERY_LENGTH,
  FLAT_MAX_RENT,
  FLAT_MESSAGES,
  FLAT_PAGE_SIZE,
  FLAT_SORTS,
  FLAT_TEXT_LIMITS,
  GENDER_PREFERENCES,
  isValidLocation,
} from './housing-rules';

/**
 * The housing domain's wire (spec §3 "Flat request", §7 `/api/flat`): what its service accepts and
 * answers, and what its remote's form and filters validate with.
 */
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
