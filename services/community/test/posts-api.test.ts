import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type Post } from '@campus/contracts/community';
import {
  ANONYMOUS_NAME,
  COMMUNITY_MESSAGES,
  HIDDEN_VOTER,
  POST_TAGS,
  POSTS_MAX_LIMIT,
} from '@campus/contracts/community-rules';
import type { EventEnvelope } from '@campus/contracts/events';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { communityService } from '../src/service';
import { addComment, auth, captureEvents, createPost, makeUser, resetWithCampaigns } from './helpers';

let h: ServiceHarness;
let events: EventEnvelope[];
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  // The service's clock: each reading a second after the last, so "newest first" never ties.
  h = await startServiceForTest(communityService, {}, { now: () => new Date((clock += 1000)) });
  events = await captureEvents(h);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await resetWithCampaigns(h);
  events.length = 0;
});

const titles = (posts: Post[]) => posts.map((p) => p.title);

describe('GET /api/community', () => {
  test('when nothing is posted, then a bare empty array', async () => {
    const res = await request(h.url).get('/api/community').expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  test('when posts exist, then a bare array newest first, with the spec fields and our counts', async () => {
    const asha = makeUser(h, 'Asha Rao');
    await createPost(h, asha, { title: 'First' });
    await createPost(h, asha, { title: 'Second', tag: 'Advice' });
    const res = await request(h.url).get('/api/community').expect(200);
    expect(titles(res.body)).toEqual(['Second', 'First']);
    expect(res.body[0]).toEqual({
      _id: expect.any(String),
      title: 'Second',
      content: 'Which book first?',
      tag: 'Advice',
      createdBy: { _id: asha.id, name: 'Asha Rao' },
      isAnonymous: false,
      upvote: [],
      dowvote: [],
      comments: [],
      createdAt: expect.any(String),
      upvotes: 0,
      downvotes: 0,
      commentCount: 0,
      myVote: null,
      following: false,
      followState: 'none',
      isOwnPost: false,
      editedAt: null,
      acceptedCommentId: null,
      solved: false,
    });
  });

  test('when there are more posts than a page, then X-Next-Cursor leads on with no post twice or missed', async () => {
    const asha = makeUser(h, 'Asha Rao');
    for (const title of ['p1', 'p2', 'p3', 'p4', 'p5']) await createPost(h, asha, { title });
    const first = await request(h.url).get('/api/community?limit=2').expect(200);
    expect(titles(first.body)).toEqual(['p5', 'p4']);
    // A post written meanwhile does not shift the next page.
    await createPost(h, asha, { title: 'p6' });
    const second = await request(h.url)
      .get('/api/community')
      .query({ limit: 2, cursor: first.headers['x-next-cursor'] })
      .expect(200);
    expect(titles(second.body)).toEqual(['p3', 'p2']);
    const third = await request(h.url)
      .get('/api/community')
      .query({ limit: 2, cursor: second.headers['x-next-cursor'] })
      .expect(200);
    expect(titles(third.body)).toEqual(['p1']);
    expect(third.headers['x-next-cursor']).toBeUndefined();
  });

  test('when 25 posts exist and no limit is given, then the default page holds 20', async () => {
    const asha = makeUser(h, 'Asha Rao');
    for (let i = 0; i < 25; i++) await createPost(h, asha, { title: `post ${i}` });
    const res = await request(h.url).get('/api/community').expect(200);
    expect(res.body).toHaveLength(20);
    expect(res.headers['x-next-cursor']).toEqual(expect.any(String));
  });

  test('when sort=trending, then the top posts by upvote count, most first', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const posts: Post[] = [];
    for (const title of ['zero', 'three', 'one', 'two']) posts.push(await createPost(h, asha, { title }));
    const votes: Record<string, number> = { three: 3, one: 1, two: 2 };
    for (const post of posts)
      for (let i = 0; i < (votes[post.title] ?? 0); i++)
        await request(h.url)
          .patch(`/api/community/${post._id}/upvote`)
          .set(auth(makeUser(h, `Voter ${i}`)))
          .expect(200);
    const res = await request(h.url).get('/api/community?sort=trending&limit=3').expect(200);
    expect(titles(res.body)).toEqual(['three', 'two', 'one']);
  });

  test.each([
    ['limit over the cap', `limit=${POSTS_MAX_LIMIT + 1}`],
    ['limit zero', 'limit=0'],
    ['limit not a number', 'limit=lots'],
    ['a cursor never handed out', 'cursor=bm90LWEtY3Vyc29y'],
    [
      'a well-formed cursor with a bad id',
      `cursor=${Buffer.from(JSON.stringify(['2026-03-01T09:00:00.000Z', 'x'])).toString('base64url')}`,
    ],
    ['an unknown sort', 'sort=random'],
    ['a repeated sort', 'sort=trending&sort=newest'],
  ])('when the query has %s, then 400', async (_what, query) => {
    const res = await request(h.url).get(`/api/community?${query}`).expect(400);
    expect(res.body).toMatchObject({ success: false, code: expect.any(String) });
  });
});

describe('POST /api/community', () => {
  test('when a student posts, then 201 with the post; the author is the session user whatever the body says', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const res = await request(h.url)
      .post('/api/community')
      .set(auth(asha))
      .send({
        title: '  Hostel wifi  ',
        content: ' Down again? ',
        tag: 'Complain',
        createdBy: 'someone-else',
      })
      .expect(201);
    expect(res.body).toMatchObject({
      title: 'Hostel wifi',
      content: 'Down again?',
      tag: 'Complain',
      createdBy: { _id: asha.id, name: 'Asha Rao' },
      isAnonymous: false,
    });
    await waitFor('community.post.created published', () => events.length > 0);
    expect(events[0]).toMatchObject({
      name: 'community.post.created',
      producer: 'community',
      payload: { postId: res.body._id, tag: 'Complain' },
    });
  });

  test('when a teacher posts, then the post is theirs too', async () => {
    const meera = makeUser(h, 'Dr. Meera Iyer', true);
    const post = await createPost(h, meera, { tag: 'Tutorial' });
    expect(post.createdBy).toEqual({ _id: meera.id, name: 'Dr. Meera Iyer' });
  });

  test('when no tag is given (or an empty one), then the post is Q&A', async () => {
    const asha = makeUser(h, 'Asha Rao');
    expect((await createPost(h, asha)).tag).toBe('Q&A');
    expect((await createPost(h, asha, { tag: '' })).tag).toBe('Q&A');
  });

  test.each(POST_TAGS.map((t) => [t]))('when the tag is %s, then it is kept', async (tag) => {
    expect((await createPost(h, makeUser(h, 'Asha Rao'), { tag })).tag).toBe(tag);
  });

  test('when a guest posts, then 401 and nothing is stored', async () => {
    await request(h.url).post('/api/community').send({ title: 'Hi', content: 'there' }).expect(401);
    expect((await request(h.url).get('/api/community').expect(200)).body).toEqual([]);
  });

  test.each([
    ['a blank title', { title: '   ', content: 'x' }, 'title', COMMUNITY_MESSAGES.titleRequired],
    ['no title', { content: 'x' }, 'title', COMMUNITY_MESSAGES.titleRequired],
    ['a blank content', { title: 'x', content: ' \n ' }, 'content', COMMUNITY_MESSAGES.contentRequired],
    ['an unknown tag', { title: 'x', content: 'y', tag: 'Memes' }, 'tag', COMMUNITY_MESSAGES.tagInvalid],
    [
      'a title too long',
      { title: 'x'.repeat(201), content: 'y' },
      'title',
      'Title must be at most 200 characters.',
    ],
    [
      'content too long',
      { title: 'x', content: 'y'.repeat(10_001) },
      'content',
      'Content must be at most 10000 characters.',
    ],
    [
      'an operator-like title',
      { title: { $gt: '' }, content: 'y' },
      'title',
      COMMUNITY_MESSAGES.titleRequired,
    ],
    [
      'isAnonymous not a boolean',
      { title: 'x', content: 'y', isAnonymous: 'yes' },
      'isAnonymous',
      'isAnonymous must be true or false',
    ],
    [
      'a NUL byte',
      { title: 'a\u0000b', content: 'y' },
      'title',
      'Title must not contain control characters.',
    ],
  ])('when the body has %s, then 400 naming the field', async (_what, body, field, message) => {
    const res = await request(h.url)
      .post('/api/community')
      .set(auth(makeUser(h, 'Asha Rao')))
      .send(body)
      .expect(400);
    expect(res.body.issues).toContainEqual({ path: field, message });
  });

  test('when the query has operator-like keys, then they are plain unknown keys, never a 5xx', async () => {
    const res = await request(h.url).get('/api/community?sort[$ne]=x&limit[$gt]=1').expect(200);
    expect(res.body).toEqual([]);
  });

  test('when the title is HTML, then it is kept as plain text, never turned into markup', async () => {
    const post = await createPost(h, makeUser(h, 'Asha Rao'), { title: '<img src=x onerror=alert(1)>' });
    expect(post.title).toBe('<img src=x onerror=alert(1)>');
  });

  test('when the body is not JSON or is huge, then 4xx, never 5xx', async () => {
    const asha = makeUser(h, 'Asha Rao');
    await request(h.url)
      .post('/api/community')
      .set(auth(asha))
      .set('Content-Type', 'application/json')
      .send('{"title": ')
      .expect(400);
    const huge = await request(h.url)
      .post('/api/community')
      .set(auth(asha))
      .send({ title: 'x', content: 'y'.repeat(2_000_000) });
    expect([400, 413]).toContain(huge.status);
  });
});

describe('GET /api/community/{postId}', () => {
  test('when the post exists, then it with the ids of its comments', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const post = await createPost(h, asha);
    const c1 = await addComment(h, asha, post._id);
    const c2 = await addComment(h, asha, post._id, { parentId: c1._id });
    const res = await request(h.url).get(`/api/community/${post._id}`).expect(200);
    expect(res.body).toMatchObject({ _id: post._id, comments: [c1._id, c2._id], commentCount: 2 });
  });

  test.each([
    ['an unknown uuid', randomUUID()],
    ['not a uuid', 'not-a-post'],
    ['an operator-like id', '%7B%22%24ne%22%3A1%7D'],
  ])('when the id is %s, then 404 with the message', async (_what, id) => {
    const res = await request(h.url).get(`/api/community/${id}`).expect(404);
    expect(res.body).toMatchObject({ success: false, message: COMMUNITY_MESSAGES.postNotFound });
  });
});

describe('anonymity', () => {
  test('when a post is anonymous, then no answer names its author: list, trending, one post, its votes', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const post = await createPost(h, asha, { isAnonymous: true, title: 'Secret' });
    // The author votes on their own post: still nobody can tell who they are.
    const voted = await request(h.url).patch(`/api/community/${post._id}/upvote`).set(auth(asha)).expect(200);
    const other = makeUser(h, 'Ravi Kumar');
    const answers = [
      post,
      voted.body,
      (await request(h.url).get('/api/community').expect(200)).body,
      (await request(h.url).get('/api/community?sort=trending').expect(200)).body,
      (await request(h.url).get(`/api/community/${post._id}`).expect(200)).body,
      (await request(h.url).get(`/api/community/${post._id}`).set(auth(other)).expect(200)).body,
      (await request(h.url).patch(`/api/community/${post._id}/downvote`).set(auth(other)).expect(200)).body,
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).toContain(ANONYMOUS_NAME);
      expect(text).not.toContain('Asha');
    }
    // Only the author's own view holds their id (their own vote, for their own screen).
    for (const answer of answers.slice(2)) expect(JSON.stringify(answer)).not.toContain(asha.id);
    expect(post.createdBy).toEqual({ _id: null, name: ANONYMOUS_NAME });
  });

  test('when the author of an anonymous post reads it, then only they get isOwnPost true; others and guests false, and nobody learns the author', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    const post = await createPost(h, asha, { isAnonymous: true, title: 'Secret' });
    expect(post.isOwnPost).toBe(true);
    const asAsha = (await request(h.url).get(`/api/community/${post._id}`).set(auth(asha)).expect(200)).body;
    const asRavi = (await request(h.url).get(`/api/community/${post._id}`).set(auth(ravi)).expect(200)).body;
    const asGuest = (await request(h.url).get(`/api/community/${post._id}`).expect(200)).body;
    expect([asAsha.isOwnPost, asRavi.isOwnPost, asGuest.isOwnPost]).toEqual([true, false, false]);
    const listAsAsha = (await request(h.url).get('/api/community').set(auth(asha)).expect(200)).body;
    const listAsRavi = (await request(h.url).get('/api/community').set(auth(ravi)).expect(200)).body;
    expect(listAsAsha[0].isOwnPost).toBe(true);
    expect(listAsRavi[0].isOwnPost).toBe(false);
    for (const answer of [asAsha, asRavi, asGuest, listAsRavi]) {
      expect(answer.createdBy ?? answer[0].createdBy).toEqual({ _id: null, name: ANONYMOUS_NAME });
      expect(JSON.stringify(answer)).not.toContain(asha.id);
      expect(JSON.stringify(answer)).not.toContain('Asha');
    }
  });

  test('when someone else votes, then the voter lists hold only placeholders, never their id', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    const post = await createPost(h, asha);
    await request(h.url).patch(`/api/community/${post._id}/upvote`).set(auth(ravi)).expect(200);
    const asGuest = (await request(h.url).get(`/api/community/${post._id}`).expect(200)).body;
    expect(asGuest.upvote).toEqual([HIDDEN_VOTER]);
    const asRavi = (await request(h.url).get(`/api/community/${post._id}`).set(auth(ravi)).expect(200)).body;
    expect(asRavi.upvote).toEqual([ravi.id]);
    expect(asRavi.myVote).toBe('up');
  });
});

describe('names from identity', () => {
  test('when identity announces a registration, then that member’s posts carry the name identity gave, whatever their session says', async () => {
    const asha = makeUser(h, 'A. Rao');
    const registered = {
      id: randomUUID(),
      name: 'identity.user.registered' as const,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      payload: { userId: asha.id, name: 'Asha Rao', email: 'asha@campus.test', isTeacher: false },
    };
    await h.bus.publish(registered);
    await h.bus.publish(registered);
    await h.waitForDeliveries(registered.id, 2);
    await createPost(h, asha, { title: 'Mine' });
    const res = await request(h.url).get('/api/community').expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({ title: 'Mine', createdBy: { _id: asha.id, name: 'Asha Rao' } }),
    ]);
  });
});
