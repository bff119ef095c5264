import type { Logger } from 'pino';
import type { Db } from '@campus/service-kit/db';
import { createScheduledJob, type ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createCampaignStore } from '../data/campaign-store';
import { scheduledJobs } from '../data/schema';

export const PRUNE_INTENTS_JOB = 'prune-unused-pledge-intents';
/** How often the prune runs (once across replicas): an unused intent lives its retention plus at most this. */
export const PRUNE_INTENTS_EVERY_MS = 60 * 60 * 1000;
/**
 * How long a pledge intent no pledge names is kept after it was asked for. A UPI link is paid within
 * minutes; a week leaves a donor who paid and forgot to record it time to come back with its
 * reference (after that they record the pledge by its UTR alone). Far above the hour the creation
 * cap counts, so pruning never changes what that cap sees.
 */
export const UNUSED_INTENT_RETENTION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;
const MAX_BATCHES = 20;

/**
 * Deletes pledge intents that no pledge names, UNUSED_INTENT_RETENTION_DAYS after they were asked
 * for; an intent a pledge names (its payment reference) stays as long as the pledge. A scheduled
 * job: once per hour across every replica (the database's row lock decides), on the service's
 * clock, so tests move the clock instead of waiting.
 */
export function createPrunePledgeIntentsJob(deps: { db: Db; logger: Logger; now: () => Date }): ScheduledJob {
  const store = createCampaignStore(deps.db);
  return createScheduledJob({
    name: PRUNE_INTENTS_JOB,
    everyMs: PRUNE_INTENTS_EVERY_MS,
    db: deps.db,
    table: scheduledJobs,
    logger: deps.logger,
    now: deps.now,
    run: async ({ tx, now, logger }) => {
      const cutoff = new Date(now.getTime() - UNUSED_INTENT_RETENTION_DAYS * DAY_MS);
      let deleted = 0;
      for (let i = 0; i < MAX_BATCHES; i++) {
        const batch = await store.pruneUnusedIntents(tx, cutoff, BATCH);
        deleted += batch;
        if (batch < BATCH) break;
      }
      if (deleted > 0) logger.info({ deleted }, 'unused pledge intents pruned');
    },
  });
}
