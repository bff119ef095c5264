import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { Post } from '@campus/contracts/community';
import { COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import type { EventEnvelope } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { follows } from '../src/data/schema';
import { communityService } from '../src/service';
import {
  addComment,
  auth,
  captureEvents,
  createPost,
  makeUser,
  publishedPayload,
  resetWithCampaigns,
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
beforeEach(async () => {
  await resetWithCampaigns(h);
  events.length = 0;
});

const follow = (user: TestUser, postId: string, following: boolean) =>
  request(h.url).put(`/api/community/${postId}/follow`).set(auth(user)).send({ following });

/** `following` as this viewer (or a guest) reads it on the post and in the hub's list. */
async function followingAs(user: TestUser | undefined, postId: string) {
  const one = request(h.url).get(`/api/community/${postId}`);
  const list = request(h.url).get('/api/community');
  const [post, page] = await Promise.all([
    (user ? one.set(auth(user)) : one).expect(200),
    (user ? list.set(auth(user)) : list).expect(200),
  ]);
  const listed = (page.body as Post[]).find((p) => p._id === postId);
  return { post: post.body.following as boolean, list: listed?.following };
}

describe('PUT /api/community/{postId}/follow', () => {
  test('when a student follows, mutes and follows again, then each answer and their view of the post say so', async () => {
    const post = await createPost(h, makeUser(h, 'Asha Rao'));
    const ravi = makeUser(h, 'Ravi Kumar');
    expect(await followingAs(ravi, post._id)).toEqual({ post: false, list: false });

    expect((await follow(ravi, post._id, true).expect(200)).body).toEqual({ following: true });
    expect(await followingAs(ravi, post._id)).toEqual({ post: true, list: true });

    expect((await follow(ravi, post._id, false).expect(200)).body).toEqual({ following: false });
    expect(await followingAs(ravi, post._id)).toEqual({ post: false, list: false });

    expect((await follow(ravi, post._id, true).expect(200)).body).toEqual({ following: true });
    expect(await followingAs(ravi, post._id)).toEqual({ post: true, list: true });
  });

  test('when a student never followed a post, then followState is none; after a mute it is muted; a guest reads none', async () => {
    const post = await createPost(h, makeUser(h, 'Asha Rao'));
    const ravi = makeUser(h, 'Ravi Kumar');
    const stateAs = async (user: TestUser | undefined) => {
      const one = request(h.url).get(`/api/community/${post._id}`);
      const list = request(h.url).get('/api/community');
      const [read, page] = await Promise.all([
        (user ? one.set(auth(user)) : one).expect(200),
        (user ? list.set(auth(user)) : list).expect(200),
      ]);
      const listed = (page.body as Post[]).find((p) => p._id === post._id);
      return { post: (read.body as Post).followState, list: listed?.followState };
    };
    // `following` is false in both cases: only followState tells never-followed from muted.
    expect(await stateAs(ravi)).toEqual({ post: 'none', list: 'none' });
    await follow(ravi, post._id, true).expect(200);
    expect(await stateAs(ravi)).toEqual({ post: 'following', list: 'following' });
    await follow(ravi, post._id, false).expect(200);
    expect(await stateAs(ravi)).toEqual({ post: 'muted', list: 'muted' });
    expect(await followingAs(ravi, post._id)).toEqual({ post: false, list: false });
    expect(await stateAs(undefined)).toEqual({ post: 'none', list: 'none' });
  });

  test('when one user follows, then nobody else is following because of it', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const post = await createPost(h, asha);
    await follow(asha, post._id, false).expect(200);
    await follow(makeUser(h, 'Ravi Kumar'), post._id, true).expect(200);
    expect(await followingAs(asha, post._id)).toEqual({ post: false, list: false });
    expect(await followingAs(makeUser(h, 'Meera Iyer'), post._id)).toEqual({ post: false, list: false });
  });

  test('when a guest follows, then 401 and nothing changes', async () => {
    const post = await createPost(h, makeUser(h, 'Asha Rao'));
    await request(h.url).put(`/api/community/${post._id}/follow`).send({ following: true }).expect(401);
    expect(await followingAs(undefined, post._id)).toEqual({ post: false, list: false });
  });

  test.each([
    ['an unknown post', randomUUID()],
    ['a malformed id', 'not-a-post'],
  ])('when the post is %s, then 404 with the message', async (_what, postId) => {
    const res = await follow(makeUser(h, 'Ravi Kumar'), postId, true).expect(404);
    expect(res.body).toMatchObject({ success: false, message: COMMUNITY_MESSAGES.postNotFound });
  });

  test.each([
    ['no following', {}],
    ['following as text', { following: 'yes' }],
    ['following null', { following: null }],
  ])('when the body has %s, then 400 with the message and nothing changes', async (_what, body) => {
    const post = await createPost(h, makeUser(h, 'Asha Rao'));
    const ravi = makeUser(h, 'Ravi Kumar');
    const res = await request(h.url)
      .put(`/api/community/${post._id}/follow`)
      .set(auth(ravi))
      .send(body)
      .expect(400);
    expect(res.body.message).toBe('following must be true or false');
    expect(await followingAs(ravi, post._id)).toEqual({ post: false, list: false });
  });
});

describe('following without asking', () => {
  test('when someone writes a post, then its author follows it; other users and guests do not', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const post = await createPost(h, asha);
    expect(post.following).toBe(true);
    expect(await followingAs(asha, post._id)).toEqual({ post: true, list: true });
    expect(await followingAs(makeUser(h, 'Ravi Kumar'), post._id)).toEqual({ post: false, list: false });
    expect(await followingAs(undefined, post._id)).toEqual({ post: false, list: false });
  });

  test('when someone comments, then they follow the post (and a vote answer says so too)', async () => {
    const post = await createPost(h, makeUser(h, 'Asha Rao'));
    const ravi = makeUser(h, 'Ravi Kumar');
    await addComment(h, ravi, post._id, { isAnonymous: true });
    expect(await followingAs(ravi, post._id)).toEqual({ post: true, list: true });
    const voted = await request(h.url).patch(`/api/community/${post._id}/upvote`).set(auth(ravi)).expect(200);
    expect(voted.body.following).toBe(true);
  });

  test('when a user muted a post, then commenting on it later leaves it muted and the next comment passes them by', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    const post = await createPost(h, asha);
    await follow(ravi, post._id, false).expect(200);
    await addComment(h, ravi, post._id);
    await follow(asha, post._id, false).expect(200);
    await addComment(h, asha, post._id);
    expect(await followingAs(ravi, post._id)).toEqual({ post: false, list: false });
    expect(await followingAs(asha, post._id)).toEqual({ post: false, list: false });

    const meera = makeUser(h, 'Meera Iyer');
    const next = await addComment(h, meera, post._id);
    const payload = await publishedPayload(events, 'community.comment.created', 'commentId', next._id);
    expect(payload.concerns).toEqual({ postAuthor: null, parentAuthor: null, mentioned: [], followers: [] });
  });

  test('when a follower comments again, then they still follow (one row per user and post)', async () => {
    const post = await createPost(h, makeUser(h, 'Asha Rao'));
    const ravi = makeUser(h, 'Ravi Kumar');
    await addComment(h, ravi, post._id);
    await addComment(h, ravi, post._id);
    expect(await followingAs(ravi, post._id)).toEqual({ post: true, list: true });
  });
});

describe('posts written before follows existed', () => {
  test('when the follows migration runs over them, then their authors and commenters follow them and nobody else does', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    const post = await createPost(h, asha);
    await addComment(h, ravi, post._id);
    await addComment(h, ravi, post._id, { isAnonymous: true });
    // As the tables stood before the migration: posts and comments, no follows.
    await h.database.db.delete(follows);
    expect(await followingAs(asha, post._id)).toEqual({ post: false, list: false });

    const migration = fs.readFileSync(path.join(__dirname, '..', 'migrations', '0004_follows.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO'));
    await h.database.db.execute(sql.raw(backfill!));
    expect(await followingAs(asha, post._id)).toEqual({ post: true, list: true });
    expect(await followingAs(ravi, post._id)).toEqual({ post: true, list: true });
    expect(await followingAs(makeUser(h, 'Meera Iyer'), post._id)).toEqual({ post: false, list: false });
  });
});
