import request from 'supertest';
import type { Comment } from '@campus/contracts/community';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { communityService } from '../src/service';
import {
  addComment,
  auth,
  createPost,
  decide,
  makeUser,
  moderationDecision,
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

/** A decision as moderation numbers it: the item's `decision`-th. */
const numbered = (
  name: 'moderation.content.hidden' | 'moderation.content.restored',
  targetType: 'post' | 'comment',
  targetId: string,
  decision: number,
) => {
  const envelope = moderationDecision(name, { targetType, targetId });
  return { ...envelope, payload: { ...envelope.payload, decision } };
};

describe('moderation decisions out of order (hide 1, restore 2, hide 3 delivered as 1, 3, 2)', () => {
  test('when decision 3 (hide) arrives before decision 2 (restore), then 2 is ignored and the post stays hidden', async () => {
    const post = await createPost(h, asha, { title: 'Rude post' });
    await decide(h, numbered('moderation.content.hidden', 'post', post._id, 1));
    await decide(h, numbered('moderation.content.hidden', 'post', post._id, 3));

    await decide(h, numbered('moderation.content.restored', 'post', post._id, 2));

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
    await decide(h, numbered('moderation.content.hidden', 'comment', rude._id, 3));

    await decide(h, numbered('moderation.content.restored', 'comment', rude._id, 2));

    const thread = (await request(h.url).get(`/api/comments/${post._id}`).set(auth(asha)).expect(200))
      .body as Comment[];
    expect(thread.map((c) => c._id)).not.toContain(rude._id);
  });
});
