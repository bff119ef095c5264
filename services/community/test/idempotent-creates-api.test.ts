import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { postCreate, postTwiceAtOnce } from '@campus/service-kit/testing/idempotent-create';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { comments, pledges, posts } from '../src/data/schema';
import { communityService } from '../src/service';
import { auth, createPost, makeUser, resetWithCampaigns, type TestUser } from './helpers';

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

const creates = [
  {
    what: 'a post',
    path: () => '/api/community',
    body: { title: 'Which elective?', content: 'ML or compilers?' },
    other: { title: 'Which elective?', content: 'Networks?' },
    table: posts,
  },
  {
    what: 'a comment',
    path: () => `/api/comments/${postId}`,
    body: { content: 'Compilers, no doubt.' },
    other: { content: 'ML.' },
    table: comments,
  },
  {
    what: 'a pledge',
    path: () => '/api/fundraising/2/pledges',
    body: { amount: 500 },
    other: { amount: 501 },
    table: pledges,
  },
];

describe.each(creates)('creating $what with an Idempotency-Key', ({ path, body, other, table }) => {
  test('when the same create is sent twice at once with one key, then one is created and both answers are the same', async () => {
    const before = await rows(table);
    const key = randomUUID();
    const [a, b] = await postTwiceAtOnce(h.url, path(), auth(asha), body, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    expect([a.replayed, b.replayed].filter(Boolean)).toEqual(['true']);
    expect(await rows(table)).toBe(before + 1);
  });

  test('when the same key comes with other content, then 422 and nothing more is created', async () => {
    const key = randomUUID();
    expect((await postCreate(h.url, path(), auth(asha), body, key)).status).toBe(201);
    const before = await rows(table);
    const res = await postCreate(h.url, path(), auth(asha), other, key);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await rows(table)).toBe(before);
  });

  test('when no key is sent, then two requests create two, as before', async () => {
    const before = await rows(table);
    const answers = await postTwiceAtOnce(h.url, path(), auth(asha), body);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await rows(table)).toBe(before + 2);
  });
});
