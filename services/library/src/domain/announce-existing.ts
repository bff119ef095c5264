import type { Logger } from 'pino';
import type { ContentChangedPayload } from '@campus/contracts/events';
import { createAnnounceExistingContentJob } from '@campus/service-kit/announce-existing-content';
import type { Db } from '@campus/service-kit/db';
import type { ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createBookStore } from '../data/book-store';
import { outbox, scheduledJobs } from '../data/schema';
import { bookContent } from './books';

/** Books uploaded before moderation existed, announced to it once (the kit's job; migration 0004 gave them version 0). */
export function createAnnounceExistingJob(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  checkEveryMs?: number;
}): ScheduledJob {
  const store = createBookStore(deps.db);
  return createAnnounceExistingContentJob({
    ...deps,
    event: 'library.content.changed',
    items: 'books',
    scheduledJobs,
    outbox,
    claim: async (tx, limit) => {
      const payloads: ContentChangedPayload[] = [];
      for (const id of await store.neverAnnounced(tx, limit)) {
        // Only while still 0: an edit that got there first (version 1, 'edited') has announced it.
        const row = await store.markAnnounced(tx, id);
        if (row) payloads.push(bookContent(row, 'published', row.version, row.createdAt));
      }
      return payloads;
    },
  });
}
