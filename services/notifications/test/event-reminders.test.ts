import { randomUUID } from 'node:crypto';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import {
  deliver,
  envelope,
  listOf,
  mailOf,
  person,
  register,
  setPreferences,
  startNotifications,
} from './notifications-test-kit';

/** An event those going are going to starts soon (issue 27: events.reminder). */
let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications({
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'Campus Connect <no-reply@campus.test>',
    UNSUBSCRIBE_SECRET: 'a-test-secret-that-is-long-enough-1234',
    PUBLIC_ORIGIN: 'https://campus.test',
  }));
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const reminder = (userIds: string[], window: '24h' | '1h' = '24h', eventId = randomUUID()) =>
  envelope('events.event.reminder', {
    eventId,
    title: 'Robotics Night',
    // 6:00 pm on campus (Asia/Kolkata).
    startsAt: '2026-03-14T12:30:00.000Z',
    window,
    userIds,
  });

describe('events.reminder: reminders for events I am going to', () => {
  test('each student going gets one reminder naming the start in campus time, linking to the event, from nobody; nobody else does', async () => {
    const asha = person(h, 'Asha Rao');
    const ravi = person(h, 'Ravi Kumar');
    const zara = person(h, 'Zara Khan');
    const event = reminder([asha.id, ravi.id]);
    await deliver(h, event);
    for (const going of [asha, ravi])
      expect(await listOf(h, going)).toEqual([
        expect.objectContaining({
          kind: 'events.reminder',
          text: "Reminder: you're going to “Robotics Night”, Sat, 14 Mar, 6:00 pm",
          link: `/events?event=${event.payload.eventId}`,
          actor: null,
          read: false,
        }),
      ]);
    expect(await listOf(h, zara)).toEqual([]);
  });

  test('the hour-ahead reminder says it starts soon, and a redelivered reminder is not a second one', async () => {
    const asha = person(h, 'Asha Rao');
    const soon = reminder([asha.id], '1h');
    await deliver(h, soon);
    await h.bus.publish(soon);
    await h.waitForDeliveries(soon.id, 2);
    expect((await listOf(h, asha)).map((n) => n.text)).toEqual([
      'Starting soon: “Robotics Night” at 6:00 pm',
    ]);
  });

  test('it is emailed at once by default, and a student who turned it off gets nothing', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    const ravi = await register(h, person(h, 'Ravi Kumar'));
    await setPreferences(h, ravi, [{ kind: 'events.reminder', inApp: false, email: 'off' }]);
    await deliver(h, reminder([asha.id, ravi.id]));
    expect(await mailOf(h, asha)).toEqual([
      expect.objectContaining({ kind: 'events.reminder', delivery: 'instant' }),
    ]);
    expect(await listOf(h, asha)).toHaveLength(1);
    expect(await listOf(h, ravi)).toEqual([]);
    expect(await mailOf(h, ravi)).toEqual([]);
  });
});
