import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { communityService } from '../src/service';
import { auth, createPost, decide, makeUser, moderationDecision } from './helpers';

/** Fixes from the review of issue 26: a signed-in reader's post is theirs alone. */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(communityService);
});
afterAll(() => h.stop());

test('when a signed-in user reads a post, then the answer (isOwnPost, myVote, following) is Cache-Control: private, no-store', async () => {
  const asha = makeUser(h, 'Asha Rao');
  const ravi = makeUser(h, 'Ravi Kumar');
  const post = await createPost(h, asha);
  for (const reader of [asha, ravi]) {
    const res = await request(h.url).get(`/api/community/${post._id}`).set(auth(reader)).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Authorization/);
  }
});

test('when the author reads their hidden post, then the reason comes with Cache-Control: private, no-store', async () => {
  const asha = makeUser(h, 'Asha Rao');
  const post = await createPost(h, asha, { isAnonymous: true });
  await decide(
    h,
    moderationDecision('moderation.content.hidden', { targetType: 'post', targetId: post._id }),
  );
  const res = await request(h.url).get(`/api/community/${post._id}`).set(auth(asha)).expect(200);
  expect(res.body.moderation).toMatchObject({ state: 'hidden' });
  expect(res.headers['cache-control']).toBe('private, no-store');
});

test('when a guest reads a post, then the answer is not marked private (it is the same for every guest)', async () => {
  const post = await createPost(h, makeUser(h, 'Asha Rao'));
  const res = await request(h.url).get(`/api/community/${post._id}`).expect(200);
  expect(res.headers['cache-control'] ?? '').not.toContain('private');
});
