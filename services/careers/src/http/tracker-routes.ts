import { z } from 'zod';
import { TrackerResponse, TrackJobRequest, TrackJobResponse } from '@campus/contracts/careers';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Tracker } from '../domain/tracker';

const IdParams = z.object({ id: z.string().meta({ description: 'The job post id' }) });

/** The application tracker (issue 28): private to each student, never anyone else's. */
export function createTrackerRoutes({ tracker }: { tracker: Tracker }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/job/tracker',
      operationId: 'getJobTracker',
      summary:
        "The signed-in student's tracked job posts: status, each status's date, note (latest change first)",
      access: 'user',
      response: { description: 'Their tracked jobs', body: TrackerResponse },
      handler: async ({ user, res }) => {
        res.set('Cache-Control', 'private, no-store');
        return { success: true as const, data: await tracker.tracker(user) };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/job/:id/track',
      operationId: 'trackJob',
      summary:
        "Set the signed-in student's status for a job post (saved, applied, interviewing, offer, rejected) and note; none stops tracking it",
      access: 'user',
      request: { params: IdParams, body: TrackJobRequest },
      response: { description: 'The tracked job, or null once untracked', body: TrackJobResponse },
      errors: { 404: 'No such job post' },
      handler: async ({ user, params, body, res }) => {
        res.set('Cache-Control', 'private, no-store');
        return { success: true as const, data: await tracker.track(user, params.id, body) };
      },
    }),
  ];
}
