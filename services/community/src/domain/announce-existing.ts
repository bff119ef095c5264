import type { Logger } from 'pino';
import type { ContentChangedPayload } from '@campus/contracts/events';
import { createAnnounceExistingContentJob } from '@campus/service-kit/announce-existing-content';
import type { Db } from '@campus/service-kit/db';
import type { ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createPostStore } from '../data/post-store';
import { outbox, scheduledJobs } from '../data/schema';
import { commentSnapshot, postSnapshot, realName } from './community-hub';

/**
 * Posts and comments written before moderation existed, announced to it once (the kit's job;
 * migration 0005 gave them version 0), posts first.
 */
export function createAnnounceExistingJob(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  checkEveryMs?: number;
}): ScheduledJob {
  const store = createPostStore(deps.db);
  return createAnnounceExistingContentJob({
    ...deps,
    event: 'community.content.changed',
    items: 'posts and comments',
    scheduledJobs,
    outbox,
    claim: async (tx, limit) => {
      const backlog = await store.neverAnnounced(tx, limit);
      const payloads: ContentChangedPayload[] = [];
      for (const postId of backlog.postIds) {
        if (!(await store.markPostAnnounced(tx, postId))) continue;
        const post = (await store.find(tx, postId))!;
        payloads.push(postSnapshot(post, realName(post), 'published', 1, post.createdAt));
      }
      for (const { id, postId } of backlog.comments) {
        if (!(await store.markCommentAnnounced(tx, id))) continue;
        const [post, comment] = [await store.find(tx, postId), await store.findCommentById(tx, id)];
        if (post && comment)
          payloads.push(
            commentSnapshot(comment, post.title, realName(comment), 'published', 1, comment.createdAt),
          );
      }
      return payloads;
    },
  });
}
