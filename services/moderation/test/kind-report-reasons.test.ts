import request from 'supertest';
import {
  KIND_REPORT_REASONS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  reportReasonLabel,
} from '@campus/contracts/moderation-rules';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { announce, person, queueOf, snapshot, startModeration, type Person } from './moderation-test-kit';

/** Reasons for one kind of item only: a job post reported as expired (issue 28, ADR 0117). */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startModeration();
});
afterAll(() => h.stop());

let author: Person;
let teacher: Person;
beforeEach(async () => {
  await h.reset();
  author = person(h, 'Vikram Shah');
  teacher = person(h, 'Dr. Mehta', true);
});

const jobPost = () =>
  snapshot(author, {
    targetType: 'job',
    link: '/jobs',
    title: 'Razorpay: Backend Intern',
  });

const reportAs = (who: Person, item: { targetType: string; targetId: string }, reason: string) =>
  request(h.url)
    .post('/api/reports')
    .set(who.headers)
    .send({ ...item, reason });

describe('a job post reported as expired', () => {
  test('when a student reports a job post as expired, then 201: the answer names the general reason it refines and the specific one, and the queue holds it as expired (its label: "The job is closed or no longer exists")', async () => {
    const job = await announce(h, jobPost());
    const ravi = person(h, 'Ravi Kumar');

    const res = await reportAs(ravi, job, 'expired').expect(201);

    expect(res.body.data).toMatchObject({
      targetType: 'job',
      targetId: job.targetId,
      reason: 'misleading',
      kindReason: 'expired',
    });
    const [entry] = await queueOf(h, teacher);
    expect(entry?.reports).toEqual([expect.objectContaining({ reason: 'expired' })]);
    expect(reportReasonLabel('expired')).toBe('The job is closed or no longer exists');
    expect(KIND_REPORT_REASONS.expired.for).toEqual(['job']);
  });

  test('when a general reason is given, then the answer has no specific reason', async () => {
    const job = await announce(h, jobPost());
    const res = await reportAs(person(h, 'Ravi Kumar'), job, 'scam').expect(201);
    expect(res.body.data.reason).toBe('scam');
    expect(res.body.data).not.toHaveProperty('kindReason');
    expect(reportReasonLabel('scam')).toBe(REPORT_REASONS.scam);
  });

  test('when anything but a job post is reported as expired, then 400 with the sentence, and nothing is recorded', async () => {
    const post = await announce(h, snapshot(author));
    const res = await reportAs(person(h, 'Ravi Kumar'), post, 'expired').expect(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'REASON_NOT_FOR_ITEM',
      message: MODERATION_MESSAGES.reasonNotForItem,
    });
    expect(await queueOf(h, teacher)).toEqual([]);
  });

  test('when a guest reports a job post as expired, then 401; an unknown reason is still a 400', async () => {
    const job = await announce(h, jobPost());
    await request(h.url)
      .post('/api/reports')
      .send({ ...job, reason: 'expired' })
      .expect(401);
    const bad = await reportAs(person(h, 'Ravi Kumar'), job, 'closed').expect(400);
    expect(bad.body.message).toBe(MODERATION_MESSAGES.reason);
  });
});
