import { z } from 'zod';
import {
  CreateInterviewRequest,
  CreateJobPostRequest,
  InterviewCreatedResponse,
  InterviewExperience,
  InterviewSearchQuery,
  InterviewSearchResponse,
  JobDeletedResponse,
  JobListQuery,
  JobListResponse,
  JobPostResponse,
} from '@campus/contracts/careers';
import {
  CAREERS_MESSAGES,
  INTERVIEW_MAX_LIMIT,
  INTERVIEW_MAX_QUERY_LENGTH,
  INTERVIEW_PAGE_SIZE,
  INTERVIEW_SORTS,
  JOB_MAX_LIMIT,
  JOB_PAGE_SIZE,
} from '@campus/contracts/careers-rules';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { requireOwner } from '@campus/service-kit/require-owner';
import type { Careers } from '../domain/careers';

const IdParams = z.object({ id: z.string().meta({ description: 'The record id' }) });

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
          load: () => careers.findJob(params.id),
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
      handler: async ({ query }) => {
        const page = await careers.searchInterviews(query);
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
      summary: 'One interview experience',
      access: 'public',
      request: { params: IdParams },
      response: { description: 'The interview record', body: InterviewExperience },
      errors: { 404: 'No such interview experience' },
      handler: ({ params }) => careers.interview(params.id),
    }),
  ];
}
