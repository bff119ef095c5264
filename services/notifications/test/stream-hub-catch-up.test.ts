import type { EventPayload } from '@campus/contracts/events';
import type { EventStream } from '@campus/service-kit/event-stream';
import pino from 'pino';
import type { NotificationRecord } from '../src/data/notification-store';
import { createStreamHub, type StreamSource } from '../src/live/stream-hub';

/**
 * A stream that opens while a change's broadcast is still on its way (the outbox relays it after
 * the commit): what the opening read already holds is not sent again, and the count comes first.
 * The hub alone, with the database read held open, so the order is the test's and not the clock's.
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

test('when the broadcast of a change the opening read holds arrives while the stream opens, then only the count is sent', async () => {
  const { source, release } = heldSource(7, 1);
  const hub = createStreamHub({ source, logger: pino({ level: 'silent' }) });
  const { stream, frames } = recordingStream();
  const connected = hub.connect(stream, { userId });
  hub.changed(change(7, 1));
  release();
  await connected;
  expect(frames).toEqual([{ event: 'unread', data: { count: 1 }, id: 7 }]);
});

test('when a resuming stream hears a change it read from the database, then it is sent once, before the count', async () => {
  const { source, release } = heldSource(7, 2, [record(6), record(7)]);
  const hub = createStreamHub({ source, logger: pino({ level: 'silent' }) });
  const { stream, frames } = recordingStream();
  const connected = hub.connect(stream, { userId, after: 5 });
  hub.changed(change(7, 2));
  release();
  await connected;
  expect(frames.map((f) => [f.event, f.id])).toEqual([
    ['notification', 6],
    ['notification', 7],
    ['unread', 7],
  ]);
});

test('when a change newer than the opening read arrives while the stream opens, then it is sent, then the count read again', async () => {
  const { source, release } = heldSource(7, 1, [], { position: 8, unread: 2 });
  const hub = createStreamHub({ source, logger: pino({ level: 'silent' }) });
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

test('when the broadcast of a change the opening read holds arrives after the stream went live, then nothing is sent for it', async () => {
  const { source, release } = heldSource(7, 1);
  const hub = createStreamHub({ source, logger: pino({ level: 'silent' }) });
  const { stream, frames } = recordingStream();
  release();
  await hub.connect(stream, { userId });
  hub.changed(change(7, 1));
  hub.changed(change(9, 2));
  expect(frames.map((f) => [f.event, f.id])).toEqual([
    ['unread', 7],
    ['notification', 9],
    ['unread', 9],
  ]);
});

test('when a resuming stream reads a change committed after its snapshot, then that change’s broadcast is not sent again', async () => {
  const { source, release } = heldSource(7, 2, [record(6), record(7), record(8)]);
  const hub = createStreamHub({ source, logger: pino({ level: 'silent' }) });
  const { stream, frames } = recordingStream();
  const connected = hub.connect(stream, { userId, after: 5 });
  release();
  await connected;
  hub.changed(change(8, 3));
  expect(frames.map((f) => [f.event, f.id])).toEqual([
    ['notification', 6],
    ['notification', 7],
    ['notification', 8],
    ['unread', 8],
  ]);
});
