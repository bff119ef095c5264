import type { Logger } from 'pino';
import type { ContentChangedPayload } from '@campus/contracts/events';
import { createAnnounceExistingContentJob } from '@campus/service-kit/announce-existing-content';
import type { Db } from '@campus/service-kit/db';
import type { ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createCareersStore } from '../data/careers-store';
import { outbox, scheduledJobs } from '../data/schema';
import { interviewChanged, jobChanged } from './careers';

/**
 * Job posts and interview experiences shared before moderation existed, announced to it once (the
 * kit's job; migration 0005 gave them version 0), job posts first. An experience whose author has
 * since deleted their account (no author id) cannot be announced (the event names its author) and
 * is left as it is.
 */
export function createAnnounceExistingJob(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  checkEveryMs?: number;
}): ScheduledJob {
  const store = createCareersStore(deps.db);
  return createAnnounceExistingContentJob({
    ...deps,
    event: 'careers.content.changed',
    items: 'job posts and interview experiences',
    scheduledJobs,
    outbox,
    claim: async (tx, limit) => {
      const jobs = await store.unannouncedJobs(tx, limit);
      const interviews =
        jobs.length < limit ? await store.unannouncedInterviews(tx, limit - jobs.length) : [];
      await store.markAnnounced(tx, {
        jobs: jobs.map((j) => j.id),
        interviews: interviews.map((i) => i.id),
      });
      const payloads: ContentChangedPayload[] = jobs.map((job) =>
        jobChanged(job, 'published', 1, job.createdAt),
      );
      for (const interview of interviews)
        // The query leaves authorless ones out; the type does not know.
        if (interview.postedBy !== null)
          payloads.push(interviewChanged(interview, interview.postedBy, 'published', 1, interview.createdAt));
      return payloads;
    },
  });
}
