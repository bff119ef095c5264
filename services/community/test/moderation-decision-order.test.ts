import request from 'supertest';
import type { Comment } from '@campus/contracts/community';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { deliverDecisions } from '@campus/service-kit/testing/moderated-content-harness';
import { communityService } from '../src/service';
import {
  addComment,
  auth,
  createPost,
  makeUser,
  register,
  resetWithCampaigns,
  type TestUser,
} from './helpers';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(communityService);
});
afterAll(() => h.stop());

let asha: TestUser;
let ravi: TestUser;
beforeEach(async () => {
  await resetWithCampaigns(h);
  asha = makeUser(h, 'Asha Rao');
  ravi = makeUser(h, 'Ravi Kumar');
  await register(h, asha);
  await register(h, ravi);
});

describe('moderation decisions out of order (hide 1, restore 2, hide 3 delivered as 1, 3, 2)', () => {
  test('when decision 3 (hide) arrives before decision 2 (restore), then 2 is ignored and the post stays hidden', async () => {
    const post = await createPost(h, asha, { title: 'Rude post' });
    const target = { targetType: 'post' as const, targetId: post._id, authorId: asha.id };
    await deliverDecisions(h, target, ['hide', 1], ['hide', 3]);

    await deliverDecisions(h, target, ['restore', 2]);

    await request(h.url).get(`/api/community/${post._id}`).set(auth(ravi)).expect(404);
    expect(
      (await request(h.url).get(`/api/community/${post._id}`).set(auth(asha)).expect(200)).body,
    ).toMatchObject({
      moderation: { state: 'hidden' },
    });
  });

  test('when decision 3 (hide) arrives before decision 2 (restore), then 2 is ignored and the comment stays hidden', async () => {
    const post = await createPost(h, asha, { title: 'A question' });
    const rude = await addComment(h, ravi, post._id, { content: 'Rude answer' });
    const target = { targetType: 'comment' as const, targetId: rude._id, authorId: ravi.id };
    await deliverDecisions(h, target, ['hide', 3]);

    await deliverDecisions(h, target, ['restore', 2]);

    const thread = (await request(h.url).get(`/api/comments/${post._id}`).set(auth(asha)).expect(200))
      .body as Comment[];
    expect(thread.map((c) => c._id)).not.toContain(rude._id);
  });
});
