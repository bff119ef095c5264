import { sql } from 'drizzle-orm';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { planOf } from '@campus/service-kit/testing/query-plan';
import { newestPostsQuery, trendingPostsQuery } from '../src/data/post-store';
import { communityService } from '../src/service';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(communityService);
  // The lists read only visible posts: on an empty, never analysed table the planner guesses that
  // filter leaves two rows and sorts them. With a table that looks like the hub's (almost every
  // post visible, a few hidden) and its statistics, it walks the partial indexes.
  await h.database.db.execute(sql`
    insert into community.posts (title, content, tag, author_id, is_anonymous, upvotes, created_at, moderation)
    select 'p' || n, 'text', 'Q&A', 'u' || (n % 50), false, n % 97,
           timestamptz '2026-01-01' + n * interval '1 minute',
           case when n % 100 = 0 then 'hidden' else 'visible' end
    from generate_series(1, 5000) as n`);
  await h.database.db.execute(sql`analyze community.posts`);
});
afterAll(() => h.stop());

// At 100,000 posts a sort of the table costs tens of milliseconds per page; an index walk does not.
describe('the hub reads its pages from indexes, never by sorting every post', () => {
  test('the first page and the pages after a cursor walk posts_newest_idx', async () => {
    const cursor = { createdAt: '2026-03-01T09:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' };
    for (const query of [
      newestPostsQuery(h.database.db, undefined, 21),
      newestPostsQuery(h.database.db, cursor, 21),
    ]) {
      const plan = await planOf(h.database.db, query.toSQL());
      expect(plan.indexes).toContain('posts_newest_idx');
      expect(plan.nodeTypes).not.toContain('Sort');
    }
  });

  test('the Trending list walks posts_trending_idx', async () => {
    const plan = await planOf(h.database.db, trendingPostsQuery(h.database.db, 5).toSQL());
    expect(plan.indexes).toContain('posts_trending_idx');
    expect(plan.nodeTypes).not.toContain('Sort');
  });
});
