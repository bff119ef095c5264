import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Post } from '@campus/contracts/community';
import { COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import type { EventEnvelope } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { communityService } from '../src/service';
import { OPEN_QUESTION_BOOST, TRENDING_ACTIVE_DAYS, trendingScore } from '../src/domain/community-hub';
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
const DAY = 86_400_000;
beforeAll(async () => {
  h = await startServiceForTest(communityService, {}, { now: () => new Date((clock += 1000)) });
  events = await captureEvents(h);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await resetWithCampaigns(h);
  events.length = 0;
});

const titles = (posts: Post[]) => posts.map((p) => p.title);
const list = async (query: string) =>
  (await request(h.url).get(`/api/community?${query}`).expect(200)).body as Post[];
const answer = (postId: string, commentId: string | null, user?: TestUser) =>
  request(h.url)
    .put(`/api/community/${postId}/answer`)
    .set(user ? auth(user) : {})
    .send({ commentId });

describe('GET /api/community?q= (search)', () => {
  test('when words are searched, then only matching posts, a title match ranked above a content match, stems matched', async () => {
    const asha = makeUser(h, 'Asha Rao');
    await createPost(h, asha, { title: 'Hostel mess timings', content: 'When does dinner start?' });
    await createPost(h, asha, {
      title: 'Books for semester 3',
      content: 'Anyone preparing for graph interviews?',
    });
    await createPost(h, asha, { title: 'Preparing for graph interviews', content: 'Which topics?' });
    const found = await list('q=prepare%20interview');
    expect(titles(found)).toEqual(['Preparing for graph interviews', 'Books for semester 3']);
    expect(await list('q=%22mess%20timings%22')).toHaveLength(1);
    expect(await list('q=graph%20-books')).toHaveLength(1);
    expect(await list('q=nothinglikethis')).toEqual([]);
  });

  test('when words and a category and sort=new are asked together, then each narrows and the newest come first', async () => {
    const asha = makeUser(h, 'Asha Rao');
    await createPost(h, asha, { title: 'Placement tips', content: 'placement season', tag: 'Advice' });
    await createPost(h, asha, { title: 'Placement question', content: 'placement?', tag: 'Q&A' });
    await createPost(h, asha, { title: 'Placement story', content: 'placement day', tag: 'Advice' });
    expect(titles(await list('q=placement&tag=Advice&sort=new'))).toEqual([
      'Placement story',
      'Placement tips',
    ]);
    expect(titles(await list('tag=Q%26A'))).toEqual(['Placement question']);
  });

  test('when sort=top, then most upvoted first, paged by X-Next-Page', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const posts = [];
    for (const title of ['a', 'b', 'c']) posts.push(await createPost(h, asha, { title }));
    await request(h.url)
      .patch(`/api/community/${posts[1]!._id}/upvote`)
      .set(auth(makeUser(h, 'V')))
      .send({})
      .expect(200);
    const first = await request(h.url).get('/api/community?sort=top&limit=2').expect(200);
    expect(titles(first.body)).toEqual(['b', 'c']);
    expect(first.headers['x-next-page']).toBe('2');
    const second = await request(h.url).get('/api/community?sort=top&limit=2&page=2').expect(200);
    expect(titles(second.body)).toEqual(['a']);
    expect(second.headers['x-next-page']).toBeUndefined();
  });

  test.each([
    ['a search too long', `q=${'x'.repeat(201)}`],
    ['an unknown category', 'tag=Memes'],
    ['solved not a boolean', 'solved=maybe'],
    ['a page for the newest list', 'sort=new&page=2'],
    ['a page zero', 'sort=top&page=0'],
  ])('when the query has %s, then 400 with a sentence', async (_what, query) => {
    const res = await request(h.url).get(`/api/community?${query}`).expect(400);
    expect(res.body.message).toEqual(expect.stringMatching(/\w+ \w+/));
  });

  test('when the words are operators or SQL, then a plain answer, never a 5xx', async () => {
    const asha = makeUser(h, 'Asha Rao');
    await createPost(h, asha, { title: 'Robert tables', content: 'drop' });
    for (const q of ["'); drop table posts; --", '!!:*&|', '"unclosed', '-', 'or or or'])
      await request(h.url)
        .get(`/api/community?q=${encodeURIComponent(q)}`)
        .expect(200);
  });
});

describe('PUT /api/community/{postId}/answer', () => {
  async function question(asker: TestUser, options: { isAnonymous?: boolean; tag?: string } = {}) {
    const post = await createPost(h, asker, { title: 'How to fix a segfault?', ...options });
    const reply = await addComment(h, makeUser(h, 'Ravi Kumar'), post._id, { content: 'Check the pointer.' });
    return { post, reply };
  }

  test('when the asker marks a comment, then the post is solved with it, the hub filters by it, and no one is notified', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const { post, reply } = await question(asha);
    const open = await createPost(h, asha, { title: 'Still open' });
    const res = await answer(post._id, reply._id, asha).expect(200);
    expect(res.body).toMatchObject({ _id: post._id, acceptedCommentId: reply._id, solved: true });
    expect((await request(h.url).get(`/api/community/${post._id}`).expect(200)).body).toMatchObject({
      acceptedCommentId: reply._id,
      solved: true,
    });
    expect(titles(await list('solved=false'))).toEqual([open.title]);
    expect(titles(await list('solved=true'))).toEqual([post.title]);
    const cleared = await answer(post._id, null, asha).expect(200);
    expect(cleared.body).toMatchObject({ acceptedCommentId: null, solved: false });
    expect(events.filter((e) => e.name === 'community.answer.accepted')).toEqual([]);
  });

  test('when the asker posted anonymously, then their session still lets them mark it, and nobody else learns who they are', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const { post, reply } = await question(asha, { isAnonymous: true });
    const res = await answer(post._id, reply._id, asha).expect(200);
    expect(res.body).toMatchObject({ solved: true, createdBy: { _id: null } });
  });

  test('when a teacher marks it, then it is solved and the asker is notified through the outbox with the teacher as actor', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const teacher = makeUser(h, 'Prof. Mehta', true);
    const { post, reply } = await question(asha);
    await answer(post._id, reply._id, teacher).expect(200);
    const payload = await publishedPayload(events, 'community.answer.accepted', 'postId', post._id);
    expect(payload).toEqual({
      postId: post._id,
      postTitle: post.title,
      commentId: reply._id,
      askerId: asha.id,
      actorName: 'Prof. Mehta',
    });
  });

  test('when someone else marks it, then 403 NOT_OWNER and nothing changes; a guest gets 401', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const { post, reply } = await question(asha);
    const res = await answer(post._id, reply._id, makeUser(h, 'Stranger')).expect(403);
    expect(res.body).toMatchObject({ code: 'NOT_OWNER', message: COMMUNITY_MESSAGES.answerNotYours });
    await answer(post._id, reply._id).expect(401);
    expect((await request(h.url).get(`/api/community/${post._id}`).expect(200)).body.solved).toBe(false);
  });

  test('when the ids are wrong, then 404 for a missing post or comment, 422 for a comment of another post or a deleted one, 400 for a bad body', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const { post, reply } = await question(asha);
    const other = await question(asha);
    expect((await answer(randomUUID(), reply._id, asha).expect(404)).body.message).toBe(
      COMMUNITY_MESSAGES.postNotFound,
    );
    await answer('not-an-id', reply._id, asha).expect(404);
    expect((await answer(post._id, randomUUID(), asha).expect(404)).body.message).toBe(
      COMMUNITY_MESSAGES.commentNotFound,
    );
    expect((await answer(post._id, other.reply._id, asha).expect(422)).body.code).toBe('ANSWER_NOT_IN_POST');
    const bad = await request(h.url)
      .put(`/api/community/${post._id}/answer`)
      .set(auth(asha))
      .send({})
      .expect(400);
    expect(bad.body.message).toEqual(expect.stringMatching(/commentId/));
    // A comment with a reply stays as '[deleted]' when deleted: it cannot be the answer.
    const ravi = makeUser(h, 'Ravi Kumar');
    const doomed = await addComment(h, ravi, post._id, { content: 'Wrong idea' });
    await addComment(h, asha, post._id, { content: 'Why?', parentId: doomed._id });
    await request(h.url).delete(`/api/comments/${post._id}/${doomed._id}`).set(auth(ravi)).expect(200);
    expect((await answer(post._id, doomed._id, asha).expect(422)).body.message).toBe(
      COMMUNITY_MESSAGES.answerNotInPost,
    );
  });

  test('when the post is not a question, then 422 NOT_A_QUESTION', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const { post, reply } = await question(asha, { tag: 'Advice' });
    expect((await answer(post._id, reply._id, asha).expect(422)).body.code).toBe('NOT_A_QUESTION');
  });

  test('when the accepted comment is deleted, then the post is unsolved again', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    const post = await createPost(h, asha);
    const reply = await addComment(h, ravi, post._id);
    await answer(post._id, reply._id, asha).expect(200);
    await request(h.url).delete(`/api/comments/${post._id}/${reply._id}`).set(auth(ravi)).expect(200);
    expect((await request(h.url).get(`/api/community/${post._id}`).expect(200)).body).toMatchObject({
      acceptedCommentId: null,
      solved: false,
    });
  });
});

describe('Trending', () => {
  test('the score: upvotes, plus a lift for a question without an answer active in the last week', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    const base = {
      upvotes: 2,
      tag: 'Q&A',
      acceptedCommentId: null,
      lastActivityAt: new Date(now.getTime() - DAY),
    };
    expect(OPEN_QUESTION_BOOST).toBeGreaterThan(0);
    expect(trendingScore(base, now)).toBe(2 + OPEN_QUESTION_BOOST);
    expect(trendingScore({ ...base, acceptedCommentId: randomUUID() }, now)).toBe(2);
    expect(trendingScore({ ...base, tag: 'Advice' }, now)).toBe(2);
    const stale = new Date(now.getTime() - (TRENDING_ACTIVE_DAYS + 1) * DAY);
    expect(trendingScore({ ...base, lastActivityAt: stale }, now)).toBe(2);
  });

  test('when an open question is active, then it trends above a more upvoted answered one; once quiet for a week, it does not', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const voters = [1, 2, 3].map((i) => makeUser(h, `Voter ${i}`));
    const upvote = async (post: Post, n: number) => {
      for (const voter of voters.slice(0, n))
        await request(h.url).patch(`/api/community/${post._id}/upvote`).set(auth(voter)).send({}).expect(200);
    };
    const quiet = await createPost(h, asha, { title: 'Quiet open question' });
    await upvote(quiet, 2);
    clock += (TRENDING_ACTIVE_DAYS + 1) * DAY;
    const answered = await createPost(h, asha, { title: 'Answered question' });
    await upvote(answered, 3);
    const reply = await addComment(h, makeUser(h, 'Ravi Kumar'), answered._id);
    await answer(answered._id, reply._id, asha).expect(200);
    const open = await createPost(h, asha, { title: 'Open question' });
    await upvote(open, 1);
    await addComment(h, makeUser(h, 'Ravi Kumar'), open._id);
    const advice = await createPost(h, asha, { title: 'Advice post', tag: 'Advice' });
    await upvote(advice, 2);
    // open 1 + lift, answered 3, quiet 2 (no lift: a week without activity), advice 2 (newer than quiet).
    expect(titles(await list('sort=trending&limit=5'))).toEqual([
      'Open question',
      'Answered question',
      'Advice post',
      'Quiet open question',
    ]);
    // The spec's plain upvote order stays available as top.
    expect(titles(await list('sort=top&limit=5'))).toEqual([
      'Answered question',
      'Advice post',
      'Quiet open question',
      'Open question',
    ]);
    // A new comment is activity: the quiet question is lifted again.
    await addComment(h, makeUser(h, 'Ravi Kumar'), quiet._id);
    expect(titles(await list('sort=trending&limit=2'))).toEqual(['Quiet open question', 'Open question']);
  });
});
