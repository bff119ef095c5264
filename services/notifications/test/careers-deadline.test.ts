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

/** A saved job closes in two days: the students who saved it are reminded (issue 28: careers.deadline). */
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

const closing = (userIds: string[], jobId = randomUUID()) =>
  envelope('careers.job.closing', {
    jobId,
    title: 'Backend Intern',
    company: 'Razorpay',
    applyBy: '2026-03-14',
    userIds,
  });

describe('careers.deadline: saved jobs that close in two days', () => {
  test('each student the event names gets one reminder naming the job and its last day, linking to their tracker, from nobody; nobody else does', async () => {
    const asha = person(h, 'Asha Rao');
    const ravi = person(h, 'Ravi Kumar');
    const zara = person(h, 'Zara Khan');
    await deliver(h, closing([asha.id, ravi.id]));
    for (const saver of [asha, ravi])
      expect(await listOf(h, saver)).toEqual([
        expect.objectContaining({
          kind: 'careers.deadline',
          text: '“Backend Intern” at Razorpay closes on Mar 14, 2026: you saved it and have not applied yet',
          link: '/jobs/tracker',
          actor: null,
          read: false,
        }),
      ]);
    expect(await listOf(h, zara)).toEqual([]);
  });

  test('two posts closing are two reminders, and a redelivered event is not a second one', async () => {
    const asha = person(h, 'Asha Rao');
    const first = closing([asha.id]);
    await deliver(h, first, closing([asha.id]));
    await h.bus.publish(first);
    await h.waitForDeliveries(first.id, 2);
    expect(await listOf(h, asha)).toHaveLength(2);
  });

  test('it is emailed at once by default, and a student who turned it off in the app gets nothing there', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    const ravi = await register(h, person(h, 'Ravi Kumar'));
    await setPreferences(h, ravi, [{ kind: 'careers.deadline', inApp: false, email: 'off' }]);
    await deliver(h, closing([asha.id, ravi.id]));
    expect(await mailOf(h, asha)).toEqual([
      expect.objectContaining({ kind: 'careers.deadline', delivery: 'instant' }),
    ]);
    expect(await listOf(h, ravi)).toEqual([]);
    expect(await mailOf(h, ravi)).toEqual([]);
  });
});
