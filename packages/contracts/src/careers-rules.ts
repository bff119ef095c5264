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
  interviewCreated: 'Submitted successfully! ❤️ThankYou for Contributing',
  interviewNotFound: 'Interview experience not found.',
  interviewIdInvalid: 'Malformed interview id.',
  searchFound: 'Interview experiences found',
  searchEmpty: 'No interview experiences found matching your criteria',
  queryTooLong: `Search text must be at most ${INTERVIEW_MAX_QUERY_LENGTH} characters`,
  companyFilterTooLong: 'Company filter must be at most 100 characters',
  sortInvalid: 'Sort must be date_desc or date_asc',
  mineInvalid: 'mine must be true or false',
} as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && Number(m[1]) >= 1950;
}
