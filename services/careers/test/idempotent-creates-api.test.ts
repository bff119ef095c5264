import { count } from 'drizzle-orm';
import { describeIdempotentCreate } from '@campus/service-kit/testing/idempotent-create-cases';
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

describeIdempotentCreate(() => h, {
  what: 'a job post',
  path: () => '/api/job/createjobpost',
  headers: () => auth(asha),
  body: () => validJob,
  otherBody: () => ({ ...validJob, salary: '7 LPA' }),
  count: () => rows(jobPosts),
});

describeIdempotentCreate(() => h, {
  what: 'an interview experience',
  path: () => '/api/interview/create',
  headers: () => auth(asha),
  body: () => validInterview,
  otherBody: () => ({ ...validInterview, interviewRounds: 4 }),
  count: () => rows(interviews),
});
