import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInterviewRequest,
  CreateJobPostRequest,
  InterviewCreatedResponse,
  InterviewExperience,
  InterviewSearchResponse,
  JobDeletedResponse,
  JobListResponse,
  JobPost,
} from '@campus/contracts/careers';
import {
  CAREERS_MESSAGES,
  INTERVIEW_PAGE_SIZE,
  JOB_PAGE_SIZE,
  type InterviewSort,
} from '@campus/contracts/careers-rules';
import { useToast } from '@campus/ui/toast';
import type { ApiClient } from '@campus/web-kit/api-client';
import { useApiClient } from '@campus/web-kit/auth-context';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

export interface InterviewFilters {
  q: string;
  company: string;
  sort: '' | InterviewSort;
}

/** Every careers query lives under `careersQueryKeys.all`. */
export const careersQueryKeys = {
  all: ['careers'] as const,
  jobs: ['careers', 'jobs'] as const,
  jobList: (mine: boolean, userId: string | undefined) => ['careers', 'jobs', mine ? userId : 'all'] as const,
  searches: ['careers', 'interviews', 'search'] as const,
  search: (filters: InterviewFilters) => ['careers', 'interviews', 'search', filters] as const,
  interview: (id: string) => ['careers', 'interviews', 'one', id] as const,
};

/** One page of GET /api/job/alljobpost (a bare array; a full page means there may be more). */
export async function fetchJobPage(
  api: ApiClient,
  mine: boolean,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<JobPost>> {
  const items = await api.get<JobListResponse>('/api/job/alljobpost', {
    query: { page, limit: JOB_PAGE_SIZE, mine: mine ? 'true' : undefined },
    signal,
  });
  return { items, hasMore: items.length === JOB_PAGE_SIZE };
}

/** One page of GET /api/interview/search; `success: false` counts as a failure (spec §8). */
export async function fetchInterviewPage(
  api: ApiClient,
  filters: InterviewFilters,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<InterviewExperience>> {
  const body = await api.get<InterviewSearchResponse>('/api/interview/search', {
    query: {
      q: filters.q.trim(),
      company: filters.company.trim(),
      sort: filters.sort,
      page,
      limit: INTERVIEW_PAGE_SIZE,
    },
    signal,
  });
  if (!body.success) throw new Error((body as { message?: string }).message ?? 'Unknown error');
  return { items: body.data, hasMore: page < body.pages };
}

/** GET /api/interview/{id}. */
export function useInterview(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: careersQueryKeys.interview(id),
    queryFn: ({ signal }) =>
      api.get<InterviewExperience>(`/api/interview/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** The detail page's path: /interviews/{companyname}/{id}. */
export const interviewPath = (interview: Pick<InterviewExperience, '_id' | 'companyName'>) =>
  `/interviews/${encodeURIComponent(interview.companyName)}/${encodeURIComponent(interview._id)}`;

export const createJobPost = (
  api: ApiClient,
  job: CreateJobPostRequest & { postedBy: string },
  idempotencyKey?: string,
) => api.post<JobPost>('/api/job/createjobpost', job, { idempotencyKey });

export const createInterview = (api: ApiClient, interview: CreateInterviewRequest, idempotencyKey?: string) =>
  api.post<InterviewCreatedResponse>('/api/interview/create', interview, { idempotencyKey });

/**
 * DELETE /api/job/jobpost/{id}: 'Job Post Deleted', the post leaves the lists at once, and the page
 * stays where it is (issue 23; the spec's jump to /jobs lost the user's place); failure: 'Failed
 * to delete the job post' (spec §8).
 */
export function useDeleteJob() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (jobId: string) =>
      api.delete<JobDeletedResponse>(`/api/job/jobpost/${encodeURIComponent(jobId)}`),
    onSuccess: () => {
      toast.success(CAREERS_MESSAGES.jobDeleted);
      void queryClient.invalidateQueries({ queryKey: careersQueryKeys.jobs });
    },
    onError: (error) => {
      console.error('Job delete failed', error);
      toast.error('Failed to delete the job post');
    },
  });
}
