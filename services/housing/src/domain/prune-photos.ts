import type { Logger } from 'pino';
import type { Db } from '@campus/service-kit/db';
import { createScheduledJob, type ScheduledJob } from '@campus/service-kit/scheduled-job';
import { photoStore } from '../data/photo-store';
import { scheduledJobs } from '../data/schema';

export const PRUNE_PHOTOS_JOB = 'prune-unused-photos';
/** How often the prune runs (once across replicas). */
export const PRUNE_PHOTOS_EVERY_MS = 60 * 60 * 1000;
/** A photo uploaded but put on no request goes after a day (a form left open that long uploads again). */
export const UNUSED_PHOTO_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;
const MAX_BATCHES = 20;

/**
 * Deletes photos no request took a day after their upload, with the blobs nothing else names. A
 * scheduled job: once per hour across every replica, on the service's clock (tests move it).
 */
export function createPrunePhotosJob(deps: { db: Db; logger: Logger; now: () => Date }): ScheduledJob {
  return createScheduledJob({
    name: PRUNE_PHOTOS_JOB,
    everyMs: PRUNE_PHOTOS_EVERY_MS,
    db: deps.db,
    table: scheduledJobs,
    logger: deps.logger,
    now: deps.now,
    run: async ({ tx, now, logger }) => {
      const removed = { photos: 0, blobs: 0 };
      for (let i = 0; i < MAX_BATCHES; i++) {
        const batch = await photoStore.pruneUnused(tx, new Date(now.getTime() - UNUSED_PHOTO_MS), BATCH);
        removed.photos += batch.photos;
        removed.blobs += batch.blobs;
        if (batch.photos < BATCH) break;
      }
      if (removed.photos > 0) logger.info(removed, 'unused flat photos removed');
    },
  });
}
