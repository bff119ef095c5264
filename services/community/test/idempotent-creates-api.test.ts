import { count } from 'drizzle-orm';
import { describeIdempotentCreate } from '@campus/service-kit/testing/idempotent-create-cases';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { comments, pledges, posts } from '../src/data/schema';
import { communityService } from '../src/service';
import { auth, createPost, makeUser, newUtr, resetWithCampaigns, type TestUser } from './helpers';

let h: ServiceHarness;
let asha: TestUser;
let postId: string;
beforeAll(async () => {
  h = await startServiceForTest(communityService);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await resetWithCampaigns(h);
  asha = makeUser(h, 'Asha Rao');
  postId = (await createPost(h, asha))._id;
});

const rows = async (table: typeof posts | typeof comments | typeof pledges) =>
  (await h.database.db.select({ n: count() }).from(table))[0]!.n;

describeIdempotentCreate(() => h, {
  what: 'a post',
  path: () => '/api/community',
  headers: () => auth(asha),
  body: () => ({ title: 'Which elective?', content: 'ML or compilers?' }),
  otherBody: () => ({ title: 'Which elective?', content: 'Networks?' }),
  count: () => rows(posts),
});

describeIdempotentCreate(() => h, {
  what: 'a comment',
  path: () => `/api/comments/${postId}`,
  headers: () => auth(asha),
  body: () => ({ content: 'Compilers, no doubt.' }),
  otherBody: () => ({ content: 'ML.' }),
  count: () => rows(comments),
});

describeIdempotentCreate(() => h, {
  what: 'a pledge',
  path: () => '/api/fundraising/2/pledges',
  headers: () => auth(asha),
  // A fresh UTR each time: without a key, two pledges with one UTR would be one payment twice (409).
  body: () => ({ amount: 500, utr: newUtr() }),
  otherBody: () => ({ amount: 501, utr: newUtr() }),
  count: () => rows(pledges),
});
