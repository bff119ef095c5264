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
  FOOD_PREFERENCES,
  GENDER_PREFERENCES,
  isValidLocation,
  SLEEP_SCHEDULES,
  SMOKING_RULES,
  CONTACT_VISIBILITIES,
  FLAT_PHOTOS_MAX,
  FLAT_STATES,
  flatPhotoKeyOf,
  INTEREST_DECISIONS,
  INTEREST_MESSAGE_MAX,
  INTEREST_STATUSES,
} from './housing-rules';
import type { ContactVisibility, FoodPreference, SleepSchedule, SmokingRule } from './housing-rules';

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

/** A lifestyle tag: any case; blank or null is "not said" (null; on an edit it clears the tag). */
const lifestyleTag = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || null : v),
    z.enum(values, { error: message }).nullable().optional(),
  );
/** A list filter on a lifestyle tag: any case, blank is no filter. */
const lifestyleFilter = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
    z.enum(values, { error: message }).optional(),
  );

/**
 * The request's photos (issue 28): the URLs `POST /api/flat/photos` answered, in the order shown, at
 * most FLAT_PHOTOS_MAX, each once. On an edit the list replaces the photos it had (a photo left out
 * is deleted; `[]` removes them all).
 */
const photoList = z
  .array(z.string({ error: FLAT_MESSAGES.photosInvalid }).max(300, FLAT_MESSAGES.photosInvalid), {
    error: FLAT_MESSAGES.photosInvalid,
  })
  .max(FLAT_PHOTOS_MAX, FLAT_MESSAGES.photosTooMany)
  .superRefine((urls, ctx) => {
    if (urls.some((url) => flatPhotoKeyOf(url) === undefined))
      ctx.addIssue({ code: 'custom', message: FLAT_MESSAGES.photosInvalid });
    else if (new Set(urls.map(flatPhotoKeyOf)).size !== urls.length)
      ctx.addIssue({ code: 'custom', message: FLAT_MESSAGES.photoTwice });
  });

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
    // Issue 28's lifestyle tags: optional, so the spec's create call stays valid.
    food: lifestyleTag(FOOD_PREFERENCES, FLAT_MESSAGES.foodInvalid),
    smoking: lifestyleTag(SMOKING_RULES, FLAT_MESSAGES.smokingInvalid),
    sleep: lifestyleTag(SLEEP_SCHEDULES, FLAT_MESSAGES.sleepInvalid),
    /** Left out: `signed-in` on create (the spec's behaviour), unchanged on an edit. */
    contactVisibility: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
      z.enum(CONTACT_VISIBILITIES, { error: FLAT_MESSAGES.contactVisibilityInvalid }).optional(),
    ),
    /** Photos uploaded by the same user (issue 28), optional so the spec's create call stays valid. */
    photos: photoList.optional(),
  })
  .meta({ id: 'CreateFlatRequest' });
export type CreateFlatRequest = z.input<typeof CreateFlatRequest>;

/** The fields a `PATCH /api/flat/{id}` may change: every field of the create form. */
const EDITABLE_FLAT_FIELDS = [
  'name',
  'description',
  'location',
  'genderPreference',
  'rent',
  'moveInDate',
  'contactInfo',
  'food',
  'smoking',
  'sleep',
  'contactVisibility',
  'photos',
] as const;

/**
 * PATCH /api/flat/{id}: the create form's fields, each optional, with the same messages (a blank
 * field is refused as on create; a blank gender preference is `any`); at least one. `userId` in the
 * body is ignored: the request stays its owner's.
 */
export const UpdateFlatRequest = CreateFlatRequest.partial()
  .refine((v) => EDITABLE_FLAT_FIELDS.some((field) => v[field] !== undefined), FLAT_MESSAGES.nothingToChange)
  .meta({ id: 'UpdateFlatRequest' });
export type UpdateFlatRequest = z.input<typeof UpdateFlatRequest>;

/** The form's values before parsing (what the browser holds: text inputs). */
export interface FlatFormValues {
  name: string;
  description: string;
  location: string;
  genderPreference: GenderPreference;
  rent: string;
  moveInDate: string;
  contactInfo: string;
  /** '' when not said. */
  food: FoodPreference | '';
  smoking: SmokingRule | '';
  sleep: SleepSchedule | '';
  /** Who sees the contact: every signed-in student (the default) or only students the owner accepts. */
  contactVisibility: ContactVisibility;
  /** The photos uploaded for it, in order (their URLs). */
  photos: string[];
}

/** Why the author's hidden request is hidden: their own list says "Hidden by a moderator: <reason>". */
export const FlatModeration = z
  .object({ state: z.literal('hidden'), reason: z.string() })
  .meta({ id: 'FlatModeration' });
export type FlatModeration = z.infer<typeof FlatModeration>;

/** One size of a photo: where it is served and its size in pixels (for srcset). */
export const FlatPhotoVariant = z
  .object({ url: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'FlatPhotoVariant' });
export type FlatPhotoVariant = z.infer<typeof FlatPhotoVariant>;

/** The answer to a photo upload: its URL (the largest variant: what `photos` lists) and every variant. */
export const FlatPhotoUploadResponse = z
  .object({ url: z.string(), variants: z.array(FlatPhotoVariant) })
  .meta({ id: 'FlatPhotoUploadResponse' });
export type FlatPhotoUploadResponse = z.infer<typeof FlatPhotoUploadResponse>;

/** `GET /api/flat/photo/{key}`. */
export const FlatPhotoKeyParams = z.object({ key: z.string().meta({ description: '<sha256>.webp' }) });

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
    /** When its owner last edited it (ISO); null when never edited. */
    editedAt: z.string().nullable(),
    /** Only in its owner's own answers, when a moderator (or the reports threshold) hid it. */
    moderation: FlatModeration.optional(),
    /** Lifestyle tags (issue 28): null when the owner did not say. */
    food: z.enum(FOOD_PREFERENCES).nullable(),
    smoking: z.enum(SMOKING_RULES).nullable(),
    sleep: z.enum(SLEEP_SCHEDULES).nullable(),
    /** The owner found someone: out of the public list, still in their own. */
    filled: z.boolean(),
    /** ISO; past it the request is out of the public list until its owner renews it. */
    expiresAt: z.string(),
    /** on-request: `contactInfo` only for its owner and the students whose interest the owner accepted. */
    contactVisibility: z.enum(CONTACT_VISIBILITIES),
    /** The signed-in viewer's own interest in it (not its owner's), if they showed one. */
    myInterest: z.object({ _id: z.string(), status: z.enum(INTEREST_STATUSES) }).optional(),
    /** Only in its owner's answers: how many students showed interest, and how many wait for an answer. */
    interestCounts: z.object({ total: z.number().int().min(0), pending: z.number().int().min(0) }).optional(),
    /** Its photos' URLs (the largest variant), in its owner's order; at most 6 (issue 28). */
    photos: z.array(z.string()).max(FLAT_PHOTOS_MAX),
    /** Each photo's variants, smallest first, in the order of `photos` (for srcset). */
    photoVariants: z.array(z.array(FlatPhotoVariant)),
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
    food: lifestyleFilter(FOOD_PREFERENCES, FLAT_MESSAGES.foodInvalid),
    smoking: lifestyleFilter(SMOKING_RULES, FLAT_MESSAGES.smokingInvalid),
    sleep: lifestyleFilter(SLEEP_SCHEDULES, FLAT_MESSAGES.sleepInvalid),
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

/** `PUT /api/flat/{id}/filled`: the owner marks it filled (out of the public list) or open again. */
export const SetFlatFilledRequest = z
  .object({ filled: z.boolean({ error: FLAT_MESSAGES.filledInvalid }) })
  .meta({ id: 'SetFlatFilledRequest' });
export type SetFlatFilledRequest = z.input<typeof SetFlatFilledRequest>;

/** `POST /api/flat/{id}/interest`: a student's "I'm interested" with a short message to the owner. */
export const CreateInterestRequest = z
  .object({
    message: plainText(FLAT_MESSAGES.interestMessageRequired)
      .trim()
      .min(1, FLAT_MESSAGES.interestMessageRequired)
      .max(INTEREST_MESSAGE_MAX, FLAT_MESSAGES.interestMessageTooLong),
  })
  .meta({ id: 'CreateInterestRequest' });
export type CreateInterestRequest = z.input<typeof CreateInterestRequest>;

/** `PUT /api/flat/{id}/interests/{interestId}`: the owner's answer. */
export const DecideInterestRequest = z
  .object({ status: z.enum(INTEREST_DECISIONS, { error: FLAT_MESSAGES.interestDecisionInvalid }) })
  .meta({ id: 'DecideInterestRequest' });
export type DecideInterestRequest = z.input<typeof DecideInterestRequest>;

/** A student's interest in a request, as its owner (or the student) sees it. */
export const FlatInterest = z
  .object({
    _id: z.string(),
    flatId: z.string(),
    userId: UserId,
    /** The student's name as this service knows it (null when unknown). */
    userName: z.string().nullable(),
    message: z.string(),
    status: z.enum(INTEREST_STATUSES),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'FlatInterest' });
export type FlatInterest = z.infer<typeof FlatInterest>;

export const FlatInterestResponse = successWith('FlatInterestResponse', FlatInterest);
export const FlatInterestListResponse = successWith('FlatInterestListResponse', z.array(FlatInterest));

/**
 * `GET /api/flat/interests/mine`: one of the signed-in student's own interests ("Rooms I asked
 * about"), with the request as that student may see it. `contactInfo` is there only when the owner
 * accepted this interest, and stays there after the request is filled or expires (it was given to
 * them); a pending or declined interest never carries it. A request its owner deleted is gone with
 * its interests; one a moderator hid is left out of the list.
 */
export const MyFlatInterest = z
  .object({
    _id: z.string(),
    message: z.string(),
    status: z.enum(INTEREST_STATUSES),
    createdAt: z.string(),
    /** When the owner answered (ISO); null while pending. */
    decidedAt: z.string().nullable(),
    flat: z.object({
      _id: z.string(),
      name: z.string(),
      /** The owner's name as this service knows it (null when unknown). */
      userName: z.string().nullable(),
      rent: z.number().int(),
      location: z.string(),
      moveInDate: z.string().meta({ description: 'YYYY-MM-DD' }),
      /** open: in the public list; filled by its owner; expired (past `expiresAt`, until renewed). */
      state: z.enum(FLAT_STATES),
      expiresAt: z.string(),
      contactInfo: z.string().optional().meta({ description: 'Only when this interest was accepted' }),
      /** Its first photo's smallest variant (a list thumbnail), null when it has no photo. */
      thumbnail: FlatPhotoVariant.nullable(),
    }),
  })
  .meta({ id: 'MyFlatInterest' });
export type MyFlatInterest = z.infer<typeof MyFlatInterest>;

/** `GET /api/flat/interests/mine`: a page of them. */
export const MyFlatInterestsQuery = z.object(
  pageQuery({ defaultLimit: FLAT_PAGE_SIZE, maxLimit: FLAT_MAX_LIMIT }),
);
export const MyFlatInterestListResponse = pagedSuccessWith('MyFlatInterestListResponse', MyFlatInterest);
export type MyFlatInterestListResponse = z.infer<typeof MyFlatInterestListResponse>;

export const FlatDeletedResponse = successWith('FlatDeletedResponse', z.object({ _id: z.string() }));
export type FlatDeletedResponse = z.infer<typeof FlatDeletedResponse>;
