import {
  InterviewSearchResponse,
  JobListResponse,
  type InterviewExperience,
  type JobPost,
} from '@campus/contracts/careers';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply } from '@campus/web-kit/testing/api-replies';

export const student: SessionUser = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: false,
};

export function job(id: string, companyName: string, change: Partial<JobPost> = {}): JobPost {
  return {
    _id: id,
    postedBy: 'u-student',
    companyName,
    role: 'Backend Intern',
    jobDescription: 'Go and SQL.',
    jobType: 'Intern',
    salary: '50,000 / month',
    city: 'Pune',
    jobLink: 'https://jobs.example.com/1',
    linkedinUrl: '',
    createdAt: '2026-03-01T09:00:00.000Z',
    editedAt: null,
    ...change,
  };
}

export function interview(
  id: string,
  companyName: string,
  change: Partial<InterviewExperience> = {},
): InterviewExperience {
  return {
    _id: id,
    companyName,
    role: 'SDE Intern',
    interviewRounds: 3,
    interviewRoundsDescription: '<p>Two <strong>graph</strong> problems</p>',
    interviewDate: '2026-01-15',
    salary: '1 L / month',
    interviewDifficulty: 'Hard',
    city: 'Bengaluru',
    jobType: 'Intern',
    linkedinUrl: '',
    postedBy: 'u-student',
    uploaderName: 'Asha Rao',
    createdAt: '2026-03-01T09:00:00.000Z',
    editedAt: null,
    ...change,
  };
}

export const jobList = (jobs: JobPost[], match = '/api/job/alljobpost') =>
  contractReply(JobListResponse, jobs, { match });

export const interviewPage = (
  items: InterviewExperience[],
  pages = items.length ? 1 : 0,
  match = '/api/interview/search',
) =>
  contractReply(
    InterviewSearchResponse,
    {
      success: true,
      message: items.length
        ? 'Interview experiences found'
        : 'No interview experiences found matching your criteria',
      data: items,
      page: 1,
      pages,
      total: items.length,
    },
    { match },
  );
