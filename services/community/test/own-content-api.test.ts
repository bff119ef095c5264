import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { Comment, Post } from '@campus/contracts/community';
import { ANONYMOUS_NAME, COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
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
  makeUser,
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
beforeEach(async () => {
  await resetWithCampaigns(h);
  events.length = 0;
});

let asha: TestUser;
let ravi: TestUser;
beforeEach(async () => {
  asha = makeUser(h, 'Asha Rao');
  ravi = makeUser(h, 'Ravi Kumar');
  await register(h, asha);
  await register(h, ravi);
});

const getPost = async (postId: string, user?: TestUser) =>
  (
    await request(h.url)
      .get(`/api/community/${postId}`)
      .set(user ? auth(user) : {})
      .expect(200)
  ).body as Post;
const thread = async (postId: string, user?: TestUser) =>
  (
    await request(h.url)
      .get(`/api/comments/${postId}`)
      .set(user ? auth(user) : {})
      .expect(200)
  ).body as Comment[];
const hub = async () =>
  ((await request(h.url).get('/api/community').expect(200)).body as Post[]).map((p) => p._id);
const trending = async () =>
  ((await request(h.url).get('/api/community?sort=trending&limit=5').expect(200)).body as Post[]).map(
    (p) => p._id,
  );

const editPost = (postId: string, body: object, user?: TestUser) =>
  request(h.url)
    .patch(`/api/community/${postId}`)
    .set(user ? auth(user) : {})
    .send(body);
const deletePost = (postId: string, user?: TestUser) =>
  request(h.url)
    .delete(`/api/community/${postId}`)
    .set(user ? auth(user) : {});
const editComment = (postId: string, commentId: string, body: object, user?: TestUser) =>
  request(h.url)
    .patch(`/api/comments/${postId}/${commentId}`)
    .set(user ? auth(user) : {})
    .send(body);
const deleteComment = (postId: string, commentId: string, user?: TestUser) =>
  request(h.url)
    .delete(`/api/comments/${postId}/${commentId}`)
    .set(user ? auth(user) : {});

/** The changes moderation heard of an item, once `count` of them have been published. */
const changesOf = (targetId: string, count: number) =>
  waitFor(`${count} community.content.changed for ${targetId}`, () => contentChanges(events, targetId), {
    until: (seen) => seen.length >= count,
  });

describe('PATCH /api/community/{postId}', () => {
  test('when its author edits the title, then 200 with the post as edited, editedAt set, and every list shows it', async () => {
    const post = await createPost(h, asha, { title: 'Old title', tag: 'Advice' });
    expect(post.editedAt).toBeNull();
    const res = await editPost(post._id, { title: '  New title ' }, asha).expect(200);
    expect(res.body).toEqual({
      ...post,
      title: 'New title',
      editedAt: expect.any(String),
      following: true,
    });
    expect(Date.parse(res.body.editedAt)).toBeGreaterThan(Date.parse(post.createdAt));
    expect((await getPost(post._id)).title).toBe('New title');
    const [first] = (await request(h.url).get('/api/community').expect(200)).body as Post[];
    expect(first).toMatchObject({ _id: post._id, title: 'New title', content: post.content, tag: 'Advice' });
  });

  test('when its author changes content and tag, then only those change, and anonymity and identity sent in the body are ignored', async () => {
    const post = await createPost(h, asha, { title: 'Keep me' });
    const res = await editPost(
      post._id,
      { content: 'Better words', tag: 'Review', isAnonymous: true, createdBy: ravi.id, title: undefined },
      asha,
    ).expect(200);
    expect(res.body).toMatchObject({
      title: 'Keep me',
      content: 'Better words',
      tag: 'Review',
      isAnonymous: false,
      createdBy: { _id: asha.id, name: 'Asha Rao' },
    });
  });

  test('when a guest edits a post, then 401 and the post is unchanged', async () => {
    const post = await createPost(h, asha, { title: 'Mine' });
    await editPost(post._id, { title: 'Taken' }).expect(401);
    expect(await getPost(post._id)).toMatchObject({ title: 'Mine', editedAt: null });
  });

  test('when a stranger edits a post, then 403 NOT_OWNER and the post is unchanged', async () => {
    const post = await createPost(h, asha, { title: 'Mine' });
    const res = await editPost(post._id, { title: 'Taken' }, ravi).expect(403);
    expect(res.body).toMatchObject({ code: 'NOT_OWNER', message: COMMUNITY_MESSAGES.postNotYours });
    expect(await getPost(post._id)).toMatchObject({ title: 'Mine', editedAt: null });
  });

  test('when a teacher who did not write it edits a post, then 403 NOT_OWNER (moderating is not editing)', async () => {
    const post = await createPost(h, asha, { title: 'Mine' });
    await editPost(post._id, { title: 'Fixed' }, makeUser(h, 'Prof. Iyer', true)).expect(403);
    expect((await getPost(post._id)).title).toBe('Mine');
  });

  test.each([
    ['nothing to change', {}, COMMUNITY_MESSAGES.nothingToEdit],
    ['only fields that cannot change', { isAnonymous: true }, COMMUNITY_MESSAGES.nothingToEdit],
    ['a blank title', { title: '   ' }, COMMUNITY_MESSAGES.titleRequired],
    ['a blank content', { content: '' }, COMMUNITY_MESSAGES.contentRequired],
    ['a title too long', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters.'],
    ['an unknown tag', { tag: 'Gossip' }, COMMUNITY_MESSAGES.tagInvalid],
    ['an operator for a title', { title: { $ne: '' } }, COMMUNITY_MESSAGES.titleRequired],
  ])(
    'when its author sends %s, then 400 with the message and the post is unchanged',
    async (_what, body, message) => {
      const post = await createPost(h, asha, { title: 'Mine' });
      const res = await editPost(post._id, body, asha).expect(400);
      expect(res.body.message).toBe(message);
      expect(await getPost(post._id)).toMatchObject({ title: 'Mine', editedAt: null });
    },
  );

  test.each([
    ['an unknown post', () => randomUUID()],
    ['a malformed id', () => 'not-a-post'],
  ])('when the post is %s, then 404 Post not found.', async (_what, id) => {
    const res = await editPost(id(), { title: 'x' }, asha).expect(404);
    expect(res.body.message).toBe(COMMUNITY_MESSAGES.postNotFound);
  });

  test('when the author of an anonymous post edits it, then 200 and neither the answer nor any list names them', async () => {
    const post = await createPost(h, asha, { title: 'Secret', isAnonymous: true });
    const res = await editPost(post._id, { content: 'Still secret' }, asha).expect(200);
    expect(res.body).toMatchObject({
      content: 'Still secret',
      isAnonymous: true,
      isOwnPost: true,
      createdBy: { _id: null, name: ANONYMOUS_NAME },
    });
    expect(JSON.stringify(res.body)).not.toContain(asha.id);
    const seenByOthers = await getPost(post._id, ravi);
    expect(seenByOthers.createdBy).toEqual({ _id: null, name: ANONYMOUS_NAME });
    expect(JSON.stringify(seenByOthers)).not.toContain(asha.id);
    // A stranger's attempt says only "not yours", as for any post.
    expect((await editPost(post._id, { content: 'x' }, ravi).expect(403)).body.code).toBe('NOT_OWNER');
  });
});

describe('DELETE /api/community/{postId}', () => {
  test('when its author deletes a post, then it, its comments, votes and follows are gone from every answer', async () => {
    const post = await createPost(h, asha, { title: 'Going' });
    const other = await createPost(h, ravi, { title: 'Staying' });
    await addComment(h, ravi, post._id, { content: 'A reply' });
    await request(h.url).patch(`/api/community/${post._id}/upvote`).set(auth(ravi)).send({}).expect(200);
    const res = await deletePost(post._id, asha).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: COMMUNITY_MESSAGES.postDeleted,
      data: { _id: post._id },
    });
    await request(h.url).get(`/api/community/${post._id}`).expect(404);
    await request(h.url).get(`/api/comments/${post._id}`).expect(404);
    expect(await hub()).toEqual([other._id]);
    expect(await trending()).toEqual([other._id]);
    const left = await rowsOf(
      h,
      sql`select (select count(*) from community.comments where post_id = ${post._id}) as comments,
                 (select count(*) from community.follows where post_id = ${post._id}) as follows,
                 (select count(*) from community.votes where post_id = ${post._id}) as votes`,
    );
    expect(Object.values(left[0]!).map(Number)).toEqual([0, 0, 0]);
    // Gone is gone: a second delete, an edit, a vote or a comment find nothing.
    await deletePost(post._id, asha).expect(404);
    await editPost(post._id, { title: 'Back?' }, asha).expect(404);
    await request(h.url).patch(`/api/community/${post._id}/upvote`).set(auth(ravi)).send({}).expect(404);
    await request(h.url)
      .post(`/api/comments/${post._id}`)
      .set(auth(ravi))
      .send({ content: 'Hi' })
      .expect(404);
  });

  test('when a guest deletes a post, then 401 and it stays', async () => {
    const post = await createPost(h, asha);
    await deletePost(post._id).expect(401);
    await getPost(post._id);
  });

  test('when a stranger deletes a post, then 403 NOT_OWNER and it stays with its comments', async () => {
    const post = await createPost(h, asha);
    await addComment(h, ravi, post._id);
    const res = await deletePost(post._id, ravi).expect(403);
    expect(res.body.code).toBe('NOT_OWNER');
    expect((await getPost(post._id)).commentCount).toBe(1);
    expect(await thread(post._id)).toHaveLength(1);
  });

  test('when the post does not exist, then 404 Post not found.', async () => {
    const res = await deletePost(randomUUID(), asha).expect(404);
    expect(res.body.message).toBe(COMMUNITY_MESSAGES.postNotFound);
    await deletePost('../etc', asha).expect(404);
  });

  test('when the author of an anonymous post deletes it, then 200 and the answer names nobody', async () => {
    const post = await createPost(h, asha, { isAnonymous: true });
    const res = await deletePost(post._id, asha).expect(200);
    expect(JSON.stringify(res.body)).not.toContain(asha.id);
    await request(h.url).get(`/api/community/${post._id}`).expect(404);
  });
});

describe('PATCH /api/comments/{postId}/{commentId}', () => {
  test('when its author edits a comment, then 200 with the comment as edited and the thread shows it', async () => {
    const post = await createPost(h, asha);
    const comment = await addComment(h, ravi, post._id, { content: 'Frist' });
    const res = await editComment(post._id, comment._id, { content: ' First ' }, ravi).expect(200);
    expect(res.body).toEqual({
      _id: comment._id,
      postId: post._id,
      content: 'First',
      createdBy: { _id: ravi.id, name: 'Ravi Kumar' },
      isAnonymous: false,
      parentId: null,
      createdAt: expect.any(String),
      editedAt: expect.any(String),
      isOwnComment: true,
    });
    // Only its author is told it is theirs.
    expect(await thread(post._id, asha)).toEqual([{ ...res.body, isOwnComment: undefined }]);
    expect((await thread(post._id, ravi))[0]!.isOwnComment).toBe(true);
  });

  test('when a guest edits a comment, then 401 and it is unchanged', async () => {
    const post = await createPost(h, asha);
    const comment = await addComment(h, ravi, post._id, { content: 'Mine' });
    await editComment(post._id, comment._id, { content: 'x' }).expect(401);
    expect((await thread(post._id))[0]).toMatchObject({ content: 'Mine', editedAt: null });
  });

  test("when a stranger (even the post's author) edits a comment, then 403 NOT_OWNER and it is unchanged", async () => {
    const post = await createPost(h, asha);
    const comment = await addComment(h, ravi, post._id, { content: 'Mine' });
    const res = await editComment(post._id, comment._id, { content: 'x' }, asha).expect(403);
    expect(res.body).toMatchObject({ code: 'NOT_OWNER', message: COMMUNITY_MESSAGES.commentNotYours });
    expect((await thread(post._id))[0]).toMatchObject({ content: 'Mine', editedAt: null });
  });

  test.each([
    ['blank content', { content: '  ' }, COMMUNITY_MESSAGES.commentRequired],
    ['no content', {}, COMMUNITY_MESSAGES.commentRequired],
    ['content too long', { content: 'x'.repeat(2001) }, 'A comment must be at most 2000 characters.'],
  ])(
    'when its author sends %s, then 400 with the message and it is unchanged',
    async (_what, body, message) => {
      const post = await createPost(h, asha);
      const comment = await addComment(h, ravi, post._id, { content: 'Mine' });
      const res = await editComment(post._id, comment._id, body, ravi).expect(400);
      expect(res.body.message).toBe(message);
      expect((await thread(post._id))[0]).toMatchObject({ content: 'Mine' });
    },
  );

  test('when the comment is unknown, of another post, or the post is unknown, then 404', async () => {
    const post = await createPost(h, asha);
    const elsewhere = await createPost(h, asha);
    const comment = await addComment(h, ravi, post._id);
    for (const [postId, commentId] of [
      [post._id, randomUUID()],
      [elsewhere._id, comment._id],
      [randomUUID(), comment._id],
      [post._id, 'nope'],
    ] as const) {
      const res = await editComment(postId, commentId, { content: 'x' }, ravi).expect(404);
      expect(res.body.message).toMatch(/^(Comment|Post) not found\.$/);
    }
  });

  test('when the author of an anonymous comment edits it, then it stays anonymous to everyone', async () => {
    const post = await createPost(h, asha);
    const comment = await addComment(h, ravi, post._id, { content: 'Hmm', isAnonymous: true });
    const res = await editComment(post._id, comment._id, { content: 'Hmm, no' }, ravi).expect(200);
    expect(res.body).toMatchObject({ createdBy: { _id: null, name: ANONYMOUS_NAME }, isOwnComment: true });
    expect((await thread(post._id, asha))[0]!.isOwnComment).toBeUndefined();
    expect(JSON.stringify(await thread(post._id, asha))).not.toContain(ravi.id);
  });
});

describe('DELETE /api/comments/{postId}/{commentId}', () => {
  test('when its author deletes a comment without replies, then it is gone and the post counts one fewer', async () => {
    const post = await createPost(h, asha);
    const keep = await addComment(h, asha, post._id, { content: 'Keep' });
    const gone = await addComment(h, ravi, post._id, { content: 'Oops' });
    const res = await deleteComment(post._id, gone._id, ravi).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: COMMUNITY_MESSAGES.commentDeleted,
      data: { _id: gone._id, postId: post._id, placeholder: false },
    });
    expect((await thread(post._id)).map((c) => c._id)).toEqual([keep._id]);
    expect(await getPost(post._id)).toMatchObject({ commentCount: 1, comments: [keep._id] });
  });

  test("when its author deletes an anonymous comment with replies, then it stays as '[deleted]' with no author, no text and no hint of anonymity", async () => {
    const post = await createPost(h, asha);
    const parent = await addComment(h, ravi, post._id, { content: 'Secret view', isAnonymous: true });
    const reply = await addComment(h, asha, post._id, { content: 'Disagree', parentId: parent._id });
    const res = await deleteComment(post._id, parent._id, ravi).expect(200);
    expect(res.body.data.placeholder).toBe(true);
    for (const viewer of [undefined, asha, ravi]) {
      const [placeholder, child] = await thread(post._id, viewer);
      expect(placeholder).toEqual({
        _id: parent._id,
        postId: post._id,
        content: DELETED_PLACEHOLDER,
        createdBy: { _id: null, name: DELETED_PLACEHOLDER },
        isAnonymous: false,
        parentId: null,
        createdAt: expect.any(String),
        editedAt: null,
        deleted: true,
      });
      expect(child).toMatchObject({ _id: reply._id, parentId: parent._id, content: 'Disagree' });
    }
    expect(await getPost(post._id)).toMatchObject({ commentCount: 1, comments: [reply._id] });
    // A deleted comment cannot be edited, deleted again or replied to.
    await editComment(post._id, parent._id, { content: 'Back' }, ravi).expect(404);
    await deleteComment(post._id, parent._id, ravi).expect(404);
    const replyToDeleted = await request(h.url)
      .post(`/api/comments/${post._id}`)
      .set(auth(asha))
      .send({ content: 'To nobody', parentId: parent._id })
      .expect(422);
    expect(replyToDeleted.body.message).toBe(COMMUNITY_MESSAGES.parentInvalid);
    // Its text is not kept in the thread's table either.
    const stored = await rowsOf(h, sql`select content from community.comments where id = ${parent._id}`);
    expect(stored).toEqual([{ content: '' }]);
  });

  test("when the last reply under a '[deleted]' comment is deleted, then the placeholder goes too", async () => {
    const post = await createPost(h, asha);
    const parent = await addComment(h, ravi, post._id);
    const reply = await addComment(h, asha, post._id, { parentId: parent._id });
    await deleteComment(post._id, parent._id, ravi).expect(200);
    await deleteComment(post._id, reply._id, asha).expect(200);
    expect(await thread(post._id)).toEqual([]);
    expect(await getPost(post._id)).toMatchObject({ commentCount: 0, comments: [] });
  });

  test('when a guest or a stranger deletes a comment, then 401 or 403 NOT_OWNER and it stays', async () => {
    const post = await createPost(h, asha);
    const comment = await addComment(h, ravi, post._id, { content: 'Mine' });
    await deleteComment(post._id, comment._id).expect(401);
    expect((await deleteComment(post._id, comment._id, asha).expect(403)).body.code).toBe('NOT_OWNER');
    expect(await thread(post._id)).toEqual([expect.objectContaining({ content: 'Mine' })]);
    expect((await getPost(post._id)).commentCount).toBe(1);
  });

  test('when the comment does not exist, then 404 Comment not found.', async () => {
    const post = await createPost(h, asha);
    const res = await deleteComment(post._id, randomUUID(), ravi).expect(404);
    expect(res.body.message).toBe(COMMUNITY_MESSAGES.commentNotFound);
  });
});

describe('community.content.changed: moderation hears of every version', () => {
  test('when a post is published, edited and deleted, then versions 1, 2 and 3 go out with its link, real author and text', async () => {
    const post = await createPost(h, asha, { title: 'Notes', content: 'First <b>words</b>' });
    await editPost(post._id, { content: 'Second words' }, asha).expect(200);
    await deletePost(post._id, asha).expect(200);
    const changes = await changesOf(post._id, 3);
    expect(changes).toEqual([
      {
        targetType: 'post',
        targetId: post._id,
        link: `/post/${post._id}`,
        authorId: asha.id,
        authorName: 'Asha Rao',
        anonymous: false,
        title: 'Notes',
        text: 'First words',
        change: 'published',
        version: 1,
        at: post.createdAt,
      },
      expect.objectContaining({ change: 'edited', version: 2, text: 'Second words' }),
      expect.objectContaining({ change: 'deleted', version: 3, text: 'Second words' }),
    ]);
  });

  test('when an anonymous comment is written, edited and deleted, then each event carries its author for moderation, flagged anonymous', async () => {
    const post = await createPost(h, asha, { title: 'Hostel food' });
    const comment = await addComment(h, ravi, post._id, { content: 'Awful', isAnonymous: true });
    await editComment(post._id, comment._id, { content: 'Bad' }, ravi).expect(200);
    await deleteComment(post._id, comment._id, ravi).expect(200);
    const changes = await changesOf(comment._id, 3);
    expect(changes.map((c) => [c.change, c.version, c.text])).toEqual([
      ['published', 1, 'Awful'],
      ['edited', 2, 'Bad'],
      ['deleted', 3, 'Bad'],
    ]);
    for (const c of changes)
      expect(c).toMatchObject({
        targetType: 'comment',
        link: `/post/${post._id}#comment-${comment._id}`,
        authorId: ravi.id,
        authorName: 'Ravi Kumar',
        anonymous: true,
        title: 'Comment on: Hostel food',
      });
  });

  test("when a post is deleted, then each of its comments is reported deleted too (moderation's queue forgets them)", async () => {
    const post = await createPost(h, asha);
    const one = await addComment(h, ravi, post._id);
    const two = await addComment(h, asha, post._id, { parentId: one._id });
    await deletePost(post._id, asha).expect(200);
    for (const id of [one._id, two._id])
      expect((await changesOf(id, 2)).map((c) => [c.change, c.version])).toEqual([
        ['published', 1],
        ['deleted', 2],
      ]);
  });

  test('when an edit is refused, then no event goes out', async () => {
    const post = await createPost(h, asha);
    await changesOf(post._id, 1);
    await editPost(post._id, { title: 'x' }, ravi).expect(403);
    await editPost(post._id, { title: '' }, asha).expect(400);
    await deletePost(post._id, ravi).expect(403);
    // A later change's event arrives after anything the refused ones could have written.
    await editPost(post._id, { title: 'Real edit' }, asha).expect(200);
    expect((await changesOf(post._id, 2)).map((c) => c.change)).toEqual(['published', 'edited']);
  });
});
