import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@campus/contracts/api-operation';
import type { InterviewExperience, JobPost, TrackedJob } from '@campus/contracts/careers';
import {
  CAREERS_MESSAGES,
  INTERVIEW_PAGE_SIZE,
  JOB_PAGE_SIZE,
  JOB_SEARCH_PAGE_SIZE,
  type InterviewSort,
  type JobType,
  type TrackStatus,
} from '@campus/contracts/careers-rules';
import { careersApi } from '@campus/contracts/generated/careers-api';
import { useToast } from '@campus/ui/toast';
import type { ApiClient } from '@campus/web-kit/api-client';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

/** The jobs page's search (issue 28); all blank is the spec's list. */
export interface JobFilters {
  q: string;
  jobType: '' | JobType;
  city: string;
  /** '' or a number of days. */
  closing: string;
  paid: boolean;
}

export const isJobSearch = (f: JobFilters) =>
  Boolean(f.q.trim() || f.jobType || f.city.trim() || f.closing || f.paid);

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
  jobSearch: (filters: JobFilters) => ['careers', 'jobs', 'search', filters] as const,
  searches: ['careers', 'interviews', 'search'] as const,
  search: (filters: InterviewFilters) => ['careers', 'interviews', 'search', filters] as const,
  interview: (id: string) => ['careers', 'interviews', 'one', id] as const,
  company: (slug: string) => ['careers', 'companies', slug] as const,
  tracker: (userId: string) => ['careers', 'tracker', userId] as const,
};

/** How the tracker's statuses read (issue 28): Saved -> Applied -> Interviewing -> Offer / Rejected. */
export const TRACK_STATUS_LABELS: Record<TrackStatus, string> = {
  saved: 'Saved',
  applied: 'Applied',
  interviewing: 'Interviewing',
  offer: 'Offer',
  rejected: 'Rejected',
};

/**
 * The signed-in student's tracked jobs (careersApi.getJobTracker), latest change first; nothing is
 * asked for a guest (or while `enabled` is false). The job cards read their own state from it, so
 * one request serves the whole list.
 */
export function useTracker({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { user } = useAuth();
  return useQuery({
    queryKey: careersQueryKeys.tracker(user?._id ?? ''),
    queryFn: async ({ signal }) => (await api.call(careersApi.getJobTracker, { signal })).data,
    enabled: enabled && Boolean(user),
  });
}

/** A new status (or note) for one job: `none` stops tracking it. */
export interface TrackChange {
  jobId: string;
  status: TrackStatus | 'none';
  note?: string;
}

/**
 * Sets the student's status or note for a job (careersApi.trackJob); the tracker takes the answer
 * at once (moved to the top, or removed after `none`), so every card and the tracker page agree.
 */
export function useTrackJob() {
  const api = useApiClient();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, status, note }: TrackChange) =>
      api.call(careersApi.trackJob, {
        params: { id: jobId },
        body: { status, ...(note === undefined ? {} : { note }) },
      }),
    onSuccess: (answer, { jobId }) => {
      const key = careersQueryKeys.tracker(user?._id ?? '');
      queryClient.setQueryData<TrackedJob[]>(key, (tracked) => {
        const others = (tracked ?? []).filter((t) => t.job._id !== jobId);
        return answer.data ? [answer.data, ...others] : others;
      });
    },
  });
}

/**
 * One page of the job posts (careersApi.listJobPosts: a bare array; a full page means there may be
 * more). All posts' first page is `?page=1&limit=50`, the read the first HTML preloads
 * (service-registry.ts writes it with the same query); `mine` is only sent when true.
 */
export async function fetchJobPage(
  api: ApiClient,
  mine: boolean,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<JobPost>> {
  const items = await api.call(careersApi.listJobPosts, {
    query: { page, limit: JOB_PAGE_SIZE, mine: mine || undefined },
    signal,
  });
  return { items, hasMore: items.length === JOB_PAGE_SIZE };
}

/** One page of the job search (careersApi.searchJobPosts); blank filters are left out of the URL. */
export async function fetchJobSearchPage(
  api: ApiClient,
  filters: JobFilters,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<JobPost>> {
  const body = await api.call(careersApi.searchJobPosts, {
    query: {
      q: filters.q.trim() || undefined,
      jobType: filters.jobType || undefined,
      city: filters.city.trim() || undefined,
      closingWithinDays: filters.closing ? Number(filters.closing) : undefined,
      paid: filters.paid || undefined,
      page,
      limit: JOB_SEARCH_PAGE_SIZE,
    },
    signal,
  });
  return { items: body.data, hasMore: page < body.pages };
}

/**
 * One page of the interview search (careersApi.searchInterviews); blank filters and the default
 * order are left out of the URL, and `success: false` counts as a failure (spec §8).
 */
export async function fetchInterviewPage(
  api: ApiClient,
  filters: InterviewFilters,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<InterviewExperience>> {
  const body = await api.call(careersApi.searchInterviews, {
    query: {
      q: filters.q.trim() || undefined,
      company: filters.company.trim() || undefined,
      sort: filters.sort || undefined,
      page,
      limit: INTERVIEW_PAGE_SIZE,
    },
    signal,
  });
  if (!body.success) throw new Error((body as { message?: string }).message ?? 'Unknown error');
  return { items: body.data, hasMore: page < body.pages };
}

/** One interview experience (careersApi.getInterview). */
export function useInterview(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: careersQueryKeys.interview(id),
    queryFn: ({ signal }) => api.call(careersApi.getInterview, { params: { id }, signal }),
    retry: false,
  });
}

/** The detail page's path: /interviews/{companyname}/{id}. */
export const interviewPath = (interview: Pick<InterviewExperience, '_id' | 'companyName'>) =>
  `/interviews/${encodeURIComponent(interview.companyName)}/${encodeURIComponent(interview._id)}`;

/** Posts a job (careersApi.createJobPost); the service takes its author from the session. */
export const createJobPost = (
  api: ApiClient,
  job: BodyOf<typeof careersApi.createJobPost>,
  idempotencyKey?: string,
) => api.call(careersApi.createJobPost, { body: job, idempotencyKey });

/** Shares an interview experience (careersApi.createInterview); the service takes its author from the session. */
export const createInterview = (
  api: ApiClient,
  interview: BodyOf<typeof careersApi.createInterview>,
  idempotencyKey?: string,
) => api.call(careersApi.createInterview, { body: interview, idempotencyKey });

/** Saves the author's edit of a job post (careersApi.updateJobPost); the service checks it is theirs. */
export const updateJobPost = (api: ApiClient, id: string, job: BodyOf<typeof careersApi.updateJobPost>) =>
  api.call(careersApi.updateJobPost, { params: { id }, body: job });

/** Saves the author's edit of an interview experience (careersApi.updateInterview), anonymous ones too. */
export const updateInterview = (
  api: ApiClient,
  id: string,
  interview: BodyOf<typeof careersApi.updateInterview>,
) => api.call(careersApi.updateInterview, { params: { id }, body: interview });

/** The toasts of an edit saved, and of an interview experience deleted. */
export const CAREERS_EDIT_MESSAGES = {
  jobSaved: 'Job post updated',
  interviewSaved: 'Interview experience updated',
  interviewDeleteFailed: 'Failed to delete the interview experience',
} as const;

/**
 * Deletes the author's interview experience (careersApi.deleteInterview): it leaves every list and
 * its page at once; `onDeleted` says where to go (the detail page goes back to the listings).
 */
export function useDeleteInterview(onDeleted?: () => void) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => api.call(careersApi.deleteInterview, { params: { id } }),
    onSuccess: (_answer, id) => {
      toast.success(CAREERS_MESSAGES.interviewDeleted);
      // Leave its page first, so nothing asks for the experience that is gone.
      onDeleted?.();
      queryClient.removeQueries({ queryKey: careersQueryKeys.interview(id) });
      void queryClient.invalidateQueries({ queryKey: careersQueryKeys.searches });
    },
    onError: (error) => {
      console.error('Interview delete failed', error);
      toast.error(CAREERS_EDIT_MESSAGES.interviewDeleteFailed);
    },
  });
}

/**
 * Deletes a job post (careersApi.deleteJobPost): 'Job Post Deleted', the post leaves the lists at once, and the page
 * stays where it is (issue 23; the spec's jump to /jobs lost the user's place); failure: 'Failed
 * to delete the job post' (spec §8).
 */
export function useDeleteJob() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (jobId: string) => api.call(careersApi.deleteJobPost, { params: { id: jobId } }),
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
