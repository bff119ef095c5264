import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { CAREERS_MESSAGES, INTERVIEW_MAX_LIMIT } from '@campus/contracts/careers-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { careersService } from '../src/service';
import { auth, captureEvents, makeUser, shareInterview, validInterview, type TestUser } from './helpers';

let h: ServiceHarness;
let events: EventEnvelope[];
let asha: TestUser;
let clock = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  h = await startServiceForTest(careersService, {}, { now: () => new Date((clock += 1000)) });
  events = await captureEvents(h);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  events.length = 0;
  asha = makeUser(h, 'Asha Rao');
});

const search = (query: string) => request(h.url).get(`/api/interview/search?${query}`).expect(200);
const roles = (body: { data: Array<{ role: string }> }) => body.data.map((i) => i.role);

describe('POST /api/interview/create', () => {
  test('when a signed-in user shares, then 201, the record keeps what was given, names them, and the event goes out', async () => {
    const res = await request(h.url)
      .post('/api/interview/create')
      .set(auth(asha))
      .send({ ...validInterview, postedBy: 'someone-else', uploaderName: 'Someone Else' })
      .expect(201);
    expect(res.body).toMatchObject({ success: true, message: CAREERS_MESSAGES.interviewCreated });
    expect(res.body.data).toMatchObject({
      ...validInterview,
      postedBy: asha.id,
      uploaderName: 'Asha Rao',
    });
    const detail = await request(h.url).get(`/api/interview/${res.body.data._id}`).expect(200);
    expect(detail.body).toEqual(res.body.data);
    await waitFor('careers.interview.shared published', () => events.length > 0);
    expect(events[0]?.payload).toEqual({
      interviewId: res.body.data._id,
      postedBy: asha.id,
      companyName: 'Google',
    });
  });

  test('when shared anonymously, then neither the name nor the user id is shown', async () => {
    const id = await shareInterview(h, asha, { ...validInterview, linkedinUrl: '', isAnonymous: true });
    const detail = await request(h.url).get(`/api/interview/${id}`).expect(200);
    expect(detail.body).toMatchObject({ uploaderName: null, postedBy: null });
    expect(JSON.stringify((await search('')).body)).not.toContain(asha.id);
  });

  test('when shared anonymously with a LinkedIn profile, then 400 on the link (it would name the author) and nothing is stored', async () => {
    const before = (await search('')).body.total as number;
    const res = await request(h.url)
      .post('/api/interview/create')
      .set(auth(asha))
      .send({ ...validInterview, isAnonymous: true })
      .expect(400);
    expect(res.body.issues).toEqual([
      { path: 'linkedinUrl', message: CAREERS_MESSAGES.anonymousWithProfile },
    ]);
    expect((await search('')).body.total).toBe(before);
  });

  test('when shared anonymously, then the careers.interview.shared event does not name the author either', async () => {
    const id = await shareInterview(h, asha, { ...validInterview, linkedinUrl: '', isAnonymous: true });
    await waitFor('careers.interview.shared published', () => events.length > 0);
    expect(events[0]?.payload).toEqual({ interviewId: id, postedBy: null, companyName: 'Google' });
    expect(JSON.stringify(events)).not.toContain(asha.id);
  });

  test('when only the required fields are sent, then the rest is empty', async () => {
    const id = await shareInterview(h, asha, { companyName: 'Zoho', role: 'Developer', salary: 'NA' });
    expect((await request(h.url).get(`/api/interview/${id}`).expect(200)).body).toMatchObject({
      interviewRounds: null,
      interviewRoundsDescription: '',
      interviewDate: null,
      interviewDifficulty: null,
      jobType: null,
      city: '',
      linkedinUrl: '',
    });
  });

  test('when a guest shares, then 401 and nothing is stored', async () => {
    await request(h.url).post('/api/interview/create').send(validInterview).expect(401);
    expect((await search('')).body.total).toBe(0);
  });

  test.each([
    ['companyName', { companyName: '  ' }, CAREERS_MESSAGES.companyRequired],
    ['role', { role: '' }, CAREERS_MESSAGES.roleRequired],
    ['salary', { salary: undefined }, CAREERS_MESSAGES.salaryRequired],
    ['interviewRounds', { interviewRounds: 0 }, CAREERS_MESSAGES.roundsInvalid],
    ['interviewRounds', { interviewRounds: 2.5 }, CAREERS_MESSAGES.roundsInvalid],
    ['interviewRounds', { interviewRounds: 21 }, CAREERS_MESSAGES.roundsInvalid],
    ['interviewRounds', { interviewRounds: 'three' }, CAREERS_MESSAGES.roundsInvalid],
    ['interviewDate', { interviewDate: '2026-02-30' }, CAREERS_MESSAGES.dateInvalid],
    ['interviewDate', { interviewDate: 'yesterday' }, CAREERS_MESSAGES.dateInvalid],
    ['interviewDate', { interviewDate: '2099-01-01' }, CAREERS_MESSAGES.dateInFuture],
    ['interviewDifficulty', { interviewDifficulty: 'Impossible' }, CAREERS_MESSAGES.difficultyInvalid],
    ['jobType', { jobType: 'Contract' }, CAREERS_MESSAGES.interviewJobTypeInvalid],
    ['linkedinUrl', { linkedinUrl: 'javascript:alert(1)' }, CAREERS_MESSAGES.linkInvalid],
    [
      'interviewRoundsDescription',
      { interviewRoundsDescription: { $ne: 1 } },
      'The rounds description must be text',
    ],
    ['isAnonymous', { isAnonymous: 'perhaps' }, 'isAnonymous must be true or false'],
  ])('when %s is %j, then 400 with its message and nothing is stored', async (path, change, message) => {
    const res = await request(h.url)
      .post('/api/interview/create')
      .set(auth(asha))
      .send({ ...validInterview, ...change })
      .expect(400);
    expect(res.body.issues).toEqual([{ path, message }]);
    expect((await search('')).body.total).toBe(0);
  });

  test.each(['Full-Time', 'Intern', 'Part-Time', 'Intern + FT'])(
    'when jobType is %s, then it is kept',
    async (jobType) => {
      const id = await shareInterview(h, asha, { ...validInterview, jobType });
      expect((await request(h.url).get(`/api/interview/${id}`).expect(200)).body.jobType).toBe(jobType);
    },
  );

  test('when the rounds are the editor’s formats, then they survive sanitizing', async () => {
    const html =
      '<h2>Round 1</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><blockquote>q</blockquote>' +
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>one</li></ol>' +
      '<p><a href="https://leetcode.com/problems/two-sum" rel="noopener noreferrer nofollow" target="_blank">link</a></p>' +
      '<p><img src="https://example.com/board.png"><img src="data:image/png;base64,iVBORw0KGgo="></p>';
    const id = await shareInterview(h, asha, { ...validInterview, interviewRoundsDescription: html });
    const stored = (await request(h.url).get(`/api/interview/${id}`).expect(200)).body
      .interviewRoundsDescription;
    expect(stored).toContain('<h2>Round 1</h2>');
    expect(stored).toContain('<strong>b</strong> <em>i</em> <u>u</u> <s>s</s>');
    expect(stored).toContain('<li data-list="bullet">');
    expect(stored).toContain('href="https://leetcode.com/problems/two-sum"');
    expect(stored).toContain('<img src="https://example.com/board.png" />');
    expect(stored).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" />');
  });

  test('when the editor wrote every space as &nbsp;, then the record keeps normal spaces between words and the width of a longer run', async () => {
    const typed =
      '<p>The&nbsp;assessment&nbsp;had&nbsp;a&nbsp;sliding&nbsp;window&nbsp;question.</p><p>Two&nbsp;&nbsp;&nbsp;spaces\u00a0<strong>here</strong></p>';
    const id = await shareInterview(h, asha, { ...validInterview, interviewRoundsDescription: typed });
    const stored: string = (await request(h.url).get(`/api/interview/${id}`).expect(200)).body
      .interviewRoundsDescription;
    expect(stored).toContain('<p>The assessment had a sliding window question.</p>');
    expect(stored).toContain('Two\u00a0\u00a0 spaces <strong>here</strong>');
    expect(stored).not.toMatch(/&nbsp;|[^\u00a0]\u00a0[^\u00a0 ]/);
  });

  test.each([
    ['a script tag', '<p>hi</p><script>alert(1)</script>', /script|alert/i],
    [
      'an event handler',
      '<img src="https://x.test/a.png" onerror="alert(1)"><p onclick="alert(2)">x</p>',
      /on(error|click)/i,
    ],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt&#58;alert(1)">y</a>',
      /javascript/i,
    ],
    [
      'a data:text/html link',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      /data:text|script/i,
    ],
    [
      'an SVG image',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"><svg onload="alert(1)"></svg>',
      /svg|onload/i,
    ],
    [
      'a style trick',
      '<p style="background:url(javascript:alert(1))">x</p><style>*{}</style>',
      /style|javascript/i,
    ],
    [
      'malformed markup',
      '<p <img src=x onerror=alert(1)>//<iframe src="https://evil.test"></iframe>',
      /onerror|iframe/i,
    ],
  ])('when the rounds carry %s, then it is removed on write', async (_name, html, unsafe) => {
    const id = await shareInterview(h, asha, { ...validInterview, interviewRoundsDescription: html });
    const stored = (await request(h.url).get(`/api/interview/${id}`).expect(200)).body
      .interviewRoundsDescription;
    expect(stored).not.toMatch(unsafe);
  });
});

describe('GET /api/interview/{id}', () => {
  test('when the id is unknown, then 404 JSON; when it is malformed, then 400', async () => {
    const missing = await request(h.url)
      .get('/api/interview/00000000-0000-4000-8000-000000000000')
      .expect(404);
    expect(missing.body).toMatchObject({ success: false, message: CAREERS_MESSAGES.interviewNotFound });
    const bad = await request(h.url).get('/api/interview/not-an-id').expect(400);
    expect(bad.body).toMatchObject({ success: false, message: CAREERS_MESSAGES.interviewIdInvalid });
  });
});

describe('GET /api/interview/search', () => {
  async function shareMany() {
    await shareInterview(h, asha, {
      ...validInterview,
      companyName: 'Google',
      role: 'SDE Intern',
      interviewDate: '2025-08-01',
      interviewRoundsDescription: '<p>Dynamic programming and a <strong>système</strong> design chat</p>',
    });
    await shareInterview(h, asha, {
      ...validInterview,
      companyName: 'Microsoft',
      role: 'Data Scientist',
      interviewDate: '2025-11-20',
      interviewRoundsDescription: '<p>Statistics, SQL and a case study about Google Maps</p>',
    });
    await shareInterview(h, asha, {
      ...validInterview,
      companyName: 'Amazon',
      role: 'SDE 1',
      interviewDate: '2025-03-10',
      interviewRoundsDescription: '<p>Leadership principles; two arrays questions</p>',
    });
  }

  test('when nothing is asked, then newest shared first with the spec envelope and a default page of 6', async () => {
    await shareMany();
    const res = await search('');
    expect(res.body).toMatchObject({
      success: true,
      page: 1,
      pages: 1,
      total: 3,
      message: CAREERS_MESSAGES.searchFound,
    });
    expect(roles(res.body)).toEqual(['SDE 1', 'Data Scientist', 'SDE Intern']);
  });

  test('when q names a company, role or words of the experience, then matches are ranked, company first', async () => {
    await shareMany();
    expect(roles((await search('q=google')).body)).toEqual(['SDE Intern', 'Data Scientist']);
    expect(roles((await search('q=scien')).body)).toEqual(['Data Scientist']);
    expect(roles((await search('q=leadership')).body)).toEqual(['SDE 1']);
  });

  test('when q differs in case or accents, or is a prefix, then it still matches', async () => {
    await shareMany();
    expect(roles((await search('q=MICRO')).body)).toEqual(['Data Scientist']);
    expect(roles((await search('q=systeme')).body)).toEqual(['SDE Intern']);
    expect(roles((await search(`q=${encodeURIComponent('dynamic progr')}`)).body)).toEqual(['SDE Intern']);
  });

  test('when q carries pattern or query syntax, then it is just text and never 5xx', async () => {
    await shareMany();
    for (const q of ['%', '_', '.*', "' or 1=1 --", 'a & | ! :* (', '\\', '<script>', '"google"', '😀'])
      expect((await search(`q=${encodeURIComponent(q)}`)).body.success).toBe(true);
    expect((await search('q=%25')).body.total).toBe(0);
  });

  test('when the company filter is given, then only that company, whatever the case', async () => {
    await shareMany();
    expect(roles((await search('company=micro')).body)).toEqual(['Data Scientist']);
    expect(roles((await search('company=GOOGLE&q=sde')).body)).toEqual(['SDE Intern']);
    expect((await search('company=%25')).body.total).toBe(0);
  });

  test('when sorted by date, then by interview date, newest or oldest first', async () => {
    await shareMany();
    expect(roles((await search('sort=date_desc')).body)).toEqual(['Data Scientist', 'SDE Intern', 'SDE 1']);
    expect(roles((await search('sort=date_asc')).body)).toEqual(['SDE 1', 'SDE Intern', 'Data Scientist']);
  });

  test('when nothing matches, then an empty page with the spec message', async () => {
    await shareMany();
    expect((await search('q=nokia')).body).toEqual({
      success: true,
      message: CAREERS_MESSAGES.searchEmpty,
      data: [],
      page: 1,
      pages: 0,
      total: 0,
    });
  });

  test('when paged, then Load More pages follow on and a page past the end is empty with the total', async () => {
    for (let i = 0; i < 8; i++) await shareInterview(h, asha, { ...validInterview, role: `Role ${i}` });
    const first = await search('q=google');
    expect(first.body).toMatchObject({ pages: 2, total: 8 });
    expect(first.body.data).toHaveLength(6);
    const second = await search('q=google&page=2');
    expect(roles(second.body)).toEqual(['Role 1', 'Role 0']);
    expect((await search('q=google&page=3')).body).toMatchObject({ data: [], total: 8, pages: 2 });
  });

  test('when the query is out of bounds, then 400 naming the problem', async () => {
    for (const [q, message] of [
      [`q=${'a'.repeat(201)}`, CAREERS_MESSAGES.queryTooLong],
      ['sort=likes_desc', CAREERS_MESSAGES.sortInvalid],
      [`limit=${INTERVIEW_MAX_LIMIT + 1}`, `Limit must be a whole number from 1 to ${INTERVIEW_MAX_LIMIT}`],
      ['page=-1', 'Page must be a whole number from 1 to 10000'],
    ])
      expect((await request(h.url).get(`/api/interview/search?${q}`).expect(400)).body.message).toBe(message);
  });
});

describe('GET /api/interview/search at scale (ranked by windows of 50, totals estimated past the page)', () => {
  /** `count` experiences straight into the table (sharing thousands through HTTP would take minutes), newest first by `i`. */
  async function seedMany(count: number, describe: (i: number) => { company: string; text: string }) {
    const rows = Array.from({ length: count }, (_, i) => ({ i, ...describe(i) }));
    await h.database.db.execute(sql`
      insert into careers.interviews (company_name, role, interview_rounds_description, interview_date, salary,
        posted_by, uploader_name, created_at)
      select r.company, 'Role ' || r.i, r.text, date '2025-01-01' + (r.i * 7919) % 365, '10 LPA', 'seed', 'Seed',
             timestamptz '2026-01-01' - r.i * interval '1 minute'
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(i int, company text, text text)`);
  }

  async function allPages(query: string, limit: number) {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const body = (await search(`${query}&limit=${limit}&page=${page}`)).body;
      seen.push(...body.data.map((i: { role: string }) => i.role));
      // The frontend shows Load More while page < pages: stopping there must have reached every match.
      if (page >= body.pages) return { seen, last: body };
    }
  }

  test('when a word is common, then Load More reaches every match once, in order, and the last page has the exact total', async () => {
    await seedMany(2600, (i) => ({
      company: 'Nimbus',
      text: i % 3 === 0 ? '<p>kubernetes operators</p>' : '<p>arrays</p>',
    }));
    const first = (await search('q=kubernetes')).body;
    // More rows than the walk reads for one page: the total is an estimate, above the page.
    expect(first.data).toHaveLength(6);
    expect(first.pages).toBeGreaterThan(1);
    expect(first.total).toBeGreaterThanOrEqual(51);
    const { seen, last } = await allPages('q=kubernetes', 50);
    const expected = Array.from({ length: 2600 }, (_, i) => i)
      .filter((i) => i % 3 === 0)
      .map((i) => `Role ${i}`);
    expect(seen).toEqual(expected); // same rank everywhere: newest first, no duplicate, no gap
    expect(last).toMatchObject({ total: expected.length, pages: Math.ceil(expected.length / 50) });
  });

  test('when a word is rare among many experiences, then it is looked up and counted exactly', async () => {
    await seedMany(2600, (i) => ({
      company: 'Nimbus',
      text: i % 500 === 7 ? '<p>zanzibar trip</p>' : '<p>arrays</p>',
    }));
    const body = (await search('q=zanzib')).body;
    expect(body).toMatchObject({ total: 6, pages: 1 });
    expect(roles(body)).toEqual(['Role 7', 'Role 507', 'Role 1007', 'Role 1507', 'Role 2007', 'Role 2507']);
  });

  test('when sorted by date, then every page follows the interview date across the whole list', async () => {
    await seedMany(2600, (i) => ({ company: 'Nimbus', text: i % 2 ? '<p>graphs</p>' : '<p>arrays</p>' }));
    const { seen, last } = await allPages('q=graphs&sort=date_asc', 50);
    const date = (i: number) => (i * 7919) % 365;
    const expected = Array.from({ length: 2600 }, (_, i) => i)
      .filter((i) => i % 2)
      .sort((a, b) => date(a) - date(b) || a - b)
      .map((i) => `Role ${i}`);
    expect(seen).toEqual(expected);
    expect(last.total).toBe(1300);
  });

  test('when there are more than 50 matches, then the newest 50 are ranked together, then the next 50', async () => {
    // The company hit is the oldest of 56 matches: it leads the second window, not the first page.
    await seedMany(56, (i) =>
      i === 55
        ? { company: 'Kestrel', text: '<p>arrays</p>' }
        : { company: 'Nimbus', text: '<p>kestrel cache</p>' },
    );
    const first = (await search('q=kestrel&limit=50')).body;
    expect(first).toMatchObject({ total: 56, pages: 2 });
    expect(roles(first)).toEqual(Array.from({ length: 50 }, (_, i) => `Role ${i}`));
    expect(roles((await search('q=kestrel&limit=50&page=2')).body)).toEqual([
      'Role 55',
      ...[50, 51, 52, 53, 54].map((i) => `Role ${i}`),
    ]);
    // Within the newest 50 it comes first.
    await h.reset();
    await seedMany(56, (i) =>
      i === 10
        ? { company: 'Kestrel', text: '<p>arrays</p>' }
        : { company: 'Nimbus', text: '<p>kestrel cache</p>' },
    );
    expect(roles((await search('q=kestrel')).body)[0]).toBe('Role 10');
  });

  test('when a page is far down the list, then the database answers it in the same order, with the exact total', async () => {
    // Every row matches; the one company hit is row 1210, in the window of rows 1200-1249.
    await seedMany(2600, (i) =>
      i === 1210
        ? { company: 'Kestrel', text: '<p>arrays</p>' }
        : { company: 'Nimbus', text: '<p>kestrel cache</p>' },
    );
    const page = async (n: number) => (await search(`q=kestrel&limit=50&page=${n}`)).body;
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `Role ${from + i}`);
    // Page 19 is read off the walk, page 20 onwards (past 1,000 matches) in the database.
    expect(roles(await page(19))).toEqual(rows(900, 950));
    expect(roles(await page(20))).toEqual(rows(950, 1000));
    const deep = await page(25);
    expect(roles(deep)).toEqual(['Role 1210', ...rows(1200, 1210), ...rows(1211, 1250)]);
    expect(deep).toMatchObject({ total: 2600, pages: 52 });
    expect(await page(53)).toMatchObject({ data: [], total: 2600 });
  });

  test("when filtered by company, then the total is that company's count, kept as experiences are shared", async () => {
    await seedMany(30, (i) => ({ company: i % 3 ? 'Société Générale' : 'Socotra', text: '<p>arrays</p>' }));
    expect((await search('company=societe')).body).toMatchObject({ total: 20, pages: 4 });
    expect((await search('company=soc')).body.total).toBe(30);
    await shareInterview(h, asha, { ...validInterview, companyName: 'SOCIÉTÉ GÉNÉRALE' });
    expect((await search('company=societe')).body.total).toBe(21);
    expect((await search('')).body.total).toBe(31);
  });
});
