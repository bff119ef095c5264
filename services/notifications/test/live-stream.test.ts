import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Notification } from '@campus/contracts/notifications';
import { openEventStreamClient, type OpenedStream } from '@campus/service-kit/testing/event-stream-client';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { STREAMS_PER_USER } from '../src/live/stream-hub';
import {
  commentEvent,
  deliver,
  envelope,
  listOf,
  person,
  startNotifications,
  type Person,
} from './notifications-test-kit';

/**
 * GET /api/notifications/stream on the service itself (the gateway's part: gateway/test): the
 * signed-in user's own notifications and unread count as they change, resumable by Last-Event-ID,
 * and the new comments of a watched post. Notifications are made the way they are in production:
 * an event the service consumes, whose 'notifications.changed' every replica hears.
 */
let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications());
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const streams: OpenedStream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

async function open(p: Person, query = '', headers: Record<string, string> = {}, url = h.url) {
  const stream = await openEventStreamClient(`${url}/api/notifications/stream${query}`, {
    ...p.headers,
    ...headers,
  });
  streams.push(stream);
  return stream;
}

/** A verdict on a book `p` uploaded: one notification for them. */
const verdict = (p: Person, title: string) =>
  envelope('library.book.reviewed', {
    bookId: randomUUID(),
    uploadedBy: p.id,
    reviewerId: randomUUID(),
    verifiedBy: 'Dr. Meera Iyer',
    status: 'accepted',
    title,
  });

const data = (frame: { data: string }) => JSON.parse(frame.data) as unknown;
const isUnread = (count: number) => (f: { event: string; data: string }) =>
  f.event === 'unread' && (data(f) as { count: number }).count === count;

test('when a guest opens the stream, then 401 JSON', async () => {
  const res = await request(h.url).get('/api/notifications/stream').expect(401);
  expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
});

test('when a user opens it, then their unread count comes first, with the position to resume from', async () => {
  const asha = person(h, 'Asha Rao');
  await deliver(h, verdict(asha, 'Signals and Systems notes'));

  const stream = await open(asha);

  const first = await stream.next();
  expect(first).toMatchObject({ event: 'unread', id: expect.stringMatching(/^\d+$/) });
  expect(data(first)).toEqual({ count: 1 });
  expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
});

test('when a notification is made for the user, then it arrives as it is in the list, with its seq as id, and the new count', async () => {
  const asha = person(h, 'Asha Rao');
  const stream = await open(asha);
  const opened = await stream.next(isUnread(0));

  await deliver(h, verdict(asha, 'Compiler Design notes'));

  const notification = await stream.next((f) => f.event === 'notification');
  const [listed] = await listOf(h, asha);
  expect(data(notification)).toEqual(listed);
  expect(Number(notification.id)).toBeGreaterThan(Number(opened.id));
  await stream.next(isUnread(1));
});

test('when marked read elsewhere, then the count follows on the open stream', async () => {
  const asha = person(h, 'Asha Rao');
  await deliver(h, verdict(asha, 'A'), verdict(asha, 'B'));
  const stream = await open(asha);
  await stream.next(isUnread(2));

  await request(h.url).patch('/api/notifications/read').set(asha.headers).send({ all: true }).expect(200);

  await stream.next(isUnread(0));
});

test('when B has a stream open, then B never receives what is A’s', async () => {
  const asha = person(h, 'Asha Rao');
  const bilal = person(h, 'Bilal Khan');
  const ashas = await open(asha);
  const bilals = await open(bilal);
  await ashas.next(isUnread(0));
  await bilals.next(isUnread(0));

  await deliver(h, verdict(asha, 'Asha’s notes'), verdict(bilal, 'Bilal’s notes'));

  await ashas.next((f) => f.event === 'notification');
  // Bilal's own came after Asha's: one of hers would have reached him first.
  const his = await bilals.next((f) => f.event === 'notification');
  expect((data(his) as Notification).text).toMatch(/Bilal’s notes/);
  expect(bilals.text()).not.toMatch(/Asha/);
  expect(bilals.frames.filter((f) => f.event === 'notification')).toHaveLength(1);
});

test('when a stream comes back with Last-Event-ID, then it gets every change after it (reads too), in order, then the count', async () => {
  const asha = person(h, 'Asha Rao');
  await deliver(h, verdict(asha, 'Before'));
  const first = await open(asha);
  const position = (await first.next(isUnread(1))).id!;
  first.close();

  await deliver(h, verdict(asha, 'Missed one'), verdict(asha, 'Missed two'));
  const before = (await listOf(h, asha)).find((n) => n.text.includes('Before'))!;
  await request(h.url)
    .patch('/api/notifications/read')
    .set(asha.headers)
    .send({ ids: [before._id] })
    .expect(200);

  for (const resumed of [
    await open(asha, '', { 'Last-Event-ID': position }),
    await open(asha, `?lastEventId=${position}`),
  ]) {
    const missed = [await resumed.next(), await resumed.next(), await resumed.next()];
    expect(missed.map((f) => f.event)).toEqual(['notification', 'notification', 'notification']);
    expect(missed.map((f) => (data(f) as Notification).text)).toEqual([
      expect.stringMatching(/Missed one/),
      expect.stringMatching(/Missed two/),
      expect.stringMatching(/Before/),
    ]);
    expect((data(missed[2]!) as Notification).read).toBe(true);
    const ids = missed.map((f) => Number(f.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(position));
    const unread = await resumed.next();
    expect(unread).toMatchObject({ event: 'unread', id: String(ids[2]) });
    expect(data(unread)).toEqual({ count: 2 });
  }
});

test('when the resume point is not a number, then the stream opens with the count alone (never an error)', async () => {
  const asha = person(h, 'Asha Rao');
  await deliver(h, verdict(asha, 'One'));
  const stream = await open(asha, '', { 'Last-Event-ID': 'yesterday' });
  expect(await stream.next()).toMatchObject({ event: 'unread' });
});

test('when the resume point is past every change (made up, or from another database), then the ids go on from the user’s own', async () => {
  const asha = person(h, 'Asha Rao');
  await deliver(h, verdict(asha, 'One'));
  const stream = await open(asha, '', { 'Last-Event-ID': '999999999999999' });
  const opened = await stream.next();
  expect(opened.event).toBe('unread');
  expect(Number(opened.id)).toBeLessThan(999999999999999);

  await deliver(h, verdict(asha, 'Two'));
  // 'One' may come too, late (its broadcast can follow the stream's opening read): 'Two' is new.
  const next = await stream.next(
    (f) => f.event === 'notification' && (data(f) as { text: string }).text.includes('Two'),
  );
  expect(Number(next.id)).toBeGreaterThan(Number(opened.id));
  expect(Number(next.id)).toBeLessThan(999999999999999);
});

test('when a post is watched, then its new comments arrive as ids only, to its watchers only', async () => {
  const asha = person(h, 'Asha Rao');
  const bilal = person(h, 'Bilal Khan');
  const postId = randomUUID();
  const watching = await open(asha, `?post=${postId}`);
  const elsewhere = await open(bilal, `?post=${randomUUID()}`);
  await watching.next(isUnread(0));
  await elsewhere.next(isUnread(0));

  const named = commentEvent({ postId, actorName: 'Rohan Das' });
  const anonymous = commentEvent({ postId, parentId: named.payload.commentId, actorName: null });
  await deliver(h, named, anonymous);

  const first = await watching.next((f) => f.event === 'comment');
  const second = await watching.next((f) => f.event === 'comment');
  expect(data(first)).toEqual({ postId, commentId: named.payload.commentId, parentId: null });
  expect(data(second)).toEqual({
    postId,
    commentId: anonymous.payload.commentId,
    parentId: named.payload.commentId,
  });
  expect(watching.text()).not.toMatch(/Rohan Das/);
  // A later event of Bilal's own reached him: a comment on the other post would have come before it.
  await deliver(h, verdict(bilal, 'Later'));
  await elsewhere.next((f) => f.event === 'notification');
  expect(elsewhere.frames.filter((f) => f.event === 'comment')).toEqual([]);
});

test('when the user has streams on two replicas, then both get the notification, whichever consumed the event', async () => {
  const other = await h.startAnother();
  try {
    const asha = person(h, 'Asha Rao');
    const onFirst = await open(asha);
    const onSecond = await open(asha, '', {}, other.url);
    await onFirst.next(isUnread(0));
    await onSecond.next(isUnread(0));

    await deliver(h, verdict(asha, 'Everywhere'), verdict(asha, 'Twice everywhere'));

    for (const stream of [onFirst, onSecond]) {
      await stream.next((f) => f.event === 'notification');
      await stream.next((f) => f.event === 'notification');
      await stream.next(isUnread(2));
    }
  } finally {
    await other.stop();
  }
});

test('when one user opens more streams than a replica keeps for them, then their oldest is closed and the rest stay', async () => {
  const asha = person(h, 'Asha Rao');
  const opened: OpenedStream[] = [];
  for (let i = 0; i < STREAMS_PER_USER; i++) {
    opened.push(await open(asha));
    await opened[i]!.next(isUnread(0));
  }

  const extra = await open(asha);
  await extra.next(isUnread(0));

  await waitFor('the oldest stream to be closed', () => opened[0]!.ended());
  expect(opened.slice(1).every((s) => !s.ended())).toBe(true);
  await deliver(h, verdict(asha, 'Still heard'));
  await extra.next((f) => f.event === 'notification');
  await opened.at(-1)!.next((f) => f.event === 'notification');
});
