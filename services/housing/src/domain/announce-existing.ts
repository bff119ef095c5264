import type { Logger } from 'pino';
import { createAnnounceExistingContentJob } from '@campus/service-kit/announce-existing-content';
import type { Db } from '@campus/service-kit/db';
import type { ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createFlatStore } from '../data/flat-store';
import { outbox, scheduledJobs } from '../data/schema';
import { snapshotOf } from './flats';

/**
 * Flat requests made before moderation existed, announced to it once (the kit's job; migration
 * 0003 gave them version 0), with the owner's name from the members directory.
 */
export function createAnnounceExistingJob(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  checkEveryMs?: number;
}): ScheduledJob {
  const store = createFlatStore(deps.db);
  return createAnnounceExistingContentJob({
    ...deps,
    event: 'housing.content.changed',
    items: 'flat requests',
    scheduledJobs,
    outbox,
    claim: async (tx, limit) => {
      const flats = await store.unannounced(tx, limit);
      await store.markAnnounced(
        tx,
        flats.map((f) => f.id),
      );
      return flats.map((flat) => snapshotOf(flat, flat.userName ?? '', 'published', 1, flat.createdAt));
    },
  });
}
