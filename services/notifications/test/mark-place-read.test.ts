import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  NOTIFICATIONS_MESSAGES,
  NOTIFICATIONS_PLACE_MAX_LENGTH,
} from '@campus/contracts/notifications-rules';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import {
  changedEvents,
  commentEvent,
  deliver,
  envelope,
  listOf,
  person,
  setPreferences,
  startNotifications,
  unreadOf,
  type Person,
} from './notifications-test-kit';

/**
 * `PATCH /api/notifications/read` `{ place }`: the screen a user is on marks their unread
 * notifications that point at it (the link without its #part), so opening a thread some other way
 * than through its notification leaves nothing unread about it.
 */
let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications());
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const markRead = (p: Person, body: unknown) =>
  request(h.url)
    .patch('/api/notifications/read')
    .set(p.headers)
    .send(body as object);

const unreadLinks = async (p: Person) =>
  (await listOf(h, p))
    .filter((n) => !n.read)
    .map((n) => n.link)
    .sort();

describe('marking the place I am on read', () => {
  test('when Asha marks /post/P read, then her unread pointing at it (a comment in it, a mention in it) are read, and not her others nor anyone else’s', async () => {
    const asha = person(h, 'Asha Rao');
    const bilal = person(h, 'Bilal Khan');
    const [p, q, event] = [randomUUID(), randomUUID(), randomUUID()];
    const onP = commentEvent({ postId: p, concerns: { postAuthor: asha.id, parentAuthor: bilal.id } });
    const onQ = commentEvent({ postId: q, concerns: { postAuthor: asha.id } });
    await setPreferences(h, asha, [{ kind: 'events.new', inApp: true, email: 'off' }]);
    await deliver(
      h,
      onP,
      envelope('community.post.created', {
        postId: p,
        tag: 'Q&A',
        title: 'Exam timetable clash',
        actorName: 'Rohan Das',
        mentioned: [asha.id],
      }),
      onQ,
      envelope('events.event.posted', { eventId: event, postedBy: randomUUID(), title: 'Hackathon' }),
    );
    const commentOnP = `/post/${p}#comment-${onP.payload.commentId}`;
    const commentOnQ = `/post/${q}#comment-${onQ.payload.commentId}`;
    expect(await unreadLinks(asha)).toEqual(
      [commentOnP, `/post/${p}`, commentOnQ, `/events?event=${event}`].sort(),
    );
    expect(await unreadLinks(bilal)).toEqual([commentOnP]);

    const marked = await markRead(asha, { place: `/post/${p}` }).expect(200);

    expect(marked.body).toEqual({ count: 2 });
    expect(marked.headers['cache-control']).toBe('private, no-store');
    expect(await unreadLinks(asha)).toEqual([commentOnQ, `/events?event=${event}`].sort());
    expect(await unreadLinks(bilal)).toEqual([commentOnP]);
    expect((await changedEvents(h)).at(-1)).toEqual({ userId: asha.id, unread: 2 });

    // The query is part of the place: /events is not /events?event=<id>.
    expect((await markRead(asha, { place: '/events' }).expect(200)).body).toEqual({ count: 2 });
    expect((await markRead(asha, { place: `/events?event=${event}` }).expect(200)).body).toEqual({
      count: 1,
    });
    expect(await unreadLinks(asha)).toEqual([commentOnQ]);
  });

  test('when nothing unread points at the place, then nothing changes and nobody is told', async () => {
    const asha = person(h, 'Asha Rao');
    const p = randomUUID();
    await deliver(h, commentEvent({ postId: p, concerns: { postAuthor: asha.id } }));
    await markRead(asha, { place: `/post/${p}` }).expect(200);
    const emitted = (await changedEvents(h)).length;

    expect((await markRead(asha, { place: `/post/${p}` }).expect(200)).body).toEqual({ count: 0 });
    expect((await markRead(asha, { place: '/feature' }).expect(200)).body).toEqual({ count: 0 });
    expect(await changedEvents(h)).toHaveLength(emitted);
  });

  test('when a grouped notification is marked by its place, then the next comment there starts a new one', async () => {
    const asha = person(h, 'Asha Rao');
    const p = randomUUID();
    const comment = () => commentEvent({ postId: p, concerns: { postAuthor: asha.id } });
    await deliver(h, comment(), comment());
    expect((await listOf(h, asha)).map((n) => [n.count, n.read])).toEqual([[2, false]]);

    await markRead(asha, { place: `/post/${p}` }).expect(200);
    await deliver(h, comment());

    expect((await listOf(h, asha)).map((n) => [n.count, n.read])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await unreadOf(h, asha)).toBe(1);
  });
});

describe('what a place must be', () => {
  test('when the place is not a path of the app, has a #part or is too long, then 400 with a sentence saying what it must be', async () => {
    const asha = person(h, 'Asha Rao');
    const tooLong = `/post/${'x'.repeat(NOTIFICATIONS_PLACE_MAX_LENGTH)}`;
    for (const place of ['post/p1', 'https://evil.example/post/p1', '', '/post/p1#comment-c1', tooLong, 7]) {
      const res = await markRead(asha, { place }).expect(400);
      expect(res.body).toMatchObject({ success: false, message: NOTIFICATIONS_MESSAGES.placeInvalid });
    }
    await markRead(asha, { place: `/${'x'.repeat(NOTIFICATIONS_PLACE_MAX_LENGTH - 1)}` }).expect(200);
  });

  test('when a body names a place and ids or all too, then 400: exactly one of the three; the old bodies still work', async () => {
    const asha = person(h, 'Asha Rao');
    for (const body of [
      { place: '/post/p1', all: true },
      { place: '/post/p1', ids: [randomUUID()] },
    ]) {
      const res = await markRead(asha, body).expect(400);
      expect(res.body.message).toBe(NOTIFICATIONS_MESSAGES.readTarget);
    }
    await markRead(asha, { ids: [randomUUID()] }).expect(200);
    await markRead(asha, { all: true }).expect(200);
  });
});
