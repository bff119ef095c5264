import { z } from 'zod';
import { httpUrl, plainText, requiredText, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';
import {
  CAREERS_MESSAGES,
  INTERVIEW_DESCRIPTION_MAX,
  INTERVIEW_DIFFICULTIES,
  INTERVIEW_JOB_TYPES,
  INTERVIEW_MAX_LIMIT,
  INTERVIEW_MAX_QUERY_LENGTH,
  INTERVIEW_MAX_ROUNDS,
  INTERVIEW_PAGE_SIZE,
  INTERVIEW_SORTS,
  isCalendarDate,
  JOB_DESCRIPTION_MAX,
  JOB_MAX_LIMIT,
  JOB_PAGE_SIZE,
  JOB_TYPES,
} from './careers-rules';

/**
 * The careers domain's wire (spec §3, §5, §7, §9): job posts under /api/job, interview experiences
 * under /api/interview. Field names are the spec's, so a client written against the original works
 * unchanged; what the spec leaves open (paging the job list, anonymity, bounds) is documented here.
 */

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** Optional free text: trimmed, blank is absent, bounded. */
const optionalText = (max: number, message = `Must be at most ${max} characters.`) =>
  z.preprocess(blankToUndefined, plainText(message).trim().max(max, message).optional());

/** Optional link: blank is absent, else http(s) only. */
const optionalLink = z.preprocess(blankToUndefined, httpUrl(CAREERS_MESSAGES.linkInvalid).optional());

/** A job post as every endpoint returns it; absent optional fields are empty strings. */
export const JobPost = z
  .object({
    _id: z.string(),
    postedBy: UserId,
    companyName: z.string(),
    role: z.string(),
    jobDescription: z.string(),
    jobType: z.enum(JOB_TYPES),
    salary: z.string(),
    city: z.string(),
    jobLink: z.string(),
    linkedinUrl: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'JobPost' });
export type JobPost = z.infer<typeof JobPost>;

/** POST /api/job/createjobpost: the spec's payload (`postedBy` is ignored: it is the signed-in user). */
export const CreateJobPostRequest = z
  .object({
    companyName: requiredText(CAREERS_MESSAGES.companyRequired, 100),
    role: requiredText(CAREERS_MESSAGES.roleRequired, 100),
    jobDescription: requiredText(CAREERS_MESSAGES.jobDescriptionRequired, JOB_DESCRIPTION_MAX),
    salary: requiredText(CAREERS_MESSAGES.salaryRequired, 100),
    jobType: z.preprocess(
      blankToUndefined,
      z.enum(JOB_TYPES, { error: CAREERS_MESSAGES.jobTypeInvalid }).default('Full-Time'),
    ),
    city: optionalText(100),
    jobLink: optionalLink,
    linkedinUrl: optionalLink,
  })
  .meta({ id: 'CreateJobPostRequest' });
export type CreateJobPostRequest = z.input<typeof CreateJobPostRequest>;

const trueFalse = z.preprocess(
  (v) => (v === undefined || v === '' ? 'false' : v),
  z
    .enum(['true', 'false', '1', '0'], { error: CAREERS_MESSAGES.mineInvalid })
    .transform((v) => v === 'true' || v === '1'),
);

/** GET /api/job/alljobpost: `?page=&limit=` (newest first) and `?mine=true` for the signed-in user's own. */
export const JobListQuery = z.object({
  mine: trueFalse,
  ...pageQuery({ defaultLimit: JOB_PAGE_SIZE, maxLimit: JOB_MAX_LIMIT }),
});
export type JobListQuery = z.output<typeof JobListQuery>;

/** The spec's bare array; where the list goes on is in the X-Total-Count, X-Page and X-Pages headers. */
export const JobListResponse = z.array(JobPost).meta({ id: 'JobListResponse' });
export type JobListResponse = z.infer<typeof JobListResponse>;

export const JobPostResponse = JobPost;

export const JobDeletedResponse = z
  .object({ success: z.literal(true), message: z.string(), data: z.object({ _id: z.string() }) })
  .meta({ id: 'JobDeletedResponse' });
export type JobDeletedResponse = z.infer<typeof JobDeletedResponse>;

/** An interview experience as every endpoint returns it (spec §3). */
export const InterviewExperience = z
  .object({
    _id: z.string(),
    companyName: z.string(),
    role: z.string(),
    interviewRounds: z.number().int().nullable(),
    /** Sanitized HTML (sanitize again before rendering). */
    interviewRoundsDescription: z.string(),
    /** As given: YYYY-MM-DD, or null when not given. */
    interviewDate: z.string().nullable(),
    salary: z.string(),
    interviewDifficulty: z.enum(INTERVIEW_DIFFICULTIES).nullable(),
    city: z.string(),
    jobType: z.enum(INTERVIEW_JOB_TYPES).nullable(),
    linkedinUrl: z.string(),
    /** Null when shared anonymously: an anonymous experience never names its author. */
    postedBy: UserId.nullable(),
    /** Null when shared anonymously (readers show "Anonymous"). */
    uploaderName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'InterviewExperience' });
export type InterviewExperience = z.infer<typeof InterviewExperience>;

/** POST /api/interview/create: the spec's fields; the author is the signed-in user. */
export const CreateInterviewRequest = z
  .object({
    companyName: requiredText(CAREERS_MESSAGES.companyRequired, 100),
    role: requiredText(CAREERS_MESSAGES.roleRequired, 100),
    salary: requiredText(CAREERS_MESSAGES.salaryRequired, 100),
    interviewRounds: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: CAREERS_MESSAGES.roundsInvalid })
        .int(CAREERS_MESSAGES.roundsInvalid)
        .min(1, CAREERS_MESSAGES.roundsInvalid)
        .max(INTERVIEW_MAX_ROUNDS, CAREERS_MESSAGES.roundsInvalid)
        .optional(),
    ),
    interviewRoundsDescription: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: 'The rounds description must be text' })
        .max(INTERVIEW_DESCRIPTION_MAX, CAREERS_MESSAGES.descriptionTooLong)
        .optional()
        .transform((v) => v ?? ''),
    ),
    interviewDate: z.preprocess(
      blankToUndefined,
      z
        .string({ error: CAREERS_MESSAGES.dateInvalid })
        .trim()
        .refine(isCalendarDate, CAREERS_MESSAGES.dateInvalid)
        .optional(),
    ),
    interviewDifficulty: z.preprocess(
      blankToUndefined,
      z.enum(INTERVIEW_DIFFICULTIES, { error: CAREERS_MESSAGES.difficultyInvalid }).optional(),
    ),
    jobType: z.preprocess(
      blankToUndefined,
      z.enum(INTERVIEW_JOB_TYPES, { error: CAREERS_MESSAGES.interviewJobTypeInvalid }).optional(),
    ),
    city: optionalText(100),
    linkedinUrl: optionalLink,
    /** Share without the name: uploaderName and postedBy are not shown. */
    isAnonymous: z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' || v === undefined || v === null ? false : v),
      z.boolean({ error: 'isAnonymous must be true or false' }),
    ),
  })
  .refine((v) => !(v.isAnonymous && v.linkedinUrl), {
    path: ['linkedinUrl'],
    message: CAREERS_MESSAGES.anonymousWithProfile,
  })
  .meta({ id: 'CreateInterviewRequest' });
export type CreateInterviewRequest = z.input<typeof CreateInterviewRequest>;

/** GET /api/interview/search query. Every value is plain text: never a pattern, an operator or an object. */
export const InterviewSearchQuery = z.object({
  q: z
    .string({ error: 'Search text must be text' })
    .max(INTERVIEW_MAX_QUERY_LENGTH, CAREERS_MESSAGES.queryTooLong)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  company: z
    .string({ error: 'Company filter must be text' })
    .max(100, CAREERS_MESSAGES.companyFilterTooLong)
    .optional()
    .transform((v) => v?.trim() || undefined),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(INTERVIEW_SORTS, { error: CAREERS_MESSAGES.sortInvalid }).optional(),
  ),
  ...pageQuery({ defaultLimit: INTERVIEW_PAGE_SIZE, maxLimit: INTERVIEW_MAX_LIMIT }),
});
export type InterviewSearchQuery = z.output<typeof InterviewSearchQuery>;

/** The spec's `success, data, pages, message`, plus `page` and `total`. */
export const InterviewSearchResponse = pagedSuccessWith('InterviewSearchResponse', InterviewExperience);
export type InterviewSearchResponse = z.infer<typeof InterviewSearchResponse>;

export const InterviewCreatedResponse = z
  .object({ success: z.literal(true), message: z.string(), data: InterviewExperience })
  .meta({ id: 'InterviewCreatedResponse' });
export type InterviewCreatedResponse = z.infer<typeof InterviewCreatedResponse>;
