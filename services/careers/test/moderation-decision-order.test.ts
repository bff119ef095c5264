import { eq } from 'drizzle-orm';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { interviews, jobPosts } from '../src/data/schema';
import { careersService } from '../src/service';
import { decision, makeUser, postJob, shareInterview, type TestUser } from './helpers';

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

/** Publishes moderation's `n`-th decision about the item and waits until careers has handled it. */
async function decide(
  name: 'moderation.content.hidden' | 'moderation.content.restored',
  target: { targetType: 'job' | 'interview'; targetId: string },
  n: number,
) {
  const event = decision(name, { ...target, authorId: asha.id });
  const numbered = { ...event, payload: { ...event.payload, decision: n } };
  await h.bus.publish(numbered);
  await h.waitForHandled(numbered.id);
}

const stateOf = async (table: typeof jobPosts | typeof interviews, id: string) =>
  (await h.database.db.select({ moderation: table.moderation }).from(table).where(eq(table.id, id)))[0]
    ?.moderation;

describe('moderation decisions out of order (hide 1, restore 2, hide 3 delivered as 1, 3, 2)', () => {
  test('when decision 3 (hide) arrives before decision 2 (restore) about a job post, then 2 is ignored and it stays hidden', async () => {
    const jobId = await postJob(h, asha);
    await decide('moderation.content.hidden', { targetType: 'job', targetId: jobId }, 1);
    await decide('moderation.content.hidden', { targetType: 'job', targetId: jobId }, 3);

    await decide('moderation.content.restored', { targetType: 'job', targetId: jobId }, 2);

    expect(await stateOf(jobPosts, jobId)).toBe('hidden');
  });

  test('when decision 3 (hide) arrives before decision 2 (restore) about an interview experience, then 2 is ignored and it stays hidden', async () => {
    const interviewId = await shareInterview(h, asha);
    await decide('moderation.content.hidden', { targetType: 'interview', targetId: interviewId }, 3);

    await decide('moderation.content.restored', { targetType: 'interview', targetId: interviewId }, 2);

    expect(await stateOf(interviews, interviewId)).toBe('hidden');
  });
});
