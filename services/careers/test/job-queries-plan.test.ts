import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { planOf } from '@campus/service-kit/testing/query-plan';
import { jobPageQuery } from '../src/data/careers-store';
import { careersService } from '../src/service';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(careersService);
});
afterAll(() => h.stop());

describe('job posts are read from indexes, never by sorting every post', () => {
  test('All Job Posts walks job_posts_newest_idx', async () => {
    const plan = await planOf(
      h.database.db,
      jobPageQuery(h.database.db, { offset: 0, limit: 20 }, undefined, '2026-03-01').toSQL(),
    );
    expect(plan.indexes).toContain('job_posts_newest_idx');
    expect(plan.nodeTypes).not.toContain('Sort');
  });

  test("one user's own posts walk job_posts_posted_by_newest_idx", async () => {
    const query = jobPageQuery(h.database.db, { offset: 0, limit: 20 }, 'a-user-id', '2026-03-01');
    const plan = await planOf(h.database.db, query.toSQL());
    expect(plan.indexes).toContain('job_posts_posted_by_newest_idx');
    expect(plan.nodeTypes).not.toContain('Sort');
  });
});
