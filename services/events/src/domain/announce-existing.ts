import type { Logger } from 'pino';
import type { ContentChangedPayload } from '@campus/contracts/events';
import { EVENT_LIFETIME_MS } from '@campus/contracts/events-domain-rules';
import { createAnnounceExistingContentJob } from '@campus/service-kit/announce-existing-content';
import type { Db } from '@campus/service-kit/db';
import type { ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createEventStore } from '../data/event-store';
import { outbox, scheduledJobs } from '../data/schema';
import { snapshot } from './campus-events';

/**
 * Live events posted before moderation existed, announced to it once (the kit's job; migration
 * 0003 gave them version 0). An event past its lifetime is left to the expiry.
 */
export function createAnnounceExistingJob(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  checkEveryMs?: number;
}): ScheduledJob {
  const store = createEventStore(deps.db);
  return createAnnounceExistingContentJob({
    ...deps,
    event: 'events.content.changed',
    items: 'events',
    scheduledJobs,
    outbox,
    claim: async (tx, limit, now) => {
      const since = new Date(now.getTime() - EVENT_LIFETIME_MS);
      const payloads: ContentChangedPayload[] = [];
      for (const id of await store.neverAnnounced(tx, since, limit)) {
        // Only while still 0: an edit that got there first (version 1, 'edited') has announced it.
        if (!(await store.markAnnounced(tx, id))) continue;
        const record = await store.find(tx, id, since);
        if (record) payloads.push(snapshot(record, 'published', record.version, record.createdAt));
      }
      return payloads;
    },
  });
}
