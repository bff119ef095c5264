import { z } from 'zod';
import {
  CreateInterviewRequest,
  CreateJobPostRequest,
  InterviewCreatedResponse,
  InterviewDeletedResponse,
  InterviewExperience,
  InterviewSearchQuery,
  InterviewSearchResponse,
  JobDeletedResponse,
  JobListQuery,
  JobListResponse,
  JobPostResponse,
  JobSearchQuery,
  JobSearchResponse,
  UpdateInterviewRequest,
  UpdateJobPostRequest,
} from '@campus/contracts/careers';
import {
  CAREERS_MESSAGES,
  INTERVIEW_MAX_LIMIT,
  INTERVIEW_MAX_QUERY_LENGTH,
  INTERVIEW_PAGE_SIZE,
  INTERVIEW_SORTS,
  JOB_CLOSING_WITHIN_MAX,
  JOB_MAX_LIMIT,
  JOB_PAGE_SIZE,
  JOB_SEARCH_MAX_LIMIT,
  JOB_SEARCH_PAGE_SIZE,
  JOB_TYPES,
} from '@campus/contracts/careers-rules';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { currentUser } from '@campus/service-kit/auth';
import { requireOwner } from '@campus/service-kit/require-owner';
import type { Response } from 'express';
import type { Careers } from '../domain/careers';

const IdParams = z.object({ id: z.string().meta({ description: 'The record id' }) });

/** An answer that carries what only its author sees (`mine`, why it is hidden) is never kept by a shared cache. */
const privateIf = (res: Response, personal: boolean) => {
  if (personal) res.set('Cache-Control', 'private, no-store');
};

/** The spec's /api/job and /api/interview calls, shaped as its call table says. */
export function createCareersRoutes({ careers }: { careers: Careers }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/job/alljobpost',
      operationId: 'listJobPosts',
      summary:
        "Job posts, newest first, as a bare array (spec). More: ?page=; X-Total-Count, X-Page and X-Pages say how many. ?mine=true: the signed-in user's own",
      access: 'public',
      request: { query: JobListQuery },
      docs: {
        query: z.object({
          mine: z.boolean().optional().meta({ description: "Only the signed-in user's posts (guests: 401)" }),
          ...pageQueryDoc({ defaultLimit: JOB_PAGE_SIZE, maxLimit: JOB_MAX_LIMIT }),
        }),
      },
      response: { description: 'One page of job posts', body: JobListResponse },
      handler: async ({ query, user, res }) => {
        const page = await careers.jobs(query, user);
        res.set({
          'X-Total-Count': String(page.total),
          'X-Page': String(page.page),
          'X-Pages': String(page.pages),
        });
        if (query.mine) res.set('Cache-Control', 'private, no-store');
        return page.items;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/job/search',
      operationId: 'searchJobPosts',
      summary:
        'Search open job posts (not past their apply-by date) by words, type, city, closing within some days, and paid',
      access: 'public',
      request: { query: JobSearchQuery },
      docs: {
        query: z.object({
          q: z.string().max(INTERVIEW_MAX_QUERY_LENGTH).optional().meta({
            description: 'Words of the company, role, city or description (the last one a prefix)',
          }),
          jobType: z.enum(JOB_TYPES).optional(),
          city: z
            .string()
            .max(100)
            .optional()
            .meta({ description: 'City starts with this (any case, accents)' }),
          closingWithinDays: z
            .number()
            .int()
            .min(0)
            .max(JOB_CLOSING_WITHIN_MAX)
            .optional()
            .meta({ description: 'An apply-by date from today to this many days ahead; soonest first' }),
          paid: z
            .boolean()
            .optional()
            .meta({ description: 'Only posts whose salary or stipend has a figure' }),
          ...pageQueryDoc({ defaultLimit: JOB_SEARCH_PAGE_SIZE, maxLimit: JOB_SEARCH_MAX_LIMIT }),
        }),
      },
      response: {
        description: 'One page of open job posts and the number of pages',
        body: JobSearchResponse,
      },
      handler: async ({ query, user }) => {
        const page = await careers.searchJobs(query, user);
        return {
          success: true as const,
          message: page.total === 0 ? 'No job posts found' : 'Job posts found',
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/job/createjobpost',
      operationId: 'createJobPost',
      summary: 'Post a job (postedBy is the signed-in user, whatever the body says)',
      access: 'user',
      idempotencyKey: true,
      request: { body: CreateJobPostRequest },
      response: { status: 201, description: 'The created job post', body: JobPostResponse },
      handler: ({ user, body }) => careers.createJob(user, body),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/job/jobpost/:id',
      operationId: 'updateJobPost',
      summary:
        'Edit a job post (its author only): any of the create fields, blank clears an optional one; answers the post with editedAt',
      access: 'user',
      request: { params: IdParams, body: UpdateJobPostRequest },
      response: { description: 'The edited job post', body: JobPostResponse },
      errors: { 403: 'Not its author', 404: 'No such job post' },
      handler: async ({ req, params, body }) => {
        const { user, resource } = await requireOwner(req, {
          load: () => careers.findJob(params.id, currentUser(req)),
          ownerOf: (job) => job.postedBy,
          notFoundMessage: CAREERS_MESSAGES.jobNotFound,
          forbiddenMessage: CAREERS_MESSAGES.jobNotYoursToEdit,
        });
        return careers.editJob(user, resource, body);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/job/jobpost/:id',
      operationId: 'deleteJobPost',
      summary: 'Delete a job post (its author only)',
      access: 'user',
      request: { params: IdParams },
      response: { description: 'Deleted', body: JobDeletedResponse },
      errors: { 403: 'Not its author', 404: 'No such job post' },
      handler: async ({ req, params }) => {
        const { user, resource } = await requireOwner(req, {
          load: () => careers.findJob(params.id, currentUser(req)),
          ownerOf: (job) => job.postedBy,
          notFoundMessage: CAREERS_MESSAGES.jobNotFound,
          forbiddenMessage: CAREERS_MESSAGES.jobNotYours,
        });
        await careers.deleteJob(user, resource);
        return { success: true as const, message: CAREERS_MESSAGES.jobDeleted, data: { _id: resource.id } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/interview/search',
      operationId: 'searchInterviews',
      summary:
        'Search interview experiences by company, role and text (ranked, prefix-friendly), filter by company, sort by interview date',
      access: 'public',
      request: { query: InterviewSearchQuery },
      docs: {
        query: z.object({
          q: z.string().max(INTERVIEW_MAX_QUERY_LENGTH).optional(),
          company: z.string().max(100).optional().meta({ description: 'Company name starts with this' }),
          sort: z.enum(INTERVIEW_SORTS).optional().meta({ description: 'Default: newest shared first' }),
          ...pageQueryDoc({ defaultLimit: INTERVIEW_PAGE_SIZE, maxLimit: INTERVIEW_MAX_LIMIT }),
        }),
      },
      response: {
        description: 'One page of experiences and the number of pages',
        body: InterviewSearchResponse,
      },
      handler: async ({ query, user, res }) => {
        const page = await careers.searchInterviews(query, user);
        privateIf(
          res,
          page.items.some((i) => i.mine),
        );
        return {
          success: true as const,
          message: page.total === 0 ? CAREERS_MESSAGES.searchEmpty : CAREERS_MESSAGES.searchFound,
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/interview/create',
      operationId: 'createInterview',
      summary:
        'Share an interview experience (rounds HTML sanitized; uploaderName from the session unless anonymous)',
      access: 'user',
      idempotencyKey: true,
      request: { body: CreateInterviewRequest },
      response: { status: 201, description: 'Shared', body: InterviewCreatedResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: CAREERS_MESSAGES.interviewCreated,
        data: await careers.shareInterview(user, body),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/interview/:id',
      operationId: 'getInterview',
      summary:
        "One interview experience (a hidden one only to its author, with the moderator's reason; mine: true for its author)",
      access: 'public',
      request: { params: IdParams },
      response: { description: 'The interview record', body: InterviewExperience },
      errors: { 404: 'No such interview experience' },
      handler: async ({ params, user, res }) => {
        const interview = await careers.interview(params.id, user);
        privateIf(res, interview.mine === true);
        return interview;
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/api/interview/:id',
      operationId: 'updateInterview',
      summary:
        'Edit an interview experience (its author only, anonymous ones too): any of the share fields, rounds HTML sanitized as on create; anonymity is not editable',
      access: 'user',
      request: { params: IdParams, body: UpdateInterviewRequest },
      response: { description: 'The edited experience', body: InterviewExperience },
      errors: { 403: 'Not its author', 404: 'No such interview experience' },
      handler: async ({ req, params, body, res }) => {
        const { user, resource } = await requireOwner(req, {
          load: () => careers.findInterview(params.id, currentUser(req)),
          // One whose author deleted their account is nobody's ('' is no user's id).
          ownerOf: (interview) => interview.postedBy ?? '',
          notFoundMessage: CAREERS_MESSAGES.interviewNotFound,
          forbiddenMessage: CAREERS_MESSAGES.interviewNotYoursToEdit,
        });
        privateIf(res, true);
        return careers.editInterview(user, resource, body);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/interview/:id',
      operationId: 'deleteInterview',
      summary: 'Delete an interview experience (its author only, anonymous ones too)',
      access: 'user',
      request: { params: IdParams },
      response: { description: 'Deleted', body: InterviewDeletedResponse },
      errors: { 403: 'Not its author', 404: 'No such interview experience' },
      handler: async ({ req, params }) => {
        const { user, resource } = await requireOwner(req, {
          load: () => careers.findInterview(params.id, currentUser(req)),
          // One whose author deleted their account is nobody's ('' is no user's id).
          ownerOf: (interview) => interview.postedBy ?? '',
          notFoundMessage: CAREERS_MESSAGES.interviewNotFound,
          forbiddenMessage: CAREERS_MESSAGES.interviewNotYoursToDelete,
        });
        await careers.deleteInterview(user, resource);
        return {
          success: true as const,
          message: CAREERS_MESSAGES.interviewDeleted,
          data: { _id: resource.id },
        };
      },
    }),
  ];
}
