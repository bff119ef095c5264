import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import type { PersonalData } from '@campus/service-kit/personal-data';
import { createCareersStore, type InterviewRecord, type JobPostRecord } from '../data/careers-store';
import { createTrackerStore } from '../data/tracker-store';
import type { CareersEvent } from './careers';

/** What a named experience says as its author once they deleted their account and kept what they wrote. */
export const DELETED_USER_NAME = 'Deleted user';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Why a moderator hid it, when one did: the author's own to know. */
const moderationOf = (r: JobPostRecord | InterviewRecord) =>
  r.moderation === 'hidden' ? { state: 'hidden' as const, reason: r.moderationReason ?? '' } : null;

const jobExport = (r: JobPostRecord) => ({
  id: r.id,
  companyName: r.companyName,
  role: r.role,
  jobDescription: r.jobDescription,
  jobType: r.jobType,
  salary: r.salary,
  city: r.city,
  jobLink: r.jobLink,
  linkedinUrl: r.linkedinUrl,
  createdAt: r.createdAt.toISOString(),
  editedAt: iso(r.editedAt),
  /** The name from their session the service keeps beside the post (for moderators' events). */
  authorName: r.authorName,
  moderation: moderationOf(r),
});

const interviewExport = (r: InterviewRecord) => ({
  id: r.id,
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
  /** Shared anonymously: nobody else is told who wrote it, but it is still theirs. */
  anonymous: r.uploaderName === null,
  uploaderName: r.uploaderName,
  authorName: r.authorName,
  createdAt: r.createdAt.toISOString(),
  editedAt: iso(r.editedAt),
  moderation: moderationOf(r),
});

/**
 * What careers holds about a person (issue 26 §3): the job posts they posted and the interview
 * experiences they shared (anonymous ones too: they are theirs), each with the name the service
 * kept beside it. It keeps no members directory. On account deletion job posts go whatever the
 * choice (a post is an offer someone must answer for); experiences go, or stay with no author id,
 * no name and no LinkedIn profile. Nothing is emitted: profile and moderation forget the person on
 * the same identity.user.deleted, and any event about these items would name them.
 */
export function createCareersPersonalData(deps: { db: Db }): PersonalData<CareersEvent> {
  const store = createCareersStore(deps.db);
  const tracker = createTrackerStore(deps.db);
  return {
    async export(user: AuthUser) {
      const [jobs, interviews, tracks] = await Promise.all([
        store.jobsBy(user.id),
        store.interviewsBy(user.id),
        tracker.tracksBy(user.id),
      ]);
      return {
        'job-posts.json': jobs.map(jobExport),
        'interview-experiences.json': interviews.map(interviewExport),
        // Their application tracker (issue 28): which posts, each status with its date, the note.
        'job-tracker.json': tracks.map((t) => ({
          jobId: t.jobId,
          status: t.status,
          note: t.note,
          history: t.history,
          createdAt: t.createdAt.toISOString(),
          updatedAt: t.updatedAt.toISOString(),
        })),
      };
    },

    async forget(tx, { userId, contributions }) {
      // Their tracker goes whatever the choice (it was theirs alone); then their posts, and with
      // them everyone's tracking of those posts (the foreign key cascades).
      await tracker.deleteTracksBy(tx, userId);
      await store.deleteJobsBy(tx, userId);
      if (contributions === 'delete') await store.deleteInterviewsBy(tx, userId);
      else await store.anonymiseInterviewsBy(tx, userId, DELETED_USER_NAME);
    },
  };
}
