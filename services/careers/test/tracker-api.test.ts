import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { expectNoTraceOf } from '@campus/service-kit/testing/no-trace';
import { careersService } from '../src/service';
import { auth, decision, makeUser, postJob, validJob, type TestUser } from './helpers';

let h: ServiceHarness;
let asha: TestUser;
let vikram: TestUser;
let clock = Date.parse('2026-03-10T09:00:00Z');

beforeAll(async () => {
  h = await startServiceForTest(careersService, {}, { now: () => new Date((clock += 60_000)) });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  asha = makeUser(h, 'Asha Rao');
  vikram = makeUser(h, 'Vikram Shah');
});

const track = (user: TestUser, jobId: string, body: object) =>
  request(h.url).put(`/api/job/${jobId}/track`).set(auth(user)).send(body);
const trackerOf = async (user: TestUser) =>
  (await request(h.url).get('/api/job/tracker').set(auth(user)).expect(200)).body.data as Array<{
    job: { _id: string; companyName: string };
    status: string;
    note: string;
    history: Array<{ status: string; at: string }>;
  }>;

describe('the application tracker', () => {
  test('a student saves a job, moves it along with a note, and sees each status with its date', async () => {
    const job = await postJob(h, vikram, { ...validJob, companyName: 'Razorpay' });
    const saved = await track(asha, job, { status: 'saved' }).expect(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    expect(saved.body.data).toMatchObject({
      status: 'saved',
      note: '',
      job: { _id: job, companyName: 'Razorpay' },
    });
    await track(asha, job, { status: 'applied', note: '  Referral from Meera  ' }).expect(200);
    await track(asha, job, { status: 'interviewing' }).expect(200);
    const [tracked] = await trackerOf(asha);
    expect(tracked).toMatchObject({ status: 'interviewing', note: 'Referral from Meera' });
    expect(tracked!.history.map((x) => x.status)).toEqual(['saved', 'applied', 'interviewing']);
    const times = tracked!.history.map((x) => Date.parse(x.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(3);
  });

  test('status none removes it from the tracker', async () => {
    const job = await postJob(h, vikram);
    await track(asha, job, { status: 'saved' }).expect(200);
    const removed = await track(asha, job, { status: 'none' }).expect(200);
    expect(removed.body.data).toBeNull();
    expect(await trackerOf(asha)).toEqual([]);
  });

  test("nobody sees another student's tracker", async () => {
    const job = await postJob(h, vikram);
    await track(asha, job, { status: 'offer', note: 'Asha’s private note' }).expect(200);
    expect(await trackerOf(vikram)).toEqual([]);
    expect((await trackerOf(asha)).map((t) => t.status)).toEqual(['offer']);
    // Another's status change touches only their own row.
    await track(vikram, job, { status: 'rejected' }).expect(200);
    expect((await trackerOf(asha)).map((t) => t.note)).toEqual(['Asha’s private note']);
  });

  test('a guest is 401 on both calls', async () => {
    const job = await postJob(h, vikram);
    await request(h.url).get('/api/job/tracker').expect(401);
    await request(h.url).put(`/api/job/${job}/track`).send({ status: 'saved' }).expect(401);
  });

  test('a bad status or a long note is 400 with a sentence; an unknown, malformed or hidden post is 404', async () => {
    const job = await postJob(h, vikram);
    const bad = await track(asha, job, { status: 'ghosted' }).expect(400);
    expect(bad.body.message).toBe(CAREERS_MESSAGES.trackStatusInvalid);
    const long = await track(asha, job, { status: 'saved', note: 'x'.repeat(1001) }).expect(400);
    expect(long.body.message).toBe(CAREERS_MESSAGES.trackNoteTooLong);
    await track(asha, randomUUID(), { status: 'saved' }).expect(404);
    await track(asha, 'not-an-id', { status: 'saved' }).expect(404);
    const hide = decision('moderation.content.hidden', {
      targetType: 'job',
      targetId: job,
      authorId: vikram.id,
    });
    await h.bus.publish(hide);
    await h.waitForHandled(hide.id);
    await track(asha, job, { status: 'saved' }).expect(404);
  });

  test('a deleted post leaves every tracker', async () => {
    const job = await postJob(h, vikram);
    await track(asha, job, { status: 'applied' }).expect(200);
    await request(h.url).delete(`/api/job/jobpost/${job}`).set(auth(vikram)).expect(200);
    expect(await trackerOf(asha)).toEqual([]);
  });

  test('their tracker is in their export, and gone when they delete their account', async () => {
    const job = await postJob(h, vikram);
    await track(asha, job, { status: 'saved', note: 'Ask about stipend' }).expect(200);
    const exported = await request(h.url).get('/api/me/export/careers').set(auth(asha)).expect(200);
    expect(exported.body.files['job-tracker.json']).toEqual([
      expect.objectContaining({ jobId: job, status: 'saved', note: 'Ask about stipend' }),
    ]);
    const deleted = {
      id: randomUUID(),
      name: 'identity.user.deleted' as const,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      payload: { userId: asha.id, contributions: 'delete' as const },
    };
    await h.bus.publish(deleted);
    await h.waitForHandled(deleted.id);
    await expectNoTraceOf(h.database.db, 'careers', [asha.id]);
  });
});
