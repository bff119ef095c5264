import request from 'supertest';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { careersService } from '../src/service';
import {
  auth,
  decision,
  makeUser,
  postJob,
  shareInterview,
  validInterview,
  validJob,
  type TestUser,
} from './helpers';

let h: ServiceHarness;
let asha: TestUser;
let vikram: TestUser;
let clock = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  h = await startServiceForTest(careersService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  asha = makeUser(h, 'Asha Rao');
  vikram = makeUser(h, 'Vikram Shah');
});

describe('GET /api/companies/{slug}', () => {
  test('when a company is written "Google", "google " and "GOOGLE", then it is one page under the most common spelling', async () => {
    await shareInterview(h, asha, {
      ...validInterview,
      companyName: 'Google',
      interviewRounds: 3,
      interviewDifficulty: 'Hard',
    });
    await shareInterview(h, vikram, {
      ...validInterview,
      companyName: 'google ',
      interviewRounds: 4,
      interviewDifficulty: 'Medium',
      role: 'SDE 1',
      salary: '32 LPA',
      interviewDate: '2025-11-20',
    });
    await shareInterview(h, asha, {
      ...validInterview,
      companyName: 'GOOGLE',
      interviewRounds: null,
      interviewDifficulty: null,
    });
    await shareInterview(h, vikram, {
      ...validInterview,
      companyName: 'Google',
      isAnonymous: true,
      linkedinUrl: '',
    });
    await postJob(h, asha, { ...validJob, companyName: '  Google', role: 'SRE', salary: '28 LPA' });
    await shareInterview(h, asha, { ...validInterview, companyName: 'Microsoft' });

    for (const path of ['google', 'Google', 'GOOGLE%20', 'google%20']) {
      const res = await request(h.url).get(`/api/companies/${path}`).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['experiences', 'jobs', 'name', 'stats']);
      expect(res.body.name).toBe('Google');
      expect(res.body.experiences).toHaveLength(4);
      expect(res.body.jobs.map((j: { role: string }) => j.role)).toEqual(['SRE']);
    }
    const { body } = await request(h.url).get('/api/companies/google').expect(200);
    expect(
      body.experiences.every((e: { companyName: string }) => e.companyName.trim().toLowerCase() === 'google'),
    ).toBe(true);
    // An anonymous experience still names nobody here.
    const anonymous = body.experiences.find((e: { uploaderName: string | null }) => e.uploaderName === null);
    expect(anonymous.postedBy).toBeNull();
    expect(body.stats).toMatchObject({
      interviews: 4,
      openJobs: 1,
      averageRounds: 3.3, // (3 + 4 + 3) / 3, the one without rounds left out
      difficulty: { Easy: 0, Medium: 1, Hard: 2, Difficult: 0, notGiven: 1 },
    });
    expect(body.stats.roles).toEqual([
      { role: 'Software Engineer Intern', count: 3 },
      { role: 'SDE 1', count: 1 },
    ]);
    expect(body.stats.salaries).toEqual(
      expect.arrayContaining([
        { role: 'Software Engineer Intern', salary: '1.2 L/month', count: 3, source: 'interview' },
        { role: 'SDE 1', salary: '32 LPA', count: 1, source: 'interview' },
        { role: 'SRE', salary: '28 LPA', count: 1, source: 'job' },
      ]),
    );
    // Visits by month: experiences by interview date, the job by when it was posted.
    expect(body.stats.timeline).toEqual([
      { month: '2025-11', interviews: 1, jobs: 0 },
      { month: '2026-01', interviews: 3, jobs: 0 },
      { month: '2026-03', interviews: 0, jobs: 1 },
    ]);
  });

  test('when accents differ, then "Société Générale" and "societe generale" are one company', async () => {
    await shareInterview(h, asha, { ...validInterview, companyName: 'Société Générale' });
    await shareInterview(h, vikram, { ...validInterview, companyName: 'societe  generale' });
    await shareInterview(h, vikram, { ...validInterview, companyName: 'Société Générale' });
    const res = await request(h.url).get('/api/companies/societe-generale').expect(200);
    expect(res.body.name).toBe('Société Générale');
    expect(res.body.stats.interviews).toBe(3);
    // The name itself as the path finds the same page.
    await request(h.url)
      .get(`/api/companies/${encodeURIComponent('Société Générale')}`)
      .expect(200);
  });

  test('when the company is unknown, or only hidden items name it, then 404 with a sentence', async () => {
    const res = await request(h.url).get('/api/companies/nobody-inc').expect(404);
    expect(res.body).toMatchObject({ success: false, message: CAREERS_MESSAGES.companyNotFound });
    await request(h.url).get('/api/companies/---').expect(404);

    const id = await shareInterview(h, asha, { ...validInterview, companyName: 'Shady Corp' });
    await request(h.url).get('/api/companies/shady-corp').expect(200);
    const hide = decision('moderation.content.hidden', {
      targetType: 'interview',
      targetId: id,
      authorId: asha.id,
    });
    await h.bus.publish(hide);
    await h.waitForHandled(hide.id);
    await request(h.url).get('/api/companies/shady-corp').expect(404);
  });

  test('when the viewer wrote one of the experiences, then only their answer marks it mine and is private', async () => {
    await shareInterview(h, asha, { ...validInterview, isAnonymous: true, linkedinUrl: '' });
    const mine = await request(h.url).get('/api/companies/google').set(auth(asha)).expect(200);
    expect(mine.body.experiences[0].mine).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const theirs = await request(h.url).get('/api/companies/google').set(auth(vikram)).expect(200);
    expect(theirs.body.experiences[0]).not.toHaveProperty('mine');
    const guest = await request(h.url).get('/api/companies/google').expect(200);
    expect(guest.body.experiences[0]).not.toHaveProperty('mine');
  });
});

describe('GET /api/companies', () => {
  test('when companies have experiences and jobs, then each is listed once with its counts, most items first', async () => {
    await shareInterview(h, asha, { ...validInterview, companyName: 'Google' });
    await shareInterview(h, vikram, { ...validInterview, companyName: 'google' });
    await postJob(h, asha, { ...validJob, companyName: 'GOOGLE ' });
    await postJob(h, asha, { ...validJob, companyName: 'Infosys' });

    const res = await request(h.url).get('/api/companies').expect(200);
    expect(res.body).toMatchObject({ success: true, page: 1, pages: 1, total: 2 });
    expect(res.body.data).toEqual([
      { name: expect.stringMatching(/^google$/i), slug: 'google', interviews: 2, jobs: 1 },
      { name: 'Infosys', slug: 'infosys', interviews: 0, jobs: 1 },
    ]);
  });

  test('when ?q= is given, then only companies whose name holds it, whatever the case or spaces', async () => {
    await shareInterview(h, asha, { ...validInterview, companyName: 'Goldman Sachs' });
    await shareInterview(h, asha, { ...validInterview, companyName: 'Google' });
    await postJob(h, asha, { ...validJob, companyName: 'Infosys' });
    const res = await request(h.url).get('/api/companies').query({ q: ' GOLDMAN   sachs ' }).expect(200);
    expect(res.body.data.map((c: { slug: string }) => c.slug)).toEqual(['goldman-sachs']);
    const none = await request(h.url).get('/api/companies').query({ q: 'zomato' }).expect(200);
    expect(none.body).toMatchObject({ data: [], total: 0, pages: 0 });
  });

  test('when there are more companies than a page, then ?page= reaches the rest', async () => {
    for (const c of ['A1', 'B2', 'C3']) await postJob(h, asha, { ...validJob, companyName: c });
    const first = await request(h.url).get('/api/companies?limit=2').expect(200);
    expect(first.body).toMatchObject({ total: 3, pages: 2 });
    const second = await request(h.url).get('/api/companies?limit=2&page=2').expect(200);
    expect(second.body.data).toHaveLength(1);
  });

  test('when the query is too long or the limit too big, then 400 with a sentence', async () => {
    const res = await request(h.url)
      .get('/api/companies')
      .query({ q: 'x'.repeat(101) })
      .expect(400);
    expect(res.body.message).toBe(CAREERS_MESSAGES.companyQueryTooLong);
    await request(h.url).get('/api/companies?limit=500').expect(400);
  });
});
