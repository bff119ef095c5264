/**
 * The careers domain's plain rules and words: enums, limits, page sizes, messages and pure checks.
 * No schemas here, so a screen can import them without loading zod; `careers.ts` builds the schemas
 * on them (docs/adr/0032-light-pages-on-a-phone.md).
 */
/** Spec §9: the creation form's job types; the interview form also offers Intern + FT. */
export const JOB_TYPES = ['Full-Time', 'Intern', 'Part-Time'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const INTERVIEW_JOB_TYPES = ['Full-Time', 'Intern', 'Part-Time', 'Intern + FT'] as const;
export type InterviewJobType = (typeof INTERVIEW_JOB_TYPES)[number];
export const INTERVIEW_DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'Difficult'] as const;
export type InterviewDifficulty = (typeof INTERVIEW_DIFFICULTIES)[number];
export const INTERVIEW_SORTS = ['date_desc', 'date_asc'] as const;
export type InterviewSort = (typeof INTERVIEW_SORTS)[number];

/** Spec §9: interview search pages of 6; the job list's default page and its cap. */
export const INTERVIEW_PAGE_SIZE = 6;
export const INTERVIEW_MAX_LIMIT = 50;
export const INTERVIEW_MAX_QUERY_LENGTH = 200;
export const JOB_PAGE_SIZE = 50;
export const JOB_MAX_LIMIT = 100;
/** Interview rounds: a whole number, 1 to 20 (spec §9 draws rounds % 10 dots). */
export const INTERVIEW_MAX_ROUNDS = 20;
/** The rounds' HTML after sanitizing (the services take JSON bodies up to 100 kB, images included). */
export const INTERVIEW_DESCRIPTION_MAX = 90_000;
export const JOB_DESCRIPTION_MAX = 5_000;
/** Company pages (issue 28): the companies list's page and cap, and the most one page shows of each list. */
export const COMPANY_PAGE_SIZE = 20;
export const COMPANY_MAX_LIMIT = 50;
export const COMPANY_MAX_QUERY_LENGTH = 100;
export const COMPANY_PAGE_ITEMS = 50;
/** Job search (issue 28): pages of 20, at most 50; "closing within" at most a year. */
export const JOB_SEARCH_PAGE_SIZE = 20;
export const JOB_SEARCH_MAX_LIMIT = 50;
export const JOB_CLOSING_WITHIN_MAX = 365;
/** The application tracker (issue 28): Saved -> Applied -> Interviewing -> Offer / Rejected. */
export const TRACK_STATUSES = ['saved', 'applied', 'interviewing', 'offer', 'rejected'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];
export const TRACK_NOTE_MAX = 1000;

export const CAREERS_MESSAGES = {
  companyRequired: 'Company name is required',
  roleRequired: 'Role is required',
  salaryRequired: 'Salary is required',
  jobDescriptionRequired: 'Job description is required',
  jobTypeInvalid: 'Job type must be Full-Time, Intern or Part-Time',
  interviewJobTypeInvalid: 'Job type must be Full-Time, Intern, Part-Time or Intern + FT',
  difficultyInvalid: 'Difficulty must be Easy, Medium, Hard or Difficult',
  roundsInvalid: `Interview rounds must be a whole number from 1 to ${INTERVIEW_MAX_ROUNDS}`,
  dateInvalid: 'Interview date must be a date (YYYY-MM-DD)',
  dateInFuture: 'Interview date cannot be in the future',
  linkInvalid: 'Please enter a valid http(s) link.',
  anonymousWithProfile: 'A LinkedIn profile names you: leave it empty to share anonymously.',
  descriptionTooLong: `The rounds description is too long (at most ${INTERVIEW_DESCRIPTION_MAX} characters of HTML, images included)`,
  jobCreated: 'Job post created',
  jobDeleted: 'Job Post Deleted',
  jobNotFound: 'Job post not found.',
  jobNotYours: 'You can only delete your own job posts.',
  jobNotYoursToEdit: 'You can only edit your own job posts.',
  interviewNotYoursToEdit: 'You can only edit your own interview experiences.',
  interviewNotYoursToDelete: 'You can only delete your own interview experiences.',
  interviewDeleted: 'Interview experience deleted',
  nothingToChange: 'Please change at least one field.',
  hiddenByModerator: 'Hidden by a moderator',
  interviewCreated: 'Submitted successfully! ❤️ThankYou for Contributing',
  interviewNotFound: 'Interview experience not found.',
  interviewIdInvalid: 'Malformed interview id.',
  searchFound: 'Interview experiences found',
  searchEmpty: 'No interview experiences found matching your criteria',
  queryTooLong: `Search text must be at most ${INTERVIEW_MAX_QUERY_LENGTH} characters`,
  companyFilterTooLong: 'Company filter must be at most 100 characters',
  sortInvalid: 'Sort must be date_desc or date_asc',
  mineInvalid: 'mine must be true or false',
  companyNotFound: 'Company not found.',
  trackStatusInvalid: 'Status must be saved, applied, interviewing, offer, rejected or none',
  trackNoteTooLong: `The note must be at most ${TRACK_NOTE_MAX} characters`,
  applyByInvalid: 'Apply-by date must be a date (YYYY-MM-DD)',
  applyByPast: 'Apply-by date cannot be in the past',
  closingWithinInvalid: `Closing within must be a whole number of days from 0 to ${JOB_CLOSING_WITHIN_MAX}`,
  paidInvalid: 'paid must be true or false',
  cityFilterTooLong: 'City filter must be at most 100 characters',
  jobQueryTooLong: `Search text must be at most ${INTERVIEW_MAX_QUERY_LENGTH} characters`,
  companyQueryTooLong: `Company search must be at most ${COMPANY_MAX_QUERY_LENGTH} characters`,
} as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && Number(m[1]) >= 1950;
}

/**
 * A company's page path segment, as the service keys companies (migration 0008's company_slug): for
 * a name in plain ASCII, its lower case with every run of other characters one '-' ("Google ",
 * "GOOGLE" -> google). Any other name goes as it is written: the service slugs what the path
 * holds with the same SQL function (its accent folding included), so the link always finds it.
 */
export function companyPathSegment(companyName: string): string {
  const name = companyName.trim();
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(name);
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
  return ascii && slug ? slug : encodeURIComponent(name);
}

export const companyPath = (companyName: string) => `/companies/${companyPathSegment(companyName)}`;

/** Whole days from `today` to `applyBy` (both YYYY-MM-DD): 0 on the day itself, negative once past. */
export function daysUntil(applyBy: string, today: string): number {
  return Math.round((Date.parse(`${applyBy}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** How a job post's apply-by date reads on its card: "closes today", "closes in 3 days", "closed". */
export function closesLabel(applyBy: string, today: string): string {
  const days = daysUntil(applyBy, today);
  if (days < 0) return 'closed';
  if (days === 0) return 'closes today';
  if (days === 1) return 'closes tomorrow';
  return `closes in ${days} days`;
}
