import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { deliverDecisions, moderationStateOf } from '@campus/service-kit/testing/moderated-content-harness';
import { interviews, jobPosts } from '../src/data/schema';
import { careersService } from '../src/service';
import { makeUser, postJob, shareInterview, type TestUser } from './helpers';

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

describe('moderation decisions out of order (hide 1, restore 2, hide 3 delivered as 1, 3, 2)', () => {
  test('when decision 3 (hide) arrives before decision 2 (restore) about a job post, then 2 is ignored and it stays hidden', async () => {
    const job = { targetType: 'job' as const, targetId: await postJob(h, asha), authorId: asha.id };
    await deliverDecisions(h, job, ['hide', 1], ['hide', 3]);

    await deliverDecisions(h, job, ['restore', 2]);

    expect(await moderationStateOf(h, jobPosts, job.targetId)).toBe('hidden');
  });

  test('when decision 3 (hide) arrives before decision 2 (restore) about an interview experience, then 2 is ignored and it stays hidden', async () => {
    const interview = {
      targetType: 'interview' as const,
      targetId: await shareInterview(h, asha),
      authorId: asha.id,
    };
    await deliverDecisions(h, interview, ['hide', 3]);

    await deliverDecisions(h, interview, ['restore', 2]);

    expect(await moderationStateOf(h, interviews, interview.targetId)).toBe('hidden');
  });
});
