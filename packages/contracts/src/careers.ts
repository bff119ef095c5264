import { z } from 'zod';
import { httpUrl, plainText, requiredText, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';
import {
  CAREERS_MESSAGES,
  COMPANY_MAX_LIMIT,
  COMPANY_MAX_QUERY_LENGTH,
  COMPANY_PAGE_SIZE,
  INTERVIEW_DESCRIPTION_MAX,
  INTERVIEW_DIFFICULTIES,
  INTERVIEW_JOB_TYPES,
  INTERVIEW_MAX_LIMIT,
  INTERVIEW_MAX_QUERY_LENGTH,
  INTERVIEW_MAX_ROUNDS,
  INTERVIEW_PAGE_SIZE,
  INTERVIEW_SORTS,
  isCalendarDate,
  JOB_CLOSING_WITHIN_MAX,
  JOB_SEARCH_MAX_LIMIT,
  JOB_SEARCH_PAGE_SIZE,
  JOB_DESCRIPTION_MAX,
  JOB_MAX_LIMIT,
  JOB_PAGE_SIZE,
  JOB_TYPES,
  TRACK_NOTE_MAX,
  TRACK_STATUSES,
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

/**
 * Why the author's hidden item is hidden: only in its author's own answer (the screen says "Hidden
 * by a moderator: <reason>"); everyone else never gets a hidden item at all.
 */
export const CareersModeration = z
  .object({ state: z.literal('hidden'), reason: z.string() })
  .meta({ id: 'CareersModeration' });
export type CareersModeration = z.infer<typeof CareersModeration>;

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
    /** When its author last edited it (ISO); null when never edited. */
    editedAt: z.string().nullable(),
    /**
     * The last day to apply (YYYY-MM-DD, issue 28): every answer carries it, null when not given.
     * Past it, the post leaves the open list (All Job Posts, search, company pages).
     */
    applyBy: z.string().nullable().optional(),
    /** Only in its author's own answer (My Posted Job), when a moderator hid it. */
    moderation: CareersModeration.optional(),
  })
  .meta({ id: 'JobPost' });

/** An apply-by date as written (YYYY-MM-DD); the service refuses one in the past. */
const applyByDate = z
  .string({ error: CAREERS_MESSAGES.applyByInvalid })
  .trim()
  .refine(isCalendarDate, CAREERS_MESSAGES.applyByInvalid);
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
    /** Optional (issue 28): the last day to apply, YYYY-MM-DD, today or later. */
    applyBy: z.preprocess(blankToUndefined, applyByDate.optional()),
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

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * An edit's optional field that may be emptied: absent leaves it as it is, blank (or null) clears it
 * (null after parsing), anything else is checked as on create.
 */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? null : v), schema.nullable().optional());

/** An edit changes something: at least one editable field (identity fields are not editable). */
const changesSomething = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

/**
 * PATCH /api/job/jobpost/{id}: the create form's fields, each optional, same messages; blank clears
 * an optional one (city, links). `postedBy` is not editable (ignored).
 */
export const UpdateJobPostRequest = z
  .object({
    companyName: requiredText(CAREERS_MESSAGES.companyRequired, 100).optional(),
    role: requiredText(CAREERS_MESSAGES.roleRequired, 100).optional(),
    jobDescription: requiredText(CAREERS_MESSAGES.jobDescriptionRequired, JOB_DESCRIPTION_MAX).optional(),
    salary: requiredText(CAREERS_MESSAGES.salaryRequired, 100).optional(),
    jobType: z.preprocess(
      blankToUndefined,
      z.enum(JOB_TYPES, { error: CAREERS_MESSAGES.jobTypeInvalid }).optional(),
    ),
    city: clearable(
      plainText('Must be at most 100 characters.').trim().max(100, 'Must be at most 100 characters.'),
    ),
    jobLink: clearable(httpUrl(CAREERS_MESSAGES.linkInvalid)),
    linkedinUrl: clearable(httpUrl(CAREERS_MESSAGES.linkInvalid)),
    /** Blank (or null) clears it; a date must be today or later. */
    applyBy: clearable(applyByDate),
  })
  .refine(changesSomething, { message: CAREERS_MESSAGES.nothingToChange })
  .meta({ id: 'UpdateJobPostRequest' });
export type UpdateJobPostRequest = z.input<typeof UpdateJobPostRequest>;

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
    /** When its author last edited it (ISO); null when never edited. */
    editedAt: z.string().nullable(),
    /**
     * True only in the signed-in author's own answers (absent for everyone else), so their screen
     * offers Edit and Delete even on an anonymous experience without the wire naming its author.
     */
    mine: z.literal(true).optional(),
    /** Only in its author's own detail answer, when a moderator hid it. */
    moderation: CareersModeration.optional(),
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

/**
 * PATCH /api/interview/{id}: the share form's fields, each optional, same messages; blank clears an
 * optional one. Anonymity is not editable (`isAnonymous` is ignored); an anonymous experience still
 * refuses a LinkedIn profile (the service checks, as it knows which experiences are anonymous).
 */
export const UpdateInterviewRequest = z
  .object({
    companyName: requiredText(CAREERS_MESSAGES.companyRequired, 100).optional(),
    role: requiredText(CAREERS_MESSAGES.roleRequired, 100).optional(),
    salary: requiredText(CAREERS_MESSAGES.salaryRequired, 100).optional(),
    interviewRounds: clearable(
      z.coerce
        .number({ error: CAREERS_MESSAGES.roundsInvalid })
        .int(CAREERS_MESSAGES.roundsInvalid)
        .min(1, CAREERS_MESSAGES.roundsInvalid)
        .max(INTERVIEW_MAX_ROUNDS, CAREERS_MESSAGES.roundsInvalid),
    ),
    interviewRoundsDescription: z.preprocess(
      (v) => (v === null ? '' : v),
      z
        .string({ error: 'The rounds description must be text' })
        .max(INTERVIEW_DESCRIPTION_MAX, CAREERS_MESSAGES.descriptionTooLong)
        .optional(),
    ),
    interviewDate: clearable(
      z
        .string({ error: CAREERS_MESSAGES.dateInvalid })
        .trim()
        .refine(isCalendarDate, CAREERS_MESSAGES.dateInvalid),
    ),
    interviewDifficulty: clearable(
      z.enum(INTERVIEW_DIFFICULTIES, { error: CAREERS_MESSAGES.difficultyInvalid }),
    ),
    jobType: clearable(z.enum(INTERVIEW_JOB_TYPES, { error: CAREERS_MESSAGES.interviewJobTypeInvalid })),
    city: clearable(
      plainText('Must be at most 100 characters.').trim().max(100, 'Must be at most 100 characters.'),
    ),
    linkedinUrl: clearable(httpUrl(CAREERS_MESSAGES.linkInvalid)),
  })
  .refine(changesSomething, { message: CAREERS_MESSAGES.nothingToChange })
  .meta({ id: 'UpdateInterviewRequest' });
export type UpdateInterviewRequest = z.input<typeof UpdateInterviewRequest>;

export const InterviewDeletedResponse = z
  .object({ success: z.literal(true), message: z.string(), data: z.object({ _id: z.string() }) })
  .meta({ id: 'InterviewDeletedResponse' });
export type InterviewDeletedResponse = z.infer<typeof InterviewDeletedResponse>;

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

/** GET /api/companies: `?q=` finds companies whose name holds these words (any case, accents or spaces). */
export const CompanyListQuery = z.object({
  q: z
    .string({ error: 'Company search must be text' })
    .max(COMPANY_MAX_QUERY_LENGTH, CAREERS_MESSAGES.companyQueryTooLong)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  ...pageQuery({ defaultLimit: COMPANY_PAGE_SIZE, maxLimit: COMPANY_MAX_LIMIT }),
});
export type CompanyListQuery = z.output<typeof CompanyListQuery>;

/** One company in the list: its most common spelling, its page's slug, how many experiences and open jobs. */
export const CompanySummary = z
  .object({
    name: z.string(),
    slug: z.string(),
    interviews: z.number().int(),
    jobs: z.number().int(),
  })
  .meta({ id: 'CompanySummary' });
export type CompanySummary = z.infer<typeof CompanySummary>;

/** Most experiences and open jobs first. */
export const CompanyListResponse = pagedSuccessWith('CompanyListResponse', CompanySummary);
export type CompanyListResponse = z.infer<typeof CompanyListResponse>;

/** What a company's experiences and jobs say, over all of them (not only the ones the page lists). */
export const CompanyStats = z
  .object({
    /** Visible interview experiences, and open job posts. */
    interviews: z.number().int(),
    openJobs: z.number().int(),
    /** The mean of the rounds given (one decimal), null when none says. */
    averageRounds: z.number().nullable(),
    /** How many experiences rated each difficulty; `notGiven` the rest. */
    difficulty: z.object({
      Easy: z.number().int(),
      Medium: z.number().int(),
      Hard: z.number().int(),
      Difficult: z.number().int(),
      notGiven: z.number().int(),
    }),
    /** Roles, most reported first (at most 20). */
    roles: z.array(z.object({ role: z.string(), count: z.number().int() })),
    /**
     * Salaries as reported (free text, never parsed): each role's distinct figures, from
     * experiences and open jobs, most reported first (at most 30 rows).
     */
    salaries: z.array(
      z.object({
        role: z.string(),
        salary: z.string(),
        count: z.number().int(),
        source: z.enum(['interview', 'job']),
      }),
    ),
    /**
     * When the company visited, by month (YYYY-MM, oldest first): experiences by interview date
     * (or when shared, when undated), jobs by when posted.
     */
    timeline: z.array(z.object({ month: z.string(), interviews: z.number().int(), jobs: z.number().int() })),
  })
  .meta({ id: 'CompanyStats' });
export type CompanyStats = z.infer<typeof CompanyStats>;

/**
 * GET /api/companies/{slug}: the company's most common spelling, its newest experiences and open
 * jobs (at most 50 each), and the stats over all of them.
 */
export const CompanyPage = z
  .object({
    name: z.string(),
    experiences: z.array(InterviewExperience),
    jobs: z.array(JobPost),
    stats: CompanyStats,
  })
  .meta({ id: 'CompanyPage' });
export type CompanyPage = z.infer<typeof CompanyPage>;

/**
 * GET /api/job/search (issue 28): open job posts (visible, not past their apply-by date). `q`: words
 * of the company, role, city or description (the last one a prefix); `jobType`; `city` (starts with,
 * any case or accents); `closingWithinDays`: an apply-by date from today to that many days ahead;
 * `paid=true`: a salary or stipend with a figure in it.
 */
export const JobSearchQuery = z.object({
  q: z
    .string({ error: 'Search text must be text' })
    .max(INTERVIEW_MAX_QUERY_LENGTH, CAREERS_MESSAGES.jobQueryTooLong)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  jobType: z.preprocess(
    blankToUndefined,
    z.enum(JOB_TYPES, { error: CAREERS_MESSAGES.jobTypeInvalid }).optional(),
  ),
  city: z
    .string({ error: 'City filter must be text' })
    .max(100, CAREERS_MESSAGES.cityFilterTooLong)
    .optional()
    .transform((v) => v?.trim() || undefined),
  closingWithinDays: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: CAREERS_MESSAGES.closingWithinInvalid })
      .int(CAREERS_MESSAGES.closingWithinInvalid)
      .min(0, CAREERS_MESSAGES.closingWithinInvalid)
      .max(JOB_CLOSING_WITHIN_MAX, CAREERS_MESSAGES.closingWithinInvalid)
      .optional(),
  ),
  paid: z.preprocess(
    (v) => (v === undefined || v === '' ? 'false' : v),
    z
      .enum(['true', 'false', '1', '0'], { error: CAREERS_MESSAGES.paidInvalid })
      .transform((v) => v === 'true' || v === '1'),
  ),
  ...pageQuery({ defaultLimit: JOB_SEARCH_PAGE_SIZE, maxLimit: JOB_SEARCH_MAX_LIMIT }),
});
export type JobSearchQuery = z.output<typeof JobSearchQuery>;

/** `success, data, page, pages, total, message`, as the interview search. */
export const JobSearchResponse = pagedSuccessWith('JobSearchResponse', JobPost);
export type JobSearchResponse = z.infer<typeof JobSearchResponse>;

/** PUT /api/job/{id}/track (issue 28): the signed-in student's status for a job post; `none` stops tracking it. */
export const TrackJobRequest = z
  .object({
    status: z.enum([...TRACK_STATUSES, 'none'], { error: CAREERS_MESSAGES.trackStatusInvalid }),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(TRACK_NOTE_MAX, CAREERS_MESSAGES.trackNoteTooLong)
      .optional(),
  })
  .meta({ id: 'TrackJobRequest' });
export type TrackJobRequest = z.input<typeof TrackJobRequest>;

/** One tracked job: the post as the list shows it, its status, each status's date, the note. */
export const TrackedJob = z
  .object({
    job: JobPost,
    status: z.enum(TRACK_STATUSES),
    note: z.string(),
    /** Each status set, with when (ISO), oldest first. */
    history: z.array(z.object({ status: z.enum(TRACK_STATUSES), at: z.string() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TrackedJob' });
export type TrackedJob = z.infer<typeof TrackedJob>;

/** The PUT answer: the tracked job, or `{ status: 'none' }` once it is no longer tracked. */
export const TrackJobResponse = z
  .object({ success: z.literal(true), data: TrackedJob.nullable() })
  .meta({ id: 'TrackJobResponse' });
export type TrackJobResponse = z.infer<typeof TrackJobResponse>;

/** GET /api/job/tracker: the signed-in student's tracked jobs, latest change first (at most 500). */
export const TrackerResponse = z
  .object({ success: z.literal(true), data: z.array(TrackedJob) })
  .meta({ id: 'TrackerResponse' });
export type TrackerResponse = z.infer<typeof TrackerResponse>;
