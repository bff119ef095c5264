import request from 'supertest';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { careersService } from '../src/service';
import { auth, decision, makeUser, postJob, shareInterview, validInterview, validJob } from './helpers';

/** Fixes from the review of issue 26: a hidden item is not found for anyone but its author. */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(careersService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

async function hide(target: { targetType: 'job' | 'interview'; targetId: string; authorId: string }) {
  const envelope = decision('moderation.content.hidden', target);
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
}

test('when a stranger edits or deletes a hidden job post, then 404 (not 403 NOT_OWNER, which would tell them it exists), and the post is unchanged', async () => {
  const asha = makeUser(h, 'Asha Rao');
  const ravi = makeUser(h, 'Ravi Kumar');
  const id = await postJob(h, asha);
  await hide({ targetType: 'job', targetId: id, authorId: asha.id });

  const edit = await request(h.url)
    .patch(`/api/job/jobpost/${id}`)
    .set(auth(ravi))
    .send({ companyName: 'Hijacked' })
    .expect(404);
  expect(edit.body.message).toBe(CAREERS_MESSAGES.jobNotFound);
  await request(h.url).delete(`/api/job/jobpost/${id}`).set(auth(ravi)).expect(404);

  const mine = await request(h.url).get('/api/job/alljobpost?mine=true').set(auth(asha)).expect(200);
  expect(mine.body.find((j: { _id: string }) => j._id === id)).toMatchObject({
    companyName: validJob.companyName,
  });
  // Its author still may.
  await request(h.url)
    .patch(`/api/job/jobpost/${id}`)
    .set(auth(asha))
    .send({ companyName: 'Acme Labs' })
    .expect(200);
});

test('when a stranger edits or deletes a hidden interview experience, then 404, and the experience is unchanged', async () => {
  const asha = makeUser(h, 'Asha Rao');
  const ravi = makeUser(h, 'Ravi Kumar');
  const id = await shareInterview(h, asha);
  await hide({ targetType: 'interview', targetId: id, authorId: asha.id });

  await request(h.url).get(`/api/interview/${id}`).set(auth(ravi)).expect(404);
  const edit = await request(h.url)
    .patch(`/api/interview/${id}`)
    .set(auth(ravi))
    .send({ companyName: 'Hijacked' })
    .expect(404);
  expect(edit.body.message).toBe(CAREERS_MESSAGES.interviewNotFound);
  await request(h.url).delete(`/api/interview/${id}`).set(auth(ravi)).expect(404);

  const own = await request(h.url).get(`/api/interview/${id}`).set(auth(asha)).expect(200);
  expect(JSON.stringify(own.body)).toContain(validInterview.companyName);
  expect(JSON.stringify(own.body)).toContain('hidden');
});
