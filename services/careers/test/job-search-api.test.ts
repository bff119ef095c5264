import request from 'supertest';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { careersService } from '../src/service';
import { auth, decision, makeUser, postJob, validJob, type TestUser } from './helpers';

let h: ServiceHarness;
let asha: TestUser;
let vikram: TestUser;
// The service's clock: a second later at each reading; a test moves it by days.
let clock = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startServiceForTest(careersService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  clock = Date.parse('2026-03-10T09:00:00Z');
  asha = makeUser(h, 'Asha Rao');
  vikram = makeUser(h, 'Vikram Shah');
});

type Job = { _id: string; companyName: string; applyBy: string | null };
const names = (jobs: Job[]) => jobs.map((j) => j.companyName);
const search = async (query: Record<string, string>) =>
  (await request(h.url).get('/api/job/search').query(query).expect(200)).body as {
    data: Job[];
    total: number;
    pages: number;
    success: boolean;
  };

describe('apply-by date on job posts', () => {
  test('when a post gives an apply-by date, then every answer carries it; without one it is null', async () => {
    const created = await request(h.url)
      .post('/api/job/createjobpost')
      .set(auth(asha))
      .send({ ...validJob, applyBy: '2026-03-13' })
      .expect(201);
    expect(created.body.applyBy).toBe('2026-03-13');
    await postJob(h, asha, { ...validJob, companyName: 'TCS' });
    const list = await request(h.url).get('/api/job/alljobpost').expect(200);
    expect(list.body.map((j: Job) => j.applyBy)).toEqual([null, '2026-03-13']);
  });

  test('when the date is not a date or is in the past, then 400 with a sentence', async () => {
    const bad = await request(h.url)
      .post('/api/job/createjobpost')
      .set(auth(asha))
      .send({ ...validJob, applyBy: '13/03/2026' })
      .expect(400);
    expect(bad.body.message).toBe(CAREERS_MESSAGES.applyByInvalid);
    const past = await request(h.url)
      .post('/api/job/createjobpost')
      .set(auth(asha))
      .send({ ...validJob, applyBy: '2026-03-01' })
      .expect(400);
    expect(past.body.message).toBe(CAREERS_MESSAGES.applyByPast);
  });

  test('when its author edits it, then the date is set, and blank clears it', async () => {
    const id = await postJob(h, asha);
    const set = await request(h.url)
      .patch(`/api/job/jobpost/${id}`)
      .set(auth(asha))
      .send({ applyBy: '2026-04-01' })
      .expect(200);
    expect(set.body.applyBy).toBe('2026-04-01');
    const cleared = await request(h.url)
      .patch(`/api/job/jobpost/${id}`)
      .set(auth(asha))
      .send({ applyBy: '' })
      .expect(200);
    expect(cleared.body.applyBy).toBeNull();
    await request(h.url)
      .patch(`/api/job/jobpost/${id}`)
      .set(auth(vikram))
      .send({ applyBy: '2026-04-01' })
      .expect(403);
  });

  test('when the apply-by date has passed, then the post leaves the open list, search and company page, but stays in My Posted Job', async () => {
    await postJob(h, asha, { ...validJob, companyName: 'Closing Co', applyBy: '2026-03-12' });
    await postJob(h, asha, { ...validJob, companyName: 'Open Co' });
    clock += 2 * DAY; // 2026-03-12: its last day, still open
    expect(names((await request(h.url).get('/api/job/alljobpost').expect(200)).body)).toEqual([
      'Open Co',
      'Closing Co',
    ]);
    clock += DAY; // 2026-03-13: past it
    const open = await request(h.url).get('/api/job/alljobpost').expect(200);
    expect(names(open.body)).toEqual(['Open Co']);
    expect(open.headers['x-total-count']).toBe('1');
    expect(names((await search({})).data)).toEqual(['Open Co']);
    await request(h.url).get('/api/companies/closing-co').expect(404);
    const mine = await request(h.url).get('/api/job/alljobpost?mine=true').set(auth(asha)).expect(200);
    expect(names(mine.body).sort()).toEqual(['Closing Co', 'Open Co']);
  });
});

describe('GET /api/job/search', () => {
  beforeEach(async () => {
    await postJob(h, asha, {
      ...validJob,
      companyName: 'Google',
      role: 'SRE Intern',
      jobType: 'Intern',
      city: 'Bengaluru',
      salary: '80,000 / month',
      applyBy: '2026-03-12',
    });
    await postJob(h, asha, {
      ...validJob,
      companyName: 'Zoho',
      role: 'Backend Developer',
      jobType: 'Full-Time',
      city: 'Chennai',
      salary: 'Unpaid',
      jobDescription: 'Kubernetes and Go in production.',
      applyBy: '2026-03-11',
    });
    await postJob(h, vikram, {
      ...validJob,
      companyName: 'Infosys',
      role: 'Systems Engineer',
      jobType: 'Full-Time',
      city: 'bengaluru ',
      salary: '6.5 LPA',
    });
    await postJob(h, vikram, {
      ...validJob,
      companyName: 'Société Générale',
      role: 'Analyst',
      jobType: 'Part-Time',
      city: 'Pune',
      salary: 'As per norms',
      applyBy: '2026-04-30',
    });
  });

  test('with nothing, then every open post, newest first, in the search answer shape', async () => {
    const all = await search({});
    expect(all).toMatchObject({ success: true, total: 4, pages: 1 });
    expect(names(all.data)).toEqual(['Société Générale', 'Infosys', 'Zoho', 'Google']);
  });

  test('words find company, role and description, any case or accents, the last word a prefix', async () => {
    expect(names((await search({ q: 'GOOG' })).data)).toEqual(['Google']);
    expect(names((await search({ q: 'kubernetes' })).data)).toEqual(['Zoho']);
    expect(names((await search({ q: 'societe' })).data)).toEqual(['Société Générale']);
    expect(names((await search({ q: 'systems eng' })).data)).toEqual(['Infosys']);
    // Input is data, never syntax.
    expect((await search({ q: "' & | ! :* (" })).data).toEqual([]);
  });

  test('type, city (starts with, any case) and paid filter', async () => {
    expect(names((await search({ jobType: 'Full-Time' })).data)).toEqual(['Infosys', 'Zoho']);
    expect(names((await search({ city: 'BENGAL' })).data)).toEqual(['Infosys', 'Google']);
    expect(names((await search({ paid: 'true' })).data)).toEqual(['Infosys', 'Google']);
    expect(names((await search({ paid: 'true', city: 'bengaluru', jobType: 'Intern' })).data)).toEqual([
      'Google',
    ]);
  });

  test('closing within some days: only posts whose apply-by date is that close, soonest first', async () => {
    expect(names((await search({ closingWithinDays: '3' })).data)).toEqual(['Zoho', 'Google']);
    expect(names((await search({ closingWithinDays: '1' })).data)).toEqual(['Zoho']);
    expect(names((await search({ closingWithinDays: '0' })).data)).toEqual([]);
    expect(names((await search({ closingWithinDays: '365' })).data)).toEqual([
      'Zoho',
      'Google',
      'Société Générale',
    ]);
  });

  test('a hidden post is in no search, and pages go on with ?page=', async () => {
    const hidden = await postJob(h, asha, { ...validJob, companyName: 'Hidden Corp' });
    const hide = decision('moderation.content.hidden', {
      targetType: 'job',
      targetId: hidden,
      authorId: asha.id,
    });
    await h.bus.publish(hide);
    await h.waitForHandled(hide.id);
    expect(names((await search({ q: 'hidden' })).data)).toEqual([]);
    const first = await search({ limit: '3' });
    expect(first).toMatchObject({ total: 4, pages: 2 });
    const second = await search({ limit: '3', page: '2' });
    expect(names(second.data)).toEqual(['Google']);
  });

  test.each([
    [{ closingWithinDays: 'soon' }, CAREERS_MESSAGES.closingWithinInvalid],
    [{ closingWithinDays: '400' }, CAREERS_MESSAGES.closingWithinInvalid],
    [{ jobType: 'Contract' }, CAREERS_MESSAGES.jobTypeInvalid],
    [{ paid: 'maybe' }, CAREERS_MESSAGES.paidInvalid],
    [{ city: 'x'.repeat(101) }, CAREERS_MESSAGES.cityFilterTooLong],
  ])('bad filters %j are 400 with a sentence', async (query, message) => {
    const res = await request(h.url).get('/api/job/search').query(query).expect(400);
    expect(res.body).toMatchObject({ success: false, message });
  });
});
