import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { notifications } from '../src/data/schema';
import {
  changedEvents,
  commentEvent,
  deliver,
  envelope,
  listOf,
  mailOf,
  person,
  register,
  setPreferences,
  startNotifications,
  unreadOf,
  type Person,
} from './notifications-test-kit';

/**
 * Delivery as each person chose, with the platform sending email (SMTP_URL set: nothing listens
 * there, and these tests only look at what is queued for the mail job).
 */
let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications({
    SMTP_URL: 'smtp://127.0.0.1:9',
    UNSUBSCRIBE_SECRET: 'a-test-secret-that-is-long-enough-to-sign',
  }));
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const verdict = (uploader: Person, title = 'CN notes') =>
  envelope('library.book.reviewed', {
    bookId: randomUUID(),
    uploadedBy: uploader.id,
    reviewerId: randomUUID(),
    verifiedBy: 'Dr. Meera Iyer',
    status: 'accepted',
    title,
  });

const storedNotifications = async () =>
  (await h.database.db.select({ n: count() }).from(notifications))[0]!.n;

describe('exactly once per cause', () => {
  test('when the bus delivers the same event three times, then one notification, one change event and one mail', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    const event = commentEvent({ concerns: { postAuthor: asha.id } });
    for (let i = 0; i < 3; i++) await h.bus.publish(event);
    await h.waitForDeliveries(event.id, 3);

    expect(await listOf(h, asha)).toEqual([expect.objectContaining({ count: 1 })]);
    expect(await unreadOf(h, asha)).toBe(1);
    expect(await changedEvents(h)).toHaveLength(1);
    expect(await mailOf(h, asha)).toHaveLength(1);
  });
});

describe('what each person chose', () => {
  test('when nothing was chosen, then a reply is in the app and mailed at once (its defaults), and the change is emitted with the unread count', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    await deliver(h, commentEvent({ concerns: { postAuthor: asha.id } }));

    const [shown] = await listOf(h, asha);
    expect(await mailOf(h, asha)).toEqual([
      expect.objectContaining({ notificationId: shown!._id, kind: 'community.reply', delivery: 'instant' }),
    ]);
    expect(await changedEvents(h)).toEqual([
      {
        userId: asha.id,
        unread: 1,
        notification: { ...shown, seq: expect.any(Number) },
      },
    ]);
  });

  test('when a kind is daily by default (thread activity), then its mail waits for the digest', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    await deliver(h, commentEvent({ concerns: { followers: [asha.id] } }));
    expect(await mailOf(h, asha)).toEqual([expect.objectContaining({ delivery: 'daily' })]);
  });

  test('when in-app and email are both off, then nothing is stored, emitted or mailed', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    await setPreferences(h, asha, [{ kind: 'library.verdict', inApp: false, email: 'off' }]);
    await deliver(h, verdict(asha));

    expect(await listOf(h, asha)).toEqual([]);
    expect(await changedEvents(h)).toEqual([]);
    expect(await mailOf(h, asha)).toEqual([]);
    expect(await storedNotifications()).toBe(0);
  });

  test('when in-app is off but email is on, then the mail is queued and the app shows and counts nothing', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    await setPreferences(h, asha, [{ kind: 'library.verdict', inApp: false, email: 'daily' }]);
    await deliver(h, verdict(asha));

    expect(await listOf(h, asha)).toEqual([]);
    expect(await unreadOf(h, asha)).toBe(0);
    expect(await changedEvents(h)).toEqual([]);
    expect(await mailOf(h, asha)).toEqual([
      expect.objectContaining({ kind: 'library.verdict', delivery: 'daily' }),
    ]);
  });

  test('when email is off, then the notification is in the app and no mail is queued', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    await setPreferences(h, asha, [{ kind: 'library.verdict', inApp: true, email: 'off' }]);
    await deliver(h, verdict(asha));
    expect(await listOf(h, asha)).toHaveLength(1);
    expect(await mailOf(h, asha)).toEqual([]);
  });

  test('when identity never gave an address, then nothing is mailed', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(h, verdict(asha));
    expect(await listOf(h, asha)).toHaveLength(1);
    expect(await mailOf(h, asha)).toEqual([]);
  });

  test('when replies group while their mail is unsent, then one mail goes for the one notification', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    const postId = randomUUID();
    await deliver(
      h,
      commentEvent({ postId, concerns: { postAuthor: asha.id } }),
      commentEvent({ postId, concerns: { postAuthor: asha.id } }),
    );
    const [grouped] = await listOf(h, asha);
    expect(grouped).toMatchObject({ count: 2 });
    expect(await mailOf(h, asha)).toEqual([expect.objectContaining({ notificationId: grouped!._id })]);
  });
});
