import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { CAREERS_MESSAGES, JOB_MAX_LIMIT } from '@campus/contracts/careers-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { careersService } from '../src/service';
import { auth, captureEvents, makeUser, postJob, validJob, type TestUser } from './helpers';

let h: ServiceHarness;
let events: EventEnvelope[];
let asha: TestUser;
let vikram: TestUser;
let clock = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  // The service's clock: each reading a second after the last, so "newest first" never ties.
  h = await startServiceForTest(careersService, {}, { now: () => new Date((clock += 1000)) });
  events = await captureEvents(h);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  events.length = 0;
  asha = makeUser(h, 'Asha Rao');
  vikram = makeUser(h, 'Vikram Shah');
});

const companies = (body: Array<{ companyName: string }>) => body.map((j) => j.companyName);

describe('GET /api/job/alljobpost', () => {
  test('when jobs are posted, then anyone gets a bare array, newest first, with every field of the spec', async () => {
    await postJob(h, asha, { ...validJob, companyName: 'Infosys' });
    await postJob(h, vikram, { ...validJob, companyName: 'TCS' });

    const res = await request(h.url).get('/api/job/alljobpost').expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(companies(res.body)).toEqual(['TCS', 'Infosys']);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        '_id',
        'postedBy',
        'companyName',
        'role',
        'jobDescription',
        'jobType',
        'salary',
        'city',
        'jobLink',
        'linkedinUrl',
        'createdAt',
        'editedAt', // issue 26, additive: null until its author edits it
        'applyBy', // issue 28, additive: null when not given
      ].sort(),
    );
    expect(res.headers['x-total-count']).toBe('2');
  });

  test('when there are more posts than a page, then ?page= reaches the rest and the headers say how many', async () => {
    for (const c of ['A', 'B', 'C']) await postJob(h, asha, { ...validJob, companyName: c });
    const first = await request(h.url).get('/api/job/alljobpost?limit=2').expect(200);
    expect(companies(first.body)).toEqual(['C', 'B']);
    expect(first.headers).toMatchObject({ 'x-total-count': '3', 'x-page': '1', 'x-pages': '2' });
    const second = await request(h.url).get('/api/job/alljobpost?limit=2&page=2').expect(200);
    expect(companies(second.body)).toEqual(['A']);
  });

  test('when a signed-in user asks for mine, then only their own posts, privately', async () => {
    await postJob(h, asha, { ...validJob, companyName: 'Mine' });
    await postJob(h, vikram, { ...validJob, companyName: 'Theirs' });
    const res = await request(h.url).get('/api/job/alljobpost?mine=true').set(auth(asha)).expect(200);
    expect(companies(res.body)).toEqual(['Mine']);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('when a guest asks for mine, then 401', async () => {
    await request(h.url).get('/api/job/alljobpost?mine=true').expect(401);
  });

  test('when the page query is hostile, then 400, never 5xx', async () => {
    for (const q of [`limit=${JOB_MAX_LIMIT + 1}`, 'page=0', 'page=abc', 'mine=maybe', 'page=1e999'])
      await request(h.url).get(`/api/job/alljobpost?${q}`).expect(400);
  });
});

describe('POST /api/job/createjobpost', () => {
  test('when a signed-in user posts, then 201 with the post, postedBy is them whatever the body says, and the event goes out', async () => {
    const res = await request(h.url)
      .post('/api/job/createjobpost')
      .set(auth(asha))
      .send({ ...validJob, postedBy: vikram.id, companyName: '  Infosys  ' })
      .expect(201);
    expect(res.body).toMatchObject({ ...validJob, postedBy: asha.id, companyName: 'Infosys' });
    await waitFor('careers.job.posted published', () => events.length > 0);
    expect(events[0]).toMatchObject({
      name: 'careers.job.posted',
      payload: { jobId: res.body._id, postedBy: asha.id },
    });
  });

  test('when only the required fields are sent, then jobType is Full-Time and the optional ones are empty', async () => {
    const res = await request(h.url)
      .post('/api/job/createjobpost')
      .set(auth(asha))
      .send({ companyName: 'Zoho', role: 'Developer', jobDescription: 'Build things', salary: 'NA' })
      .expect(201);
    expect(res.body).toMatchObject({ jobType: 'Full-Time', city: '', jobLink: '', linkedinUrl: '' });
  });

  test('when a guest posts, then 401 and nothing is stored', async () => {
    await request(h.url).post('/api/job/createjobpost').send(validJob).expect(401);
    expect((await request(h.url).get('/api/job/alljobpost').expect(200)).body).toEqual([]);
  });

  test.each([
    ['companyName', { companyName: '   ' }, CAREERS_MESSAGES.companyRequired],
    ['role', { role: undefined }, CAREERS_MESSAGES.roleRequired],
    ['jobDescription', { jobDescription: '' }, CAREERS_MESSAGES.jobDescriptionRequired],
    ['salary', { salary: ' ' }, CAREERS_MESSAGES.salaryRequired],
    ['jobType', { jobType: 'Intern + FT' }, CAREERS_MESSAGES.jobTypeInvalid],
    ['jobLink', { jobLink: 'javascript:alert(1)' }, CAREERS_MESSAGES.linkInvalid],
    [
      'linkedinUrl',
      { linkedinUrl: 'data:text/html,<script>alert(1)</script>' },
      CAREERS_MESSAGES.linkInvalid,
    ],
    ['companyName', { companyName: 'x'.repeat(101) }, 'Company name must be at most 100 characters.'],
    ['companyName', { companyName: { $gt: '' } }, CAREERS_MESSAGES.companyRequired],
  ])('when %s is %j, then 400 with its message and nothing is stored', async (path, change, message) => {
    const res = await request(h.url)
      .post('/api/job/createjobpost')
      .set(auth(asha))
      .send({ ...validJob, ...change })
      .expect(400);
    expect(res.body.issues).toEqual([{ path, message }]);
    expect((await request(h.url).get('/api/job/alljobpost').expect(200)).body).toEqual([]);
  });

  test.each(['Full-Time', 'Intern', 'Part-Time'])('when jobType is %s, then it is kept', async (jobType) => {
    const res = await request(h.url)
      .post('/api/job/createjobpost')
      .set(auth(asha))
      .send({ ...validJob, jobType })
      .expect(201);
    expect(res.body.jobType).toBe(jobType);
  });
});

describe('DELETE /api/job/jobpost/{id}', () => {
  test('when the author deletes, then the post is gone and careers.job.deleted goes out', async () => {
    const id = await postJob(h, asha);
    const res = await request(h.url).delete(`/api/job/jobpost/${id}`).set(auth(asha)).expect(200);
    expect(res.body).toEqual({ success: true, message: CAREERS_MESSAGES.jobDeleted, data: { _id: id } });
    expect((await request(h.url).get('/api/job/alljobpost').expect(200)).body).toEqual([]);
    await waitFor('careers.job.deleted published', () =>
      events.some((e) => e.name === 'careers.job.deleted'),
    );
    expect(events.find((e) => e.name === 'careers.job.deleted')?.payload).toEqual({
      jobId: id,
      postedBy: asha.id,
    });
  });

  test('when another user deletes, then 403 and the post stays', async () => {
    const id = await postJob(h, asha);
    const res = await request(h.url).delete(`/api/job/jobpost/${id}`).set(auth(vikram)).expect(403);
    expect(res.body.message).toBe(CAREERS_MESSAGES.jobNotYours);
    expect((await request(h.url).get('/api/job/alljobpost').expect(200)).body).toHaveLength(1);
  });

  test('when a guest deletes, then 401 and the post stays', async () => {
    const id = await postJob(h, asha);
    await request(h.url).delete(`/api/job/jobpost/${id}`).expect(401);
    expect((await request(h.url).get('/api/job/alljobpost').expect(200)).body).toHaveLength(1);
  });

  test('when the post is unknown, already deleted or the id is malformed, then 404', async () => {
    const id = await postJob(h, asha);
    await request(h.url).delete(`/api/job/jobpost/${id}`).set(auth(asha)).expect(200);
    for (const missing of [id, '00000000-0000-4000-8000-000000000000', 'not-an-id', '%27%20or%201=1'])
      expect(
        (await request(h.url).delete(`/api/job/jobpost/${missing}`).set(auth(asha)).expect(404)).body.message,
      ).toBe(CAREERS_MESSAGES.jobNotFound);
  });
});
