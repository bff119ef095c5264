import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { postCreate, postTwiceAtOnce } from '@campus/service-kit/testing/idempotent-create';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { interviews, jobPosts } from '../src/data/schema';
import { careersService } from '../src/service';
import { auth, makeUser, validInterview, validJob, type TestUser } from './helpers';

let h: ServiceHarness;
let asha: TestUser;
beforeAll(async () => {
  h = await startServiceForTest(careersService);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  asha = makeUser(h, 'Asha Rao');
});

const rows = async (table: typeof jobPosts | typeof interviews) =>
  (await h.database.db.select({ n: count() }).from(table))[0]!.n;

const creates = [
  {
    what: 'a job post',
    path: () => '/api/job/createjobpost',
    body: validJob,
    other: { ...validJob, salary: '7 LPA' },
    table: jobPosts,
  },
  {
    what: 'an interview experience',
    path: () => '/api/interview/create',
    body: validInterview,
    other: { ...validInterview, interviewRounds: 4 },
    table: interviews,
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
