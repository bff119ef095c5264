import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { Comment, Post } from '@campus/contracts/community';
import { COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import type { EventEnvelope } from '@campus/contracts/events';
import { DELETED_PLACEHOLDER } from '@campus/contracts/moderation-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { communityService } from '../src/service';
import {
  addComment,
  auth,
  captureEvents,
  contentChanges,
  createPost,
  decide,
  makeUser,
  moderationDecision,
  register,
  resetWithCampaigns,
  rowsOf,
  type TestUser,
} from './helpers';

let h: ServiceHarness;
let events: EventEnvelope[];
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  h = await startServiceForTest(communityService, {}, { now: () => new Date((clock += 1000)) });
  events = await captureEvents(h);
});
afterAll(() => h.stop());

let asha: TestUser;
let ravi: TestUser;
beforeEach(async () => {
  await resetWithCampaigns(h);
  events.length = 0;
  asha = makeUser(h, 'Asha Rao');
  ravi = makeUser(h, 'Ravi Kumar');
  await register(h, asha);
  await register(h, ravi);
});

const REASON = 'Personal attack on a classmate.';
const hide = (targetType: 'post' | 'comment', targetId: string, reason = REASON) =>
  moderationDecision('moderation.content.hidden', { targetType, targetId }, reason);
const restore = (targetType: 'post' | 'comment', targetId: string) =>
  moderationDecision('moderation.content.restored', { targetType, targetId }, 'Looked again: fine.');
const remove = (targetType: 'post' | 'comment', targetId: string) =>
  moderationDecision('moderation.content.deleted', { targetType, targetId }, 'Doxxing.');

const as = (user?: TestUser) => (user ? auth(user) : {});
const hubIds = async (user?: TestUser) =>
  ((await request(h.url).get('/api/community').set(as(user)).expect(200)).body as Post[]).map((p) => p._id);
const trendingIds = async () =>
  ((await request(h.url).get('/api/community?sort=trending&limit=5').expect(200)).body as Post[]).map(
    (p) => p._id,
  );
const getPost = (postId: string, user?: TestUser) =>
  request(h.url).get(`/api/community/${postId}`).set(as(user));
const thread = async (postId: string, user?: TestUser) =>
  (await request(h.url).get(`/api/comments/${postId}`).set(as(user)).expect(200)).body as Comment[];

/** A post of Asha's upvoted to the top of Trending, beside another post. */
async function trendingPost() {
  const post = await createPost(h, asha, { title: 'Rude post' });
  const other = await createPost(h, ravi, { title: 'Kind post' });
  await request(h.url).patch(`/api/community/${post._id}/upvote`).set(auth(ravi)).send({}).expect(200);
  expect(await trendingIds()).toEqual([post._id, other._id]);
  return { post, other };
}

describe('moderation.content.hidden for a post', () => {
  test('when a post is hidden, then it is in no public answer, and its author alone reads it with the reason', async () => {
    const { post, other } = await trendingPost();
    await addComment(h, ravi, post._id, { content: 'Agreed' });
    await decide(h, hide('post', post._id));

    for (const viewer of [undefined, ravi, asha]) expect(await hubIds(viewer)).toEqual([other._id]);
    expect(await trendingIds()).toEqual([other._id]);
    for (const viewer of [undefined, ravi]) {
      expect((await getPost(post._id, viewer).expect(404)).body.message).toBe(
        COMMUNITY_MESSAGES.postNotFound,
      );
      await request(h.url).get(`/api/comments/${post._id}`).set(as(viewer)).expect(404);
    }
    // Nobody else can vote, follow or comment on what they cannot see; its author cannot comment either.
    await request(h.url).patch(`/api/community/${post._id}/upvote`).set(auth(ravi)).send({}).expect(404);
    await request(h.url)
      .put(`/api/community/${post._id}/follow`)
      .set(auth(ravi))
      .send({ following: true })
      .expect(404);
    for (const user of [ravi, asha])
      await request(h.url)
        .post(`/api/comments/${post._id}`)
        .set(auth(user))
        .send({ content: 'Hi' })
        .expect(404);
    // Nor edit or delete it: to them there is no such post (not even a 403 saying it exists).
    await request(h.url).patch(`/api/community/${post._id}`).set(auth(ravi)).send({ title: 'x' }).expect(404);

    const own = (await getPost(post._id, asha).expect(200)).body as Post;
    expect(own).toMatchObject({
      _id: post._id,
      title: 'Rude post',
      moderation: { state: 'hidden', reason: REASON },
    });
    expect(await thread(post._id, asha)).toHaveLength(1);
    // Its author may still fix or delete it.
    await request(h.url)
      .patch(`/api/community/${post._id}`)
      .set(auth(asha))
      .send({ title: 'Sorry' })
      .expect(200);
    expect((await getPost(post._id, asha).expect(200)).body).toMatchObject({
      title: 'Sorry',
      moderation: { state: 'hidden' },
    });
  });

  test('when a hidden post is restored, then it is back everywhere and its author sees no reason any more', async () => {
    const { post, other } = await trendingPost();
    await decide(h, hide('post', post._id));
    await decide(h, restore('post', post._id));
    expect(await hubIds()).toEqual([other._id, post._id]);
    expect(await trendingIds()).toEqual([post._id, other._id]);
    expect((await getPost(post._id, ravi).expect(200)).body.title).toBe('Rude post');
    expect((await getPost(post._id, asha).expect(200)).body.moderation).toBeUndefined();
  });

  test('when the same decision is delivered twice, then the second changes nothing', async () => {
    const post = await createPost(h, asha);
    const hidden = hide('post', post._id);
    await decide(h, hidden);
    const version = async () =>
      (await rowsOf(h, sql`select version from community.posts where id = ${post._id}`))[0];
    const before = await version();
    await h.bus.publish(hidden);
    await h.waitForDeliveries(hidden.id, 2);
    expect(await version()).toEqual(before);
    expect((await getPost(post._id, asha).expect(200)).body.moderation).toEqual({
      state: 'hidden',
      reason: REASON,
    });
  });

  test("when a teacher hides again what the reports hid, then its author reads the teacher's reason", async () => {
    const post = await createPost(h, asha);
    await decide(h, hide('post', post._id, 'Reported by several users; a teacher will review it.'));
    await decide(h, hide('post', post._id, 'Insults a named student.'));
    expect((await getPost(post._id, asha).expect(200)).body.moderation).toEqual({
      state: 'hidden',
      reason: 'Insults a named student.',
    });
  });

  test("when a decision is about another service's item, then nothing here changes", async () => {
    const post = await createPost(h, asha);
    await decide(
      h,
      moderationDecision('moderation.content.hidden', { targetType: 'job', targetId: post._id }),
    );
    expect(await hubIds()).toEqual([post._id]);
  });
});

describe('moderation.content.hidden for a comment', () => {
  test('when a comment without replies is hidden, then others do not see it or count it; its author sees it with the reason; restore brings it back', async () => {
    const post = await createPost(h, asha);
    const kept = await addComment(h, asha, post._id, { content: 'Fine' });
    const rude = await addComment(h, ravi, post._id, { content: 'Rude' });
    await decide(h, hide('comment', rude._id));

    for (const viewer of [undefined, asha]) {
      expect((await thread(post._id, viewer)).map((c) => c._id)).toEqual([kept._id]);
      expect((await getPost(post._id, viewer).expect(200)).body).toMatchObject({
        commentCount: 1,
        comments: [kept._id],
      });
    }
    expect((await hubIds()).length).toBe(1);
    const [, own] = await thread(post._id, ravi);
    expect(own).toMatchObject({
      _id: rude._id,
      content: 'Rude',
      moderation: { state: 'hidden', reason: REASON },
    });
    // Nobody can reply to it.
    await request(h.url)
      .post(`/api/comments/${post._id}`)
      .set(auth(asha))
      .send({ content: 'Re', parentId: rude._id })
      .expect(422);

    await decide(h, restore('comment', rude._id));
    const back = await thread(post._id, asha);
    expect(back.map((c) => c.content)).toEqual(['Fine', 'Rude']);
    expect(back[1]!.moderation).toBeUndefined();
    expect((await getPost(post._id).expect(200)).body).toMatchObject({ commentCount: 2 });
  });

  test("when a comment with replies is hidden, then others read '[deleted]' there, its replies stay, and the count drops once even if delivered twice", async () => {
    const post = await createPost(h, asha);
    const rude = await addComment(h, ravi, post._id, { content: 'Rude', isAnonymous: true });
    const reply = await addComment(h, asha, post._id, { content: 'Please stop', parentId: rude._id });
    const hidden = hide('comment', rude._id);
    await decide(h, hidden);
    await h.bus.publish(hidden);
    await h.waitForDeliveries(hidden.id, 2);

    const [placeholder, child] = await thread(post._id, asha);
    expect(placeholder).toMatchObject({
      _id: rude._id,
      content: DELETED_PLACEHOLDER,
      createdBy: { _id: null, name: DELETED_PLACEHOLDER },
      isAnonymous: false,
      deleted: true,
    });
    expect(placeholder!.moderation).toBeUndefined();
    expect(child).toMatchObject({ _id: reply._id, parentId: rude._id });
    expect((await getPost(post._id).expect(200)).body).toMatchObject({
      commentCount: 1,
      comments: [reply._id],
    });
  });
});

describe('moderation.content.deleted', () => {
  test("when a moderator deletes a post, then it goes as its author's delete does, and moderation hears it deleted", async () => {
    const { post, other } = await trendingPost();
    const comment = await addComment(h, ravi, post._id);
    const deleted = remove('post', post._id);
    await decide(h, deleted);
    await getPost(post._id, asha).expect(404);
    expect(await hubIds()).toEqual([other._id]);
    expect(await trendingIds()).toEqual([other._id]);
    const postChanges = await waitFor('the post deleted', () => contentChanges(events, post._id), {
      until: (seen) => seen.length >= 2,
    });
    expect(postChanges[1]).toMatchObject({
      change: 'deleted',
      version: 2,
      authorId: asha.id,
      authorName: 'Asha Rao',
    });
    await waitFor('its comment deleted', () => contentChanges(events, comment._id), {
      until: (seen) => seen.some((c) => c.change === 'deleted'),
    });
    // A redelivery finds nothing to delete and says nothing more.
    await h.bus.publish(deleted);
    await h.waitForDeliveries(deleted.id, 2);
    const later = await createPost(h, ravi);
    await waitFor('a later post published', () => contentChanges(events, later._id), {
      until: (s) => s.length > 0,
    });
    expect(contentChanges(events, post._id)).toHaveLength(2);
  });

  test("when a moderator deletes a comment with replies, then it stays as '[deleted]' as its author's delete would leave it", async () => {
    const post = await createPost(h, asha);
    const rude = await addComment(h, ravi, post._id, { content: 'Rude' });
    const reply = await addComment(h, asha, post._id, { parentId: rude._id });
    await decide(h, remove('comment', rude._id));
    for (const viewer of [undefined, ravi]) {
      const [placeholder, child] = await thread(post._id, viewer);
      expect(placeholder).toMatchObject({ _id: rude._id, content: DELETED_PLACEHOLDER, deleted: true });
      expect(child!._id).toBe(reply._id);
    }
    expect((await getPost(post._id).expect(200)).body.commentCount).toBe(1);
    const changes = await waitFor('the comment deleted', () => contentChanges(events, rude._id), {
      until: (seen) => seen.length >= 2,
    });
    expect(changes[1]).toMatchObject({ change: 'deleted', version: 2, authorId: ravi.id });
    // Its author can no longer edit it.
    await request(h.url)
      .patch(`/api/comments/${post._id}/${rude._id}`)
      .set(auth(ravi))
      .send({ content: 'x' })
      .expect(404);
  });

  test('when a moderator deletes a hidden comment without replies, then it is gone and the count is not taken twice', async () => {
    const post = await createPost(h, asha);
    await addComment(h, asha, post._id);
    const rude = await addComment(h, ravi, post._id);
    await decide(h, hide('comment', rude._id));
    await decide(h, remove('comment', rude._id));
    expect(await thread(post._id, ravi)).toHaveLength(1);
    expect((await getPost(post._id).expect(200)).body.commentCount).toBe(1);
  });
});
