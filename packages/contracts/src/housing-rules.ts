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

/**
 * Lifestyle tags (issue 28), each optional on a request. food: what the household eats (`any`: no
 * rule); smoking: `no` (nobody smokes, not even outside), `outside` (only outside, balcony or
 * street), `yes` (smoking inside is fine); sleep: when the household sleeps (`flexible`: either).
 */
export const FOOD_PREFERENCES = ['veg', 'non-veg', 'any'] as const;
export type FoodPreference = (typeof FOOD_PREFERENCES)[number];
export const FOOD_LABELS: Record<FoodPreference, string> = {
  veg: 'Veg',
  'non-veg': 'Non-veg',
  any: 'Any food',
};
export const SMOKING_RULES = ['no', 'outside', 'yes'] as const;
export type SmokingRule = (typeof SMOKING_RULES)[number];
export const SMOKING_LABELS: Record<SmokingRule, string> = {
  no: 'No smoking',
  outside: 'Smoking outside only',
  yes: 'Smoking is fine',
};
export const SLEEP_SCHEDULES = ['early', 'late', 'flexible'] as const;
export type SleepSchedule = (typeof SLEEP_SCHEDULES)[number];
export const SLEEP_LABELS: Record<SleepSchedule, string> = {
  early: 'Early sleeper',
  late: 'Night owl',
  flexible: 'Flexible sleep',
};

/** A request leaves the public list this many days after it was posted or last renewed (issue 28). */
export const FLAT_LIFETIME_DAYS = 60;
const DAY_MS = 86_400_000;
/** When a request posted or renewed at `from` expires. */
export const flatExpiryFrom = (from: Date) => new Date(from.getTime() + FLAT_LIFETIME_DAYS * DAY_MS);

/** Where a request stands: open (in the public list), filled by its owner, or past its expiry. */
export const FLAT_STATES = ['open', 'filled', 'expired'] as const;
export type FlatState = (typeof FLAT_STATES)[number];
export const flatStateOf = (flat: { filled: boolean; expiresAt: string }, now: Date): FlatState =>
  flat.filled ? 'filled' : Date.parse(flat.expiresAt) <= now.getTime() ? 'expired' : 'open';

/**
 * Who sees a request's contact (issue 28): `signed-in` (the default, the spec's behaviour: every
 * signed-in student) or `on-request` (its owner, and the students whose interest the owner accepted).
 */
export const CONTACT_VISIBILITIES = ['signed-in', 'on-request'] as const;
export type ContactVisibility = (typeof CONTACT_VISIBILITIES)[number];
export const INTEREST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type InterestStatus = (typeof INTEREST_STATUSES)[number];
export const INTEREST_DECISIONS = ['accepted', 'declined'] as const;
export const INTEREST_MESSAGE_MAX = 500;

/** Photos on a request (issue 28): at most this many, in the order its owner put them. */
export const FLAT_PHOTOS_MAX = 6;
/** The largest photo file accepted, in bytes (before it is re-encoded). */
export const FLAT_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** Widths of each photo's WebP variants: a 360 px card takes 320 or 640 (2x), the gallery 1280. */
export const FLAT_PHOTO_WIDTHS = [320, 640, 1280] as const;
/** Where a photo variant is served (the key is `<sha256>.webp`). */
export const flatPhotoPath = (key: string) => `/api/flat/photo/${key}`;
const FLAT_PHOTO_PATH = /^\/api\/flat\/photo\/([a-f0-9]{64}\.webp)$/;
/** The key a photo URL names (absolute or a path), or undefined when it is no photo of this service. */
export function flatPhotoKeyOf(link: string): string | undefined {
  try {
    return FLAT_PHOTO_PATH.exec(new URL(link, 'http://campus.invalid').pathname)?.[1];
  } catch {
    return undefined;
  }
}
/** The alt text of a photo: "Photo 2 of 4 of <title>". */
export const flatPhotoAlt = (index: number, total: number, title: string) =>
  `Photo ${index + 1} of ${total} of ${title}`;

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
  notOwnerEdit: 'You can only edit your own flat requests.',
  updated: 'Flat request updated',
  nothingToChange: 'Change at least one field of the flat request.',
  hiddenBy: (reason: string) => `Hidden by a moderator: ${reason}`,
  queryTooLong: `Search text must be at most ${FLAT_MAX_QUERY_LENGTH} characters`,
  rentRangeInvalid: 'The lowest rent must not be above the highest rent',
  moveInRangeInvalid: 'The earliest move-in date must not be after the latest',
  sortInvalid: 'Sort must be newest, rent_asc or rent_desc',
  foodInvalid: 'Food must be veg, non-veg or any',
  smokingInvalid: 'Smoking must be no, outside or yes',
  sleepInvalid: 'Sleep must be early, late or flexible',
  filledInvalid: 'Filled must be true or false',
  filledSet: 'Flat request marked as filled',
  reopened: 'Flat request open again',
  renewed: `Flat request renewed for ${FLAT_LIFETIME_DAYS} days`,
  notOwnerManage: 'You can only manage your own flat requests.',
  contactVisibilityInvalid: 'Contact visibility must be signed-in or on-request',
  interestMessageRequired: 'Write a short message to the owner',
  interestMessageTooLong: `The message must be at most ${INTEREST_MESSAGE_MAX} characters`,
  interestSent: 'Interest sent',
  interestOwnFlat: 'This is your own room request.',
  interestAlready: 'You have already shown interest in this room request.',
  interestNotOpen: 'This room request is filled or expired.',
  interestsFound: 'Interests found',
  interestNotFound: 'Interest not found.',
  interestDecisionInvalid: 'Status must be accepted or declined',
  interestDecided: (status: 'accepted' | 'declined') =>
    status === 'accepted' ? 'Interest accepted: they can see your contact now' : 'Interest declined',
  notOwnerInterests: 'Only the owner of a room request sees and answers its interests.',
  myInterestsFound: 'Rooms you asked about',
  myInterestsEmpty: 'You have not asked about any rooms yet.',
  photoRequired: 'Choose a photo to upload.',
  photosTooMany: `A room request can have at most ${FLAT_PHOTOS_MAX} photos.`,
  photosInvalid: 'Photos must be a list of photo addresses from the photo upload.',
  photoTwice: 'The same photo is in the list twice.',
  photoUnknown: 'A photo is not one you uploaded, or it is on another request. Please upload it again.',
  photoUploaded: 'Photo uploaded',
  photoNotFound: 'No such photo.',
} as const;

/**
 * Where a flat request is seen in the app (the link in its content events, so a moderator's queue
 * and its author's notification lead to it): the room finder's list, at its card.
 */
export const flatLink = (id: string) => `/roomfinder#flat-${id}`;

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
