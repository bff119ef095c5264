import { z } from 'zod';
import type { TrackedJob, TrackJobRequest } from '@campus/contracts/careers';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import { createCareersStore, type JobPostRecord } from '../data/careers-store';
import { createTrackerStore, type TrackHistory, type TrackRecord } from '../data/tracker-store';
import { toJobPost } from './careers';

const RecordId = z.uuid();

const toTracked = (t: TrackRecord, job: JobPostRecord, viewerId: string): TrackedJob => ({
  job: toJobPost(job, viewerId),
  status: t.status,
  note: t.note,
  history: t.history as TrackHistory,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** A hidden post is only its author's to see (as everywhere else). */
const visibleTo = (job: JobPostRecord, userId: string) =>
  job.moderation !== 'hidden' || job.postedBy === userId;

/**
 * The application tracker (issue 28): each student's own statuses for job posts, never anyone
 * else's. A hidden post (not theirs) cannot be tracked and is left out of their tracker; a deleted
 * one leaves every tracker with it (the foreign key cascades).
 */
export function createTracker(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const jobs = createCareersStore(db);
  const store = createTrackerStore(db);

  return {
    async track(
      user: AuthUser,
      rawId: string,
      body: z.output<typeof TrackJobRequest>,
    ): Promise<TrackedJob | null> {
      const id = RecordId.safeParse(rawId);
      const job = id.success ? await jobs.findJob(db, id.data) : undefined;
      if (!job || !visibleTo(job, user.id)) throw AppError.notFound(CAREERS_MESSAGES.jobNotFound);
      if (body.status === 'none') {
        await store.remove(user.id, job.id);
        return null;
      }
      const row = await store.set(user.id, job.id, body.status, body.note, now());
      return toTracked(row, job, user.id);
    },

    /** The student's own tracked jobs, latest change first. */
    async tracker(user: AuthUser): Promise<TrackedJob[]> {
      const rows = await store.trackerOf(user.id);
      return rows.filter((r) => visibleTo(r.job, user.id)).map((r) => toTracked(r.track, r.job, user.id));
    },
  };
}

export type Tracker = ReturnType<typeof createTracker>;
