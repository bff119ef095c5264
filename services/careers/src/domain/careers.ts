import { z } from 'zod';
import {
  type CreateInterviewRequest,
  type CreateJobPostRequest,
  type InterviewExperience,
  type InterviewSearchQuery,
  type JobListQuery,
  type JobPost,
} from '@campus/contracts/careers';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import { sanitizeRichText } from '@campus/service-kit/rich-text/sanitize-rich-text';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createCareersStore, type InterviewRecord, type JobPostRecord } from '../data/careers-store';

const RecordId = z.uuid();

/** The events the careers rules emit (its service definition produces them). */
export type CareersEvent = 'careers.job.posted' | 'careers.job.deleted' | 'careers.interview.shared';

const toJobPost = (r: JobPostRecord): JobPost => ({
  _id: r.id,
  postedBy: r.postedBy,
  companyName: r.companyName,
  role: r.role,
  jobDescription: r.jobDescription,
  jobType: r.jobType,
  salary: r.salary,
  city: r.city,
  jobLink: r.jobLink,
  linkedinUrl: r.linkedinUrl,
  createdAt: r.createdAt.toISOString(),
});

/** An anonymous experience names nobody: neither the name nor the user id leaves the service. */
const toInterview = (r: InterviewRecord): InterviewExperience => ({
  _id: r.id,
  companyName: r.companyName,
  role: r.role,
  interviewRounds: r.interviewRounds,
  interviewRoundsDescription: r.interviewRoundsDescription,
  interviewDate: r.interviewDate,
  salary: r.salary,
  interviewDifficulty: r.interviewDifficulty,
  city: r.city,
  jobType: r.jobType,
  linkedinUrl: r.linkedinUrl,
  postedBy: r.uploaderName === null ? null : r.postedBy,
  uploaderName: r.uploaderName,
  createdAt: r.createdAt.toISOString(),
});

export interface Paged<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

/** The careers rules: who may post, delete and share, and what each answer holds. */
export function createCareers(deps: { db: Db; transact: Transact<CareersEvent>; now: () => Date }) {
  const { db, transact, now } = deps;
  const store = createCareersStore(db);

  return {
    /** Newest first; `mine` (signed in only) keeps the user's own posts. */
    async jobs(query: JobListQuery, user: AuthUser | undefined): Promise<Paged<JobPost>> {
      if (query.mine && !user) throw AppError.unauthenticated('Please log in to see your job posts.');
      const found = await store.jobPage(pageWindow(query), query.mine ? user!.id : undefined);
      return {
        items: found.items.map(toJobPost),
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /** The author is the signed-in user, never the body (DESIGN §4). */
    async createJob(user: AuthUser, data: z.output<typeof CreateJobPostRequest>): Promise<JobPost> {
      return transact(async (tx, emit) => {
        const row = await store.insertJob(tx, {
          postedBy: user.id,
          companyName: data.companyName,
          role: data.role,
          jobDescription: data.jobDescription,
          jobType: data.jobType,
          salary: data.salary,
          city: data.city ?? '',
          jobLink: data.jobLink ?? '',
          linkedinUrl: data.linkedinUrl ?? '',
          createdAt: now(),
        });
        await emit('careers.job.posted', { jobId: row.id, postedBy: user.id });
        return toJobPost(row);
      });
    },

    /** For the owner check: a path id that is not a post id is a post that does not exist. */
    async findJob(rawId: string): Promise<JobPostRecord | undefined> {
      const id = RecordId.safeParse(rawId);
      return id.success ? store.findJob(db, id.data) : undefined;
    },

    /** Deletes the author's post (the route checked ownership); a post deleted meanwhile is 404. */
    async deleteJob(user: AuthUser, job: JobPostRecord): Promise<void> {
      await transact(async (tx, emit) => {
        if (!(await store.deleteJob(tx, job.id, user.id)))
          throw AppError.notFound(CAREERS_MESSAGES.jobNotFound);
        await emit('careers.job.deleted', { jobId: job.id, postedBy: user.id });
      });
    },

    async searchInterviews(query: InterviewSearchQuery): Promise<Paged<InterviewExperience>> {
      const found = await store.searchInterviews({
        q: query.q,
        company: query.company,
        sort: query.sort,
        ...pageWindow(query),
      });
      return {
        items: found.items.map(toInterview),
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /** 400 for an id that cannot be one, 404 for one that is not there. */
    async interview(rawId: string): Promise<InterviewExperience> {
      const id = RecordId.safeParse(rawId);
      if (!id.success) throw AppError.badRequest(CAREERS_MESSAGES.interviewIdInvalid, 'INVALID_ID');
      const found = await store.findInterview(id.data);
      if (!found) throw AppError.notFound(CAREERS_MESSAGES.interviewNotFound);
      return toInterview(found);
    },

    /**
     * The rounds' HTML is sanitized here with the shared allow-list (and again in the browser when
     * shown). The date is kept as given, but not after today (a day of grace for time zones).
     */
    async shareInterview(
      user: AuthUser,
      data: z.output<typeof CreateInterviewRequest>,
    ): Promise<InterviewExperience> {
      if (data.interviewDate) {
        const latest = new Date(now().getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
        if (data.interviewDate > latest)
          throw new AppError(400, 'VALIDATION_FAILED', CAREERS_MESSAGES.dateInFuture, [
            { path: 'interviewDate', message: CAREERS_MESSAGES.dateInFuture },
          ]);
      }
      return transact(async (tx, emit) => {
        const row = await store.insertInterview(tx, {
          companyName: data.companyName,
          role: data.role,
          interviewRounds: data.interviewRounds ?? null,
          interviewRoundsDescription: sanitizeRichText(data.interviewRoundsDescription),
          interviewDate: data.interviewDate ?? null,
          salary: data.salary,
          interviewDifficulty: data.interviewDifficulty ?? null,
          city: data.city ?? '',
          jobType: data.jobType ?? null,
          linkedinUrl: data.linkedinUrl ?? '',
          postedBy: user.id,
          uploaderName: data.isAnonymous ? null : user.name,
          createdAt: now(),
        });
        await emit('careers.interview.shared', {
          interviewId: row.id,
          // An anonymous experience names nobody, on the bus as in the API.
          postedBy: data.isAnonymous ? null : user.id,
          companyName: row.companyName,
        });
        return toInterview(row);
      });
    },
  };
}

export type Careers = ReturnType<typeof createCareers>;
