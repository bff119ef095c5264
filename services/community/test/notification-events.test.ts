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
  publishedEvent,
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

async function members(...names: string[]): Promise<TestUser[]> {
  const users = names.map((name) => makeUser(h, name));
  for (const user of users) await register(h, user);
  return users;
}

const follow = (user: TestUser, postId: string, following: boolean) =>
  request(h.url).put(`/api/community/${postId}/follow`).set(auth(user)).send({ following }).expect(200);

const commentEvent = (commentId: string) =>
  publishedPayload(events, 'community.comment.created', 'commentId', commentId);

/** The event as it left the service, envelope and all: nothing in it may point at `who`. */
function expectNothingOf(who: TestUser, event: EventEnvelope) {
  const text = JSON.stringify(event);
  expect(text).not.toContain(who.id);
  expect(text).not.toContain(who.name.split(' ')[0]!);
}

describe('community.post.created says what a notification needs', () => {
  test('when a named author posts, then the event has the title, their name and whom they mention', async () => {
    const [asha, ravi] = await members('Asha Rao', 'Ravi Kumar');
    const post = await createPost(h, asha!, {
      title: 'Notes for DBMS',
      content: 'Thanks @Ravi Kumar!',
      tag: 'Advice',
      mentions: [ravi!.id],
    });
    expect(await publishedPayload(events, 'community.post.created', 'postId', post._id)).toEqual({
      postId: post._id,
      tag: 'Advice',
      title: 'Notes for DBMS',
      actorName: 'Asha Rao',
      mentioned: [ravi!.id],
    });
  });

  test('when identity named the author otherwise than their session, then the event says the name everyone sees', async () => {
    const asha = makeUser(h, 'A. Rao');
    await register(h, { ...asha, name: 'Asha Rao' });
    const post = await createPost(h, asha);
    const payload = await publishedPayload(events, 'community.post.created', 'postId', post._id);
    expect(payload.actorName).toBe('Asha Rao');
  });

  test('when the post is anonymous, then the event has no name and nothing anywhere in it points at the author', async () => {
    const [asha, ravi] = await members('Asha Rao', 'Ravi Kumar');
    const post = await createPost(h, asha!, {
      title: 'Secret',
      content: 'Is @Ravi Kumar right? @Asha Rao asks',
      isAnonymous: true,
      mentions: [ravi!.id, asha!.id],
    });
    expect(await publishedPayload(events, 'community.post.created', 'postId', post._id)).toEqual({
      postId: post._id,
      tag: 'Q&A',
      title: 'Secret',
      actorName: null,
      mentioned: [ravi!.id],
    });
    expectNothingOf(asha!, await publishedEvent(events, 'community.post.created', 'postId', post._id));
  });
});

describe('community.comment.created names who the comment concerns', () => {
  test('when a reply mentions a muted member, then the post author, the parent author, the mention and the other followers, each once', async () => {
    const [asha, ravi, meera, kiran, dev, sara] = await members(
      'Asha Rao',
      'Ravi Kumar',
      'Meera Iyer',
      'Kiran Das',
      'Dev Shah',
      'Sara Ali',
    );
    const post = await createPost(h, asha!, { title: 'Hostel wifi' });
    const top = await addComment(h, ravi!, post._id); // Ravi follows by commenting
    await follow(kiran!, post._id, true); // Kiran follows by asking
    await addComment(h, dev!, post._id);
    await follow(dev!, post._id, false); // Dev commented, then muted
    await addComment(h, sara!, post._id); // Sara follows and is named nowhere else
    const reply = await addComment(h, meera!, post._id, {
      parentId: top._id,
      content: '@Dev Shah fixed it',
      mentions: [dev!.id],
    });
    expect(await commentEvent(reply._id)).toEqual({
      commentId: reply._id,
      postId: post._id,
      parentId: top._id,
      postTitle: 'Hostel wifi',
      actorName: 'Meera Iyer',
      concerns: {
        postAuthor: asha!.id,
        parentAuthor: ravi!.id,
        mentioned: [dev!.id],
        followers: [kiran!.id, sara!.id].sort(),
      },
    });
  });

  test('when the post author and the parent author muted the post, then the post author is left out and the reply still reaches the parent author', async () => {
    const [asha, ravi, meera] = await members('Asha Rao', 'Ravi Kumar', 'Meera Iyer');
    const post = await createPost(h, asha!);
    const top = await addComment(h, ravi!, post._id);
    await follow(asha!, post._id, false);
    await follow(ravi!, post._id, false);
    const reply = await addComment(h, meera!, post._id, { parentId: top._id });
    expect((await commentEvent(reply._id)).concerns).toEqual({
      postAuthor: null,
      parentAuthor: ravi!.id,
      mentioned: [],
      followers: [],
    });
  });

  test('when the author comments on their own post, replies to their own comment and mentions themself, then no list names them', async () => {
    const [asha, ravi] = await members('Asha Rao', 'Ravi Kumar');
    const post = await createPost(h, asha!);
    await addComment(h, ravi!, post._id);
    const mine = await addComment(h, asha!, post._id);
    const again = await addComment(h, asha!, post._id, {
      parentId: mine._id,
      content: 'As @Asha Rao said',
      mentions: [asha!.id],
    });
    for (const comment of [mine, again])
      expect((await commentEvent(comment._id)).concerns).toEqual({
        postAuthor: null,
        parentAuthor: null,
        mentioned: [],
        followers: [ravi!.id],
      });
  });

  test('when the post is anonymous, then its author is still the post author the comment concerns, and the named commenter is the actor', async () => {
    const [asha, ravi] = await members('Asha Rao', 'Ravi Kumar');
    const post = await createPost(h, asha!, { isAnonymous: true, title: 'Secret' });
    const comment = await addComment(h, ravi!, post._id);
    expect(await commentEvent(comment._id)).toMatchObject({
      postTitle: 'Secret',
      actorName: 'Ravi Kumar',
      concerns: { postAuthor: asha!.id, parentAuthor: null, mentioned: [], followers: [] },
    });
  });

  test('when a comment is anonymous, then the event has no name and nothing anywhere in it points at its author, whatever they are to the thread', async () => {
    const [asha, ravi, meera] = await members('Asha Rao', 'Ravi Kumar', 'Meera Iyer');
    const post = await createPost(h, asha!, { title: 'Exams' });
    const first = await addComment(h, ravi!, post._id);
    await addComment(h, meera!, post._id);
    // Ravi follows (he commented), wrote the parent, and mentions himself: still nowhere in the event.
    const secret = await addComment(h, ravi!, post._id, {
      isAnonymous: true,
      parentId: first._id,
      content: 'Me again, @Ravi Kumar, and @Meera Iyer',
      mentions: [ravi!.id, meera!.id],
    });
    expect(await commentEvent(secret._id)).toEqual({
      commentId: secret._id,
      postId: post._id,
      parentId: first._id,
      postTitle: 'Exams',
      actorName: null,
      concerns: { postAuthor: asha!.id, parentAuthor: null, mentioned: [meera!.id], followers: [] },
    });
    expectNothingOf(
      ravi!,
      await publishedEvent(events, 'community.comment.created', 'commentId', secret._id),
    );
  });

  test('when the anonymous author of a post comments anonymously on it, then nothing in the event points at them', async () => {
    const [asha, ravi] = await members('Asha Rao', 'Ravi Kumar');
    const post = await createPost(h, asha!, { isAnonymous: true });
    const top = await addComment(h, ravi!, post._id);
    const secret = await addComment(h, asha!, post._id, { isAnonymous: true, parentId: top._id });
    expect((await commentEvent(secret._id)).concerns).toEqual({
      postAuthor: null,
      parentAuthor: ravi!.id,
      mentioned: [],
      followers: [],
    });
    expectNothingOf(
      asha!,
      await publishedEvent(events, 'community.comment.created', 'commentId', secret._id),
    );
  });
});
