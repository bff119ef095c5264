import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import type { EventEnvelope, EventPayload } from '@campus/contracts/events';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { jobPosts, outbox } from '../src/data/schema';
import { CLOSING_REMINDERS_EVERY_MS, createClosingRemindersJob } from '../src/domain/closing-reminders';
import { careersService } from '../src/service';
import { auth, decision, makeUser, postJob, validJob, type TestUser } from './helpers';

type Closing = EventPayload<'careers.job.closing'>;

const DAY = 24 * 60 * 60 * 1000;
let h: ServiceHarness;
let clock = Date.parse('2026-03-10T09:00:00Z');
const now = () => new Date(clock);
let reminders: Array<EventEnvelope<Closing>>;
let vikram: TestUser;

beforeAll(async () => {
  h = await startServiceForTest(careersService, {}, { now });
  await h.bus.subscribe(
    defineConsumer('careers-test-closing', {
      'careers.job.closing': async (e) => void reminders.push(e),
    }),
  );
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  clock = Date.parse('2026-03-10T09:00:00Z');
  reminders = [];
  vikram = makeUser(h, 'Vikram Shah');
});

/** A replica's reminder job on the shared database and the test's clock. */
const replicaJob = () =>
  createClosingRemindersJob({
    db: h.database.db,
    logger: pino({ level: process.env.H2_LOG ?? 'silent' }),
    now,
  });

const track = (user: TestUser, jobId: string, status: string) =>
  request(h.url).put(`/api/job/${jobId}/track`).set(auth(user)).send({ status }).expect(200);

/** A post closing on `applyBy`, by Vikram. */
const jobClosing = (applyBy: string, role = 'Backend Intern') =>
  postJob(h, vikram, { ...validJob, companyName: 'Razorpay', role, applyBy });

/** Runs a check later than the last one (a new hour), then lets the relay publish what it wrote. */
async function runReminders(): Promise<void> {
  clock += CLOSING_REMINDERS_EVERY_MS;
  expect(await replicaJob().tick()).toBe('ran');
}

/**
 * Every reminder written so far (the outbox holds what the job's transaction committed), once the
 * relay has published them all, as the notifications service receives them.
 */
async function expectReminders(count: number): Promise<Closing[]> {
  const written = await h.database.db.select().from(outbox).where(eq(outbox.name, 'careers.job.closing'));
  expect(written).toHaveLength(count);
  await waitFor(`${count} careers.job.closing published`, () => reminders.length >= count);
  expect(reminders).toHaveLength(count);
  return reminders.map((r) => r.payload);
}

describe('the apply-by reminder', () => {
  test('two days before the apply-by date, the students who saved the post (and only them) are named once', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    const zara = makeUser(h, 'Zara Khan');
    const meera = makeUser(h, 'Meera Iyer');
    const job = await jobClosing('2026-03-14');
    await track(asha, job, 'saved');
    await track(zara, job, 'saved');
    await track(ravi, job, 'saved');
    await track(ravi, job, 'applied'); // already applied: no reminder
    await track(meera, job, 'rejected');

    // Four days before: not yet.
    await runReminders();
    await expectReminders(0);

    clock = Date.parse('2026-03-12T06:00:00Z'); // two days before
    await runReminders();
    const [closing] = await expectReminders(1);
    expect(closing).toEqual({
      jobId: job,
      title: 'Backend Intern',
      company: 'Razorpay',
      applyBy: '2026-03-14',
      userIds: [asha.id, zara.id].sort(),
    });

    // Once: a later run, or another replica, names nobody again, even one who saved it since.
    await track(makeUser(h, 'Late Saver'), job, 'saved');
    await runReminders();
    clock += DAY;
    await runReminders();
    await expectReminders(1);
  });

  test('a post closing sooner than two days (posted late) is reminded at the next run; a past one never', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const tomorrow = await jobClosing('2026-03-11', 'Closes tomorrow');
    const yesterday = await jobClosing('2026-03-09', 'Closed yesterday');
    await track(asha, tomorrow, 'saved');
    await track(asha, yesterday, 'saved');
    await runReminders();
    const payloads = await expectReminders(1);
    expect(payloads.map((p) => p.jobId)).toEqual([tomorrow]);
  });

  test('a hidden post, a deleted post and a post nobody saved get no reminder', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const hidden = await jobClosing('2026-03-12', 'Hidden');
    const deleted = await jobClosing('2026-03-12', 'Deleted');
    const unsaved = await jobClosing('2026-03-12', 'Nobody saved it');
    const noDate = await postJob(h, vikram);
    await track(asha, hidden, 'saved');
    await track(asha, deleted, 'saved');
    await track(asha, noDate, 'saved');
    const hide = decision('moderation.content.hidden', {
      targetType: 'job',
      targetId: hidden,
      authorId: vikram.id,
    });
    await h.bus.publish(hide);
    await h.waitForHandled(hide.id);
    await request(h.url).delete(`/api/job/jobpost/${deleted}`).set(auth(vikram)).expect(200);

    await runReminders();
    await expectReminders(0);
    // The post nobody saved is marked all the same: nothing to look at again.
    const [row] = await h.database.db.select().from(jobPosts).where(eq(jobPosts.id, unsaved));
    expect(row?.closingRemindedFor).toBe('2026-03-12');
  });

  test('a post whose apply-by date is moved later is reminded again before the new date', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const job = await jobClosing('2026-03-12');
    await track(asha, job, 'saved');
    await runReminders();
    await expectReminders(1);

    await request(h.url)
      .patch(`/api/job/jobpost/${job}`)
      .set(auth(vikram))
      .send({ applyBy: '2026-03-20' })
      .expect(200);
    await runReminders();
    await expectReminders(1);
    clock = Date.parse('2026-03-18T09:00:00Z');
    await runReminders();
    const payloads = await expectReminders(2);
    expect(payloads[1]).toMatchObject({ jobId: job, applyBy: '2026-03-20', userIds: [asha.id] });
  });
});
