import { randomUUID } from 'node:crypto';
import { asc, isNull, max, ne } from 'drizzle-orm';
import request from 'supertest';
import type { Comment, Post } from '@campus/contracts/community';
import {
  ANONYMOUS_NAME,
  DELETED_AUTHOR_ID,
  DELETED_AUTHOR_NAME,
  pledgeCapMessage,
} from '@campus/contracts/community-rules';
import type { EventEnvelope, EventPayload } from '@campus/contracts/events';
import { DELETED_PLACEHOLDER } from '@campus/contracts/moderation-rules';
import { expectNoTraceOf, tracesOf } from '@campus/service-kit/testing/no-trace';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { campaigns, comments, follows, members, outbox, pledges, posts, votes } from '../src/data/schema';
import { communityService } from '../src/service';
import {
  addComment,
  auth,
  createPost,
  decide,
  makeUser,
  moderationDecision,
  newUtr,
  resetWithCampaigns,
  type TestUser,
} from './helpers';

/**
 * Issue 26 §3: what the community service holds about a person is theirs to download
 * (GET /api/me/export/community), and goes when they delete their account (identity.user.deleted,
 * their choice for what they wrote: 'delete' or 'anonymise').
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  h = await startServiceForTest(communityService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());

// A name and an address found nowhere else, so a trace of them is theirs.
const ZARA_EMAIL = 'zara.quintessa@campus.example.edu';
let zara: TestUser;
let ravi: TestUser;
let meera: TestUser;

/** Identity's word that someone exists (with their email, which community must not keep). */
async function registered(user: TestUser, email: string) {
  await publish('identity.user.registered', { userId: user.id, name: user.name, email, isTeacher: false });
}

async function publish<N extends 'identity.user.registered' | 'identity.user.deleted'>(
  name: N,
  payload: EventPayload<N>,
): Promise<EventEnvelope> {
  const envelope = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    payload,
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
  return envelope;
}

beforeEach(async () => {
  await resetWithCampaigns(h);
  zara = makeUser(h, 'Zara Quintessa');
  ravi = makeUser(h, 'Ravi Kumar');
  meera = makeUser(h, 'Meera Iyer');
  await registered(zara, ZARA_EMAIL);
  await registered(ravi, 'ravi.kumar@campus.example.edu');
  await registered(meera, 'meera.iyer@campus.example.edu');
});

/** Identity's word that the account is gone, as the broker delivers it; its envelope, for a redelivery. */
const accountDeleted = (who: TestUser, contributions: 'delete' | 'anonymise') =>
  publish('identity.user.deleted', { userId: who.id, contributions });

/** Every event written so far is on the bus (the kit scrubs published rows; unpublished ones are the relay's). */
const allPublished = () =>
  waitFor('every outbox row published', async () => {
    const rows = await h.database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.publishedAt));
    return rows.length === 0;
  });

const lastOutboxPosition = async () =>
  Number((await h.database.db.select({ last: max(outbox.position) }).from(outbox))[0]?.last ?? 0);

const eventsAfter = async (position: number) =>
  (await h.database.db.select().from(outbox).orderBy(asc(outbox.position))).filter(
    (r) => r.position > position,
  );

const as = (user?: TestUser) => (user ? auth(user) : {});
const hub = async (user?: TestUser) =>
  (await request(h.url).get('/api/community').set(as(user)).expect(200)).body as Post[];
const getPost = async (postId: string, user?: TestUser) =>
  (await request(h.url).get(`/api/community/${postId}`).set(as(user)).expect(200)).body as Post;
const thread = async (postId: string, user?: TestUser) =>
  (await request(h.url).get(`/api/comments/${postId}`).set(as(user)).expect(200)).body as Comment[];
const upvote = (user: TestUser, postId: string) =>
  request(h.url).patch(`/api/community/${postId}/upvote`).set(auth(user)).send({}).expect(200);
const downvote = (user: TestUser, postId: string) =>
  request(h.url).patch(`/api/community/${postId}/downvote`).set(auth(user)).send({}).expect(200);
const pledge = (user: TestUser, campaignId: string, amount: number) =>
  request(h.url)
    .post(`/api/fundraising/${campaignId}/pledges`)
    .set(auth(user))
    .send({ amount, utr: newUtr() });
const payReference = async (user: TestUser, campaignId: string, amount: number) =>
  (
    await request(h.url)
      .post(`/api/fundraising/${campaignId}/pledge-intents`)
      .set(auth(user))
      .send({ amount })
      .expect(201)
  ).body.data.tr as string;
const raised = async () =>
  (await h.database.db.select({ id: campaigns.id, raised: campaigns.raised }).from(campaigns)).sort((a, b) =>
    a.id.localeCompare(b.id),
  );
const exportOf = (user: TestUser) =>
  request(h.url).get('/api/me/export/community').set(auth(user)).expect(200);

/** Everything the service's tables hold, for "a redelivery changes nothing". */
async function snapshot() {
  const db = h.database.db;
  return {
    posts: await db.select().from(posts).orderBy(posts.id),
    comments: await db.select().from(comments).orderBy(comments.id),
    votes: await db.select().from(votes).orderBy(votes.postId, votes.userId),
    follows: await db.select().from(follows).orderBy(follows.postId, follows.userId),
    pledges: await db.select().from(pledges).orderBy(pledges.id),
    campaigns: await raised(),
    members: await db.select().from(members).orderBy(members.userId),
    outbox: await db.select({ id: outbox.id }).from(outbox).orderBy(outbox.position),
  };
}

/** Others' rows (not Zara's), as they are now: must be the same after she goes, counts aside. */
async function othersRows() {
  const db = h.database.db;
  return {
    votes: await db.select().from(votes).where(ne(votes.userId, zara.id)).orderBy(votes.postId, votes.userId),
    follows: await db
      .select()
      .from(follows)
      .where(ne(follows.userId, zara.id))
      .orderBy(follows.postId, follows.userId),
    pledges: await db.select().from(pledges).where(ne(pledges.userId, zara.id)).orderBy(pledges.id),
    members: await db.select().from(members).where(ne(members.userId, zara.id)).orderBy(members.userId),
  };
}

/**
 * Zara writes a named and an anonymous post, comments on Ravi's post (one comment alone, one Meera
 * replies to, one anonymous), votes, follows, mutes and pledges; Ravi and Meera write, vote and
 * pledge beside her.
 */
async function everyoneWrote() {
  const zPost = await createPost(h, zara, { title: 'Zara’s DSA plan', content: 'Arrays, then graphs.' });
  const zAnonPost = await createPost(h, zara, {
    title: 'Feeling lost in first year',
    content: 'Anyone else?',
    isAnonymous: true,
  });
  const rPost = await createPost(h, ravi, { title: 'Placement prep group', content: 'Who is in?' });
  const mPost = await createPost(h, meera, { title: 'Hostel mess timings', content: 'Changed again.' });
  const rOnZ = await addComment(h, ravi, zPost._id, { content: 'Add DP after graphs.' });
  const zLeaf = await addComment(h, zara, rPost._id, { content: 'Count me in.' });
  const zParent = await addComment(h, zara, rPost._id, { content: 'Saturday mornings?' });
  const mReply = await addComment(h, meera, rPost._id, { content: 'Saturday works.', parentId: zParent._id });
  const zAnon = await addComment(h, zara, rPost._id, {
    content: 'Is it beginner friendly?',
    isAnonymous: true,
  });
  await upvote(zara, rPost._id);
  await upvote(meera, rPost._id);
  await downvote(zara, mPost._id);
  await upvote(ravi, zPost._id);
  await request(h.url).put(`/api/community/${mPost._id}/follow`).set(auth(zara)).send({ following: false });
  await pledge(zara, '1', 5_000).expect(201);
  await pledge(zara, '2', 700).expect(201);
  await pledge(ravi, '1', 3_000).expect(201);
  // Pay links with their own reference: one Zara paid and pledged with, one she never used, Ravi's.
  const zUsedRef = await payReference(zara, '1', 250);
  const zRefPledge = (
    await request(h.url)
      .post('/api/fundraising/1/pledges')
      .set(auth(zara))
      .send({ amount: 250, utr: newUtr(), tr: zUsedRef })
      .expect(201)
  ).body.data.pledgeId as string;
  const zOpenRef = await payReference(zara, '2', 400);
  const rRef = await payReference(ravi, '2', 900);
  await allPublished();
  return {
    zPost,
    zAnonPost,
    rPost,
    mPost,
    rOnZ,
    zLeaf,
    zParent,
    mReply,
    zAnon,
    zUsedRef,
    zRefPledge,
    zOpenRef,
    rRef,
  };
}

describe('GET /api/me/export/community', () => {
  test('when a guest asks, then 401', async () => {
    await request(h.url).get('/api/me/export/community').expect(401);
  });

  test('when a user asks, then they get their posts and comments (anonymous and hidden ones too), votes, follows and mutes, pledges, member entry and where they were mentioned, privately, and nothing of anyone else', async () => {
    const w = await everyoneWrote();
    const mention = await createPost(h, ravi, {
      title: 'Thanks',
      content: 'Thanks @Zara Quintessa for the notes',
      mentions: [zara.id],
    });
    const mentionInComment = await addComment(h, meera, w.mPost._id, {
      content: '@Zara Quintessa you asked about this',
      mentions: [zara.id],
    });
    await decide(
      h,
      moderationDecision('moderation.content.hidden', { targetType: 'comment', targetId: w.zLeaf._id }),
    );
    await request(h.url).delete(`/api/comments/${w.rPost._id}/${w.zParent._id}`).set(auth(zara)).expect(200);
    await allPublished();

    const res = await exportOf(zara);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({ service: 'community' });
    const files = res.body.files as Record<string, unknown>;
    expect(Object.keys(files).sort()).toEqual([
      'comments.json',
      'follows.json',
      'member.json',
      'mentions.json',
      'pay-references.json',
      'pledges.json',
      'posts.json',
      'votes.json',
    ]);
    expect(files['posts.json']).toEqual([
      expect.objectContaining({
        id: w.zPost._id,
        link: `/post/${w.zPost._id}`,
        title: 'Zara’s DSA plan',
        content: 'Arrays, then graphs.',
        anonymous: false,
        upvotes: 1,
        commentCount: 1,
        moderation: null,
      }),
      expect.objectContaining({ id: w.zAnonPost._id, title: 'Feeling lost in first year', anonymous: true }),
    ]);
    expect(files['comments.json']).toEqual([
      expect.objectContaining({
        id: w.zLeaf._id,
        postId: w.rPost._id,
        content: 'Count me in.',
        moderation: { state: 'hidden', reason: 'Personal attack on a classmate.' },
      }),
      // Deleted, kept as '[deleted]' for Meera's reply: the row is hers still, its text is gone.
      expect.objectContaining({ id: w.zParent._id, content: null, deletedAt: expect.any(String) }),
      expect.objectContaining({ id: w.zAnon._id, content: 'Is it beginner friendly?', anonymous: true }),
    ]);
    expect(files['votes.json']).toEqual([
      expect.objectContaining({ postId: w.rPost._id, vote: 'up' }),
      expect.objectContaining({ postId: w.mPost._id, vote: 'down' }),
    ]);
    expect(
      (files['follows.json'] as Array<{ postId: string; state: string }>)
        .map((f) => [f.postId, f.state])
        .sort(),
    ).toEqual(
      [
        [w.zPost._id, 'following'],
        [w.zAnonPost._id, 'following'],
        [w.rPost._id, 'following'],
        [w.mPost._id, 'muted'],
      ].sort(),
    );
    expect(files['pledges.json']).toEqual([
      expect.objectContaining({ campaignId: '1', campaignTitle: 'Library Expansion Fund', amount: 5_000 }),
      expect.objectContaining({ campaignId: '2', amount: 700 }),
      expect.objectContaining({ id: w.zRefPledge, campaignId: '1', amount: 250 }),
    ]);
    expect(files['pay-references.json']).toEqual([
      expect.objectContaining({
        reference: w.zUsedRef,
        campaignId: '1',
        amount: 250,
        pledgeId: w.zRefPledge,
      }),
      {
        reference: w.zOpenRef,
        campaignId: '2',
        campaignTitle: expect.any(String),
        amount: 400,
        askedAt: expect.any(String),
        pledgeId: null,
      },
    ]);
    expect(files['member.json']).toEqual({ userId: zara.id, name: 'Zara Quintessa', isTeacher: false });
    expect(files['mentions.json']).toEqual([
      { postId: mention._id, commentId: null },
      { postId: w.mPost._id, commentId: mentionInComment._id },
    ]);

    const text = JSON.stringify(res.body);
    for (const other of [
      ravi.id,
      meera.id,
      'Ravi Kumar',
      'Meera Iyer',
      'Add DP after graphs.',
      'Saturday works.',
      'for the notes',
      'you asked about this',
      w.rRef,
      ZARA_EMAIL,
    ])
      expect(text).not.toContain(other);

    const ravis = (await exportOf(ravi)).body.files as Record<string, Array<{ id: string }>>;
    expect(ravis['posts.json']!.map((p) => p.id)).toEqual([w.rPost._id, mention._id]);
    expect(JSON.stringify(ravis)).not.toContain(zara.id);
  });
});

describe('identity.user.deleted', () => {
  test("when she chose 'delete', then her posts (with their comments) and comments go as her own delete would, a comment with a reply stays as '[deleted]', her votes, follows, pledges' donor and member entry go, the counts follow, the campaign totals stay, no trace of her is left, and a redelivery changes nothing", async () => {
    const w = await everyoneWrote();
    const totals = await raised();
    const others = await othersRows();
    const mPostBefore = await getPost(w.mPost._id, meera);
    expect(await getPost(w.rPost._id)).toMatchObject({ upvotes: 2, commentCount: 4 });
    const before = await lastOutboxPosition();

    const event = await accountDeleted(zara, 'delete');

    expect((await hub()).map((p) => p._id).sort()).toEqual([w.rPost._id, w.mPost._id].sort());
    await request(h.url).get(`/api/community/${w.zPost._id}`).expect(404);
    await request(h.url).get(`/api/community/${w.zAnonPost._id}`).expect(404);
    // Ravi's post: her two comments gone, the one Meera replied to a '[deleted]' stand-in, her upvote taken off.
    const rPost = await getPost(w.rPost._id);
    expect(rPost).toMatchObject({ upvotes: 1, downvotes: 0, commentCount: 1, comments: [w.mReply._id] });
    expect(await thread(w.rPost._id)).toEqual([
      expect.objectContaining({
        _id: w.zParent._id,
        content: DELETED_PLACEHOLDER,
        createdBy: { _id: null, name: DELETED_PLACEHOLDER },
        deleted: true,
      }),
      expect.objectContaining({ _id: w.mReply._id, parentId: w.zParent._id, content: 'Saturday works.' }),
    ]);
    // Meera's post: Zara's downvote taken off, nothing else changed.
    expect(await getPost(w.mPost._id, meera)).toEqual({ ...mPostBefore, downvotes: 0, dowvote: [] });
    // The money was given: the totals keep it; the pledges are nobody's now.
    expect(await raised()).toEqual(totals);
    expect(
      (await h.database.db.select().from(pledges).where(isNull(pledges.userId))).map((p) => p.amount).sort(),
    ).toEqual([5_000, 700, 250].sort());
    expect(await othersRows()).toEqual({
      ...others,
      // Ravi's upvote and follow of Zara's post went with it.
      votes: others.votes.filter((v) => v.postId !== w.zPost._id),
      follows: others.follows.filter((f) => f.postId !== w.zPost._id),
    });
    await expectNoTraceOf(h.database.db, 'community', [zara.id, zara.name, ZARA_EMAIL]);

    // Emitted: only that Ravi's comment went with her post (moderation drops it), naming her nowhere.
    const emitted = await eventsAfter(before);
    expect(emitted.map((e) => [e.name, (e.payload as { targetId: string }).targetId])).toEqual([
      ['community.content.changed', w.rOnZ._id],
    ]);
    expect(emitted[0]!.payload).toMatchObject({
      change: 'deleted',
      authorId: ravi.id,
      title: 'Comment on: a deleted post',
    });

    // What one person may pledge still holds for everyone else: Ravi's own 3,000 still counts against him.
    const refused = await pledge(ravi, '1', 47_001).expect(422);
    expect(refused.body.message).toBe(pledgeCapMessage(50_000, 47_000));

    const after = await snapshot();
    await h.bus.publish(event);
    await h.waitForDeliveries(event.id, 2);
    expect(await snapshot()).toEqual(after);
  });

  test('when she chose \'anonymise\', then her posts and comments stay by "Deleted user" (anonymous ones still "Anonymous User"), with no id or name of hers, the comment counts unchanged, her votes, follows, pledges\' donor and member entry gone, nothing emitted, and a redelivery changes nothing', async () => {
    const w = await everyoneWrote();
    const totals = await raised();
    const others = await othersRows();
    const before = await lastOutboxPosition();

    const event = await accountDeleted(zara, 'anonymise');

    const deletedUser = { _id: null, name: DELETED_AUTHOR_NAME };
    const list = await hub(ravi);
    expect(list.map((p) => p._id).sort()).toEqual(
      [w.zPost._id, w.zAnonPost._id, w.rPost._id, w.mPost._id].sort(),
    );
    expect(await getPost(w.zPost._id, zara)).toMatchObject({
      title: 'Zara’s DSA plan',
      content: 'Arrays, then graphs.',
      createdBy: deletedUser,
      isAnonymous: false,
      upvotes: 1,
      commentCount: 1,
      // Her old token no longer makes it hers: nobody owns it now.
      isOwnPost: false,
      following: false,
    });
    expect((await getPost(w.zAnonPost._id)).createdBy).toEqual({ _id: null, name: ANONYMOUS_NAME });
    expect(await getPost(w.rPost._id)).toMatchObject({ upvotes: 1, commentCount: 4 });
    expect(
      (await thread(w.rPost._id, zara)).map((c) => [c._id, c.createdBy, c.content, c.isOwnComment]),
    ).toEqual([
      [w.zLeaf._id, deletedUser, 'Count me in.', undefined],
      [w.zParent._id, deletedUser, 'Saturday mornings?', undefined],
      [w.mReply._id, { _id: meera.id, name: 'Meera Iyer' }, 'Saturday works.', undefined],
      [w.zAnon._id, { _id: null, name: ANONYMOUS_NAME }, 'Is it beginner friendly?', undefined],
    ]);
    await request(h.url)
      .patch(`/api/community/${w.zPost._id}`)
      .set(auth(zara))
      .send({ title: 'Back again' })
      .expect(403);
    expect(await raised()).toEqual(totals);
    expect(await othersRows()).toEqual(others);
    await expectNoTraceOf(h.database.db, 'community', [zara.id, zara.name, ZARA_EMAIL]);
    // Nothing emitted (published rows naming her go with her, so the last position can fall).
    expect(await eventsAfter(before)).toEqual([]);
    expect((await exportOf(zara)).body.files).toEqual({
      'posts.json': [],
      'comments.json': [],
      'votes.json': [],
      'follows.json': [],
      'pledges.json': [],
      'pay-references.json': [],
      'member.json': null,
      'mentions.json': [],
    });

    const after = await snapshot();
    await h.bus.publish(event);
    await h.waitForDeliveries(event.id, 2);
    expect(await snapshot()).toEqual(after);
  });

  test('when others @mentioned her, then their words stay (the @Name they typed is theirs) and every record that she was mentioned goes', async () => {
    const mention = await createPost(h, ravi, {
      title: 'Thanks',
      content: 'Thanks @Zara Quintessa for the notes',
      mentions: [zara.id],
    });
    const reply = await addComment(h, meera, mention._id, {
      content: '@Zara Quintessa agreed',
      mentions: [zara.id],
    });
    await allPublished();

    await accountDeleted(zara, 'delete');

    expect((await getPost(mention._id)).content).toBe('Thanks @Zara Quintessa for the notes');
    expect((await thread(mention._id)).map((c) => c.content)).toEqual(['@Zara Quintessa agreed']);
    const traces = await tracesOf(h.database.db, 'community', [zara.id, zara.name, ZARA_EMAIL]);
    // Her name stays only in their text and moderation's copy of it; her id nowhere (the events
    // that told notifications whom they mentioned are gone).
    expect(traces.map((t) => [t.table, t.column, t.needle]).sort()).toEqual(
      [
        ['posts', 'content', zara.name],
        ['comments', 'content', zara.name],
        ['outbox', 'payload', zara.name],
        ['outbox', 'payload', zara.name],
      ].sort(),
    );
    const outboxNames = await h.database.db
      .select({ name: outbox.name, payload: outbox.payload })
      .from(outbox);
    expect(
      outboxNames
        .filter((r) => JSON.stringify(r.payload).includes(zara.name))
        .map((r) => [r.name, (r.payload as { targetId: string }).targetId])
        .sort(),
    ).toEqual(
      [
        ['community.content.changed', mention._id],
        ['community.content.changed', reply._id],
      ].sort(),
    );
  });

  test('when a moderator deletes a post kept by "Deleted user", then it goes and moderation hears of it with no one named', async () => {
    const w = await everyoneWrote();
    await accountDeleted(zara, 'anonymise');
    const before = await lastOutboxPosition();

    await decide(
      h,
      moderationDecision('moderation.content.deleted', { targetType: 'post', targetId: w.zPost._id }),
    );

    await request(h.url).get(`/api/community/${w.zPost._id}`).expect(404);
    const emitted = (await eventsAfter(before)).map(
      (e) => e.payload as EventPayload<'community.content.changed'>,
    );
    expect(emitted.map((p) => [p.targetId, p.change, p.authorId, p.authorName])).toEqual([
      [w.rOnZ._id, 'deleted', ravi.id, 'Ravi Kumar'],
      [w.zPost._id, 'deleted', DELETED_AUTHOR_ID, DELETED_AUTHOR_NAME],
    ]);
    await expectNoTraceOf(h.database.db, 'community', [zara.id, zara.name, ZARA_EMAIL]);
  });

  test('when someone replies to a comment kept by "Deleted user", then the reply is posted and concerns no one for it', async () => {
    const w = await everyoneWrote();
    await accountDeleted(zara, 'anonymise');
    const before = await lastOutboxPosition();

    const reply = await addComment(h, ravi, w.zPost._id, { content: 'Still useful.', parentId: null });
    const onHers = await addComment(h, meera, w.rPost._id, { content: 'Me too.', parentId: w.zLeaf._id });

    await allPublished();
    const created = (await eventsAfter(before))
      .filter((e) => e.name === 'community.comment.created')
      .map((e) => e.payload as EventPayload<'community.comment.created'>);
    expect(created.map((p) => [p.commentId, p.concerns?.postAuthor, p.concerns?.parentAuthor])).toEqual([
      [reply._id, null, null],
      [onHers._id, ravi.id, null],
    ]);
    await expectNoTraceOf(h.database.db, 'community', [zara.id, zara.name, ZARA_EMAIL]);
  });
});

describe('identity.user.deleted, for an organiser', () => {
  test("when a campaign's organiser deletes their account, then the campaign closes: no pledge can be recorded for a payee no one can confirm", async () => {
    const organiser = makeUser(h, 'Prof. Zara Quintessa', true);
    const created = await request(h.url)
      .post('/api/fundraising')
      .set(auth(organiser))
      .send({
        title: 'Lab kits',
        story: 'Kits for the lab.',
        goal: 5000,
        deadline: '2099-12-31',
        upiId: 'lab.kits@okaxis',
        payeeName: 'Prof. Zara Quintessa',
      })
      .expect(201);
    const id = created.body.data.id as string;
    await accountDeleted(organiser, 'anonymise');
    const after = await request(h.url).get(`/api/fundraising/${id}`).expect(200);
    expect(after.body.data).toMatchObject({ status: 'closed', organiserId: null });
    await request(h.url)
      .post(`/api/fundraising/${id}/pledges`)
      .set(auth(ravi))
      .send({ amount: 100, utr: '123412341234' })
      .expect(409);
  });
});
