import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { communityService } from '../src/service';
import {
  addComment,
  auth,
  captureEvents,
  createPost,
  makeUser,
  publishedPayload,
  register,
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

/** Members of the directory (identity told the service about them), as the picker would offer them. */
async function members(...names: string[]): Promise<TestUser[]> {
  const users = names.map((name) => makeUser(h, name));
  for (const user of users) await register(h, user);
  return users;
}

async function mentionedByPost(author: TestUser, content: string, mentions: string[]) {
  const post = await createPost(h, author, { content, mentions });
  return (await publishedPayload(events, 'community.post.created', 'postId', post._id)).mentioned;
}

describe('mentions in a post or comment', () => {
  test('when the text says @Name of a member sent in mentions, in any case, then the post event names them once', async () => {
    const [asha, ravi, meera] = await members('Asha Rao', 'Ravi Kumar', 'Dr. Meera Iyer');
    const mentioned = await mentionedByPost(
      asha!,
      'Ask @ravi kumar and @Dr. Meera Iyer, then @Ravi Kumar again.',
      [ravi!.id, meera!.id, ravi!.id],
    );
    expect(mentioned).toEqual([ravi!.id, meera!.id]);
  });

  test('when an id is sent whose whole @Name the text does not say, then it is dropped', async () => {
    const [asha, ravi, kiran, dev] = await members('Asha Rao', 'Ravi Kumar', 'Kiran', 'Dev Shah');
    const mentioned = await mentionedByPost(asha!, 'Thanks @Ravi, and @Kirana for the notes; Dev Shah too.', [
      ravi!.id,
      kiran!.id,
      dev!.id,
    ]);
    expect(mentioned).toEqual([]);
  });

  test('when the ids name the author, someone unknown here or no member at all, then they are dropped silently', async () => {
    const [asha, ravi] = await members('Asha Rao', 'Ravi Kumar');
    // A real user the service never heard of: the text names them, still nobody to notify.
    const stranger = makeUser(h, 'Sam Stranger');
    const mentioned = await mentionedByPost(asha!, 'Me, @Asha Rao, @Ravi Kumar and @Sam Stranger.', [
      asha!.id,
      stranger.id,
      randomUUID(),
      'x',
      ravi!.id,
    ]);
    expect(mentioned).toEqual([ravi!.id]);
  });

  test('when a member mentioned is someone who only wrote here (not yet announced by identity), then they count', async () => {
    const [asha] = await members('Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    await createPost(h, ravi, { title: 'Hello' });
    expect(await mentionedByPost(asha!, 'cc @Ravi Kumar', [ravi.id])).toEqual([ravi.id]);
  });

  test('when no mentions are sent, then the post event names nobody', async () => {
    const [asha] = await members('Asha Rao', 'Ravi Kumar');
    expect(await mentionedByPost(asha!, 'Hello @Ravi Kumar', [])).toEqual([]);
    const post = await createPost(h, asha!, { content: 'Hello @Ravi Kumar' });
    expect((await publishedPayload(events, 'community.post.created', 'postId', post._id)).mentioned).toEqual(
      [],
    );
  });

  test('when a comment mentions, then the same rules give its concerns.mentioned', async () => {
    const [asha, ravi, meera] = await members('Asha Rao', 'Ravi Kumar', 'Meera Iyer');
    const post = await createPost(h, asha!);
    const comment = await addComment(h, ravi!, post._id, {
      content: '@meera iyer knows, ask @Ravi Kumar',
      mentions: [meera!.id, ravi!.id, randomUUID(), meera!.id],
    });
    const payload = await publishedPayload(events, 'community.comment.created', 'commentId', comment._id);
    expect(payload.concerns?.mentioned).toEqual([meera!.id]);
  });

  test.each([
    ['mentions not a list', { mentions: 'someone' }, 'mentions must be a list of user ids'],
    [
      'more than 10 mentions',
      { mentions: Array.from({ length: 11 }, () => randomUUID()) },
      'Mention at most 10 people.',
    ],
  ])(
    'when the body has %s, then 400 with the message on posts and comments',
    async (_what, extra, message) => {
      const asha = makeUser(h, 'Asha Rao');
      const post = await createPost(h, asha);
      const onPost = await request(h.url)
        .post('/api/community')
        .set(auth(asha))
        .send({ title: 'T', content: 'C', ...extra })
        .expect(400);
      expect(onPost.body.message).toBe(message);
      const onComment = await request(h.url)
        .post(`/api/comments/${post._id}`)
        .set(auth(asha))
        .send({ content: 'C', ...extra })
        .expect(400);
      expect(onComment.body.message).toBe(message);
    },
  );
});

describe('GET /api/community/members', () => {
  const suggest = (user: TestUser, q: string) =>
    request(h.url).get('/api/community/members').query({ q }).set(auth(user));
  const names = (body: { _id: string; name: string }[]) => body.map((m) => m.name);

  test('when a guest asks, then 401', async () => {
    await members('Asha Rao');
    await request(h.url).get('/api/community/members?q=as').expect(401);
  });

  test('when a member types the start of a name or of one of its words, then matching members by name, any case, without themself', async () => {
    const [ashok] = await members(
      'Ashok Menon',
      'Asha Rao',
      'Kavya asher',
      'Basha Iyer',
      'Ravi Kumar',
      'ASHWIN',
    );
    const res = await suggest(ashok!, 'as').expect(200);
    expect(names(res.body)).toEqual(['Asha Rao', 'ASHWIN', 'Kavya asher']);
    expect(res.body[0]).toEqual({ _id: expect.any(String), name: 'Asha Rao' });
    expect(names((await suggest(ashok!, 'KAVYA A').expect(200)).body)).toEqual(['Kavya asher']);
  });

  test('when the words typed are LIKE wildcards, then they match only themselves', async () => {
    const [asha] = await members(
      'Asha Rao',
      '100% Sure',
      '1000 Days',
      'snake_case',
      'snakes alive',
      'back\\slash',
    );
    expect(names((await suggest(asha!, '%').expect(200)).body)).toEqual([]);
    expect(names((await suggest(asha!, '_').expect(200)).body)).toEqual([]);
    expect(names((await suggest(asha!, '100%').expect(200)).body)).toEqual(['100% Sure']);
    expect(names((await suggest(asha!, 'snake_').expect(200)).body)).toEqual(['snake_case']);
    expect(names((await suggest(asha!, 'back\\').expect(200)).body)).toEqual(['back\\slash']);
  });

  test('when more than 8 members match, then the first 8 by name', async () => {
    const [asha] = await members(
      'Asha Rao',
      ...['J', 'B', 'A', 'I', 'C', 'H', 'D', 'G', 'E', 'F'].map((l) => `Sam ${l}`),
    );
    const res = await suggest(asha!, 'sam').expect(200);
    expect(names(res.body)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((l) => `Sam ${l}`));
  });

  test('when someone the directory does not know writes anonymously, then the picker does not start offering them (that would unmask them); under their name, it does', async () => {
    const [asha] = await members('Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    const post = await createPost(h, ravi, { isAnonymous: true });
    await addComment(h, ravi, post._id, { isAnonymous: true });
    expect(names((await suggest(asha!, 'ravi').expect(200)).body)).toEqual([]);
    await addComment(h, ravi, post._id);
    expect(names((await suggest(asha!, 'ravi').expect(200)).body)).toEqual(['Ravi Kumar']);
  });

  test.each([
    ['no q', {}, 'Type at least one letter of a name.'],
    ['a blank q', { q: '   ' }, 'Type at least one letter of a name.'],
    ['a q too long', { q: 'a'.repeat(61) }, 'A name is at most 60 characters.'],
    ['a repeated q', { q: ['as', 'ra'] }, 'q must be text'],
  ])('when the query has %s, then 400 with the message', async (_what, query, message) => {
    const [asha] = await members('Asha Rao');
    const res = await request(h.url).get('/api/community/members').query(query).set(auth(asha!)).expect(400);
    expect(res.body.message).toBe(message);
  });
});
