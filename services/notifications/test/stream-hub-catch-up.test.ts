import type { EventPayload } from '@campus/contracts/events';
import type { EventStream } from '@campus/service-kit/event-stream';
import pino from 'pino';
import type { NotificationRecord } from '../src/data/notification-store';
import { createStreamHub, type StreamSource } from '../src/live/stream-hub';

/**
 * A stream that opens while a change's broadcast is still on its way (the outbox relays it after
 * the commit): the count comes first, what was read from the database is not sent twice, and a
 * late change's count is read again rather than taken from its broadcast. The hub alone, with the
 * database read held open, so the order is the test's and not the clock's.
 */
type Changed = EventPayload<'notifications.changed'>;
const userId = '11111111-1111-4111-8111-111111111111';

function recordingStream(lastEventId?: string) {
  const frames: Array<{ event: string; data: unknown; id?: string | number }> = [];
  const stream: EventStream = {
    send: (event, data, id) => (frames.push({ event, data, id }), true),
    lastEventId,
    ended: false,
    onClose: () => undefined,
    close: () => undefined,
  };
  return { stream, frames };
}

const change = (seq: number, unread: number): Changed => ({
  userId,
  unread,
  notification: {
    _id: `n${seq}`,
    kind: 'library.verdict',
    text: `Change ${seq}`,
    link: '/profile',
    actor: null,
    createdAt: new Date(0).toISOString(),
    read: false,
    count: 1,
    seq,
  },
});

const record = (seq: number): NotificationRecord => ({
  id: `n${seq}`,
  kind: 'library.verdict',
  text: `Change ${seq}`,
  link: '/profile',
  actorName: null,
  count: 1,
  read: false,
  updatedAt: new Date(0),
  seq,
});

/**
 * A source whose first snapshot waits until `release()` (changes heard meanwhile go to the
 * backlog); later snapshots answer `later`, as the database would once those changes committed.
 */
function heldSource(
  position: number,
  unread: number,
  records: NotificationRecord[] = [],
  later = { position, unread },
) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reads = 0;
  const source: StreamSource = {
    snapshot: async () => {
      if (reads++ > 0) return later;
      await held;
      return { position, unread };
    },
    changedSince: async (_user, after) => records.filter((r) => r.seq > after),
  };
  return { source, release };
}

/** Lets the hub's reads that were started settle. */
const settled = () => new Promise((resolve) => setImmediate(resolve));
const hubOn = (source: StreamSource) => createStreamHub({ source, logger: pino({ level: 'silent' }) });

test('when the broadcast of a change the opening read holds arrives while the stream opens, then the count comes first and the change after it (the count read again is the same: not sent)', async () => {
  const { source, release } = heldSource(7, 1, [], { position: 7, unread: 1 });
  const hub = hubOn(source);
  const { stream, frames } = recordingStream();
  const connected = hub.connect(stream, { userId });
  hub.changed(change(7, 0));
  release();
  await connected;
  await settled();
  expect(frames.map((f) => [f.event, f.id, f.data])).toEqual([
    ['unread', 7, { count: 1 }],
    ['notification', 7, expect.objectContaining({ _id: 'n7' })],
  ]);
});

test('when a resuming stream hears a change it read from the database, then it is sent once, before the count', async () => {
  const { source, release } = heldSource(7, 2, [record(6), record(7)]);
  const hub = hubOn(source);
  const { stream, frames } = recordingStream();
  const connected = hub.connect(stream, { userId, after: 5 });
  hub.changed(change(7, 2));
  release();
  await connected;
  await settled();
  expect(frames.map((f) => [f.event, f.id])).toEqual([
    ['notification', 6],
    ['notification', 7],
    ['unread', 7],
  ]);
});

test('when a change newer than the opening read arrives while the stream opens, then it is sent, then the count read again', async () => {
  const { source, release } = heldSource(7, 1, [], { position: 8, unread: 2 });
  const hub = hubOn(source);
  const { stream, frames } = recordingStream();
  const connected = hub.connect(stream, { userId });
  hub.changed(change(8, 2));
  release();
  await connected;
  expect(frames).toEqual([
    { event: 'notification', data: expect.objectContaining({ _id: 'n8', text: 'Change 8' }), id: 8 },
    { event: 'unread', data: { count: 2 }, id: 8 },
  ]);
});

test('when a late broadcast is followed by a newer change before the count is read again, then the newer count stands', async () => {
  const { source, release } = heldSource(7, 1, [], { position: 7, unread: 1 });
  const hub = hubOn(source);
  const { stream, frames } = recordingStream();
  release();
  await hub.connect(stream, { userId });
  hub.changed(change(7, 1));
  hub.changed(change(9, 2));
  await settled();
  expect(frames.map((f) => [f.event, f.id, f.data])).toEqual([
    ['unread', 7, { count: 1 }],
    ['notification', 7, expect.objectContaining({ _id: 'n7' })],
    ['notification', 9, expect.objectContaining({ _id: 'n9' })],
    ['unread', 9, { count: 2 }],
  ]);
});

test('when a resuming stream reads a change committed after its count, then its broadcast sends no second frame but its count', async () => {
  const { source, release } = heldSource(7, 2, [record(6), record(7), record(8)], { position: 8, unread: 3 });
  const hub = hubOn(source);
  const { stream, frames } = recordingStream();
  const connected = hub.connect(stream, { userId, after: 5 });
  release();
  await connected;
  hub.changed(change(8, 3));
  await settled();
  expect(frames.map((f) => [f.event, f.id, f.event === 'unread' ? f.data : undefined])).toEqual([
    ['notification', 6, undefined],
    ['notification', 7, undefined],
    ['notification', 8, undefined],
    ['unread', 8, { count: 2 }],
    ['unread', 8, { count: 3 }],
  ]);
});

test('when a change commits after a later one the stream already counted (one sequence, commits out of order), then it is still sent, with the count read again', async () => {
  const { source, release } = heldSource(101, 1, [], { position: 101, unread: 2 });
  const hub = hubOn(source);
  const { stream, frames } = recordingStream();
  release();
  await hub.connect(stream, { userId });
  hub.changed(change(100, 1));
  await settled();
  expect(
    frames.map((f) => [f.event, f.event === 'unread' ? f.data : (f.data as { _id: string })._id]),
  ).toEqual([
    ['unread', { count: 1 }],
    ['notification', 'n100'],
    ['unread', { count: 2 }],
  ]);
});
