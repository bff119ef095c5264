import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { identityService } from '../src/service';

/**
 * The sign-up and login limits (ADR 0005) through HTTP, on the defaults unless a test says otherwise.
 * The service's clock is this test's: it only moves when a test moves it, so windows open and close
 * exactly, and each test starts two days after the last one, past every window an earlier test used.
 * Client addresses come from X-Forwarded-For, which the service trusts from loopback (the gateway).
 */
const TEACHER_CODE = 'FAC-LIMITS-2026';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
};
let h: ServiceHarness;

beforeAll(async () => {
  h = await startServiceForTest(
    identityService,
    { TEACHER_CODE, COOKIE_SECURE: 'true', PASSWORD_HASH_COST: '1024' },
    { now: () => new Date(clock) },
  );
});
afterAll(() => h.stop());
beforeEach(async () => {
  advance(48 * HOUR);
  await h.reset();
});

const PASSWORD = 'a-long-enough-password';
const CAMPUS = '198.51.100.20';
const HOME = '203.0.113.9';
// Addresses no other test signs in from (a known sign-in is not held by the address ceiling).
const LIBRARY = '198.51.100.40';
const LAB = '198.51.100.41';

const signUp = (from: string, email: string, extra: object = {}, url = h.url) =>
  request(url)
    .post('/api/auth/register')
    .set('X-Forwarded-For', from)
    .send({ name: 'Student', email, password: PASSWORD, ...extra });
const login = (from: string, email: string, password: string, url = h.url) =>
  request(url).post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

/** Sends `count` requests, `concurrency` at a time (a crowd, not one after the other), in order of `i`. */
async function crowd<T>(count: number, concurrency: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, k) => send(start + k));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}
const statuses = (answers: request.Response[]) =>
  answers.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});

const expectLimited = (res: request.Response, message: RegExp) => {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(message) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

describe('sign-up on a campus network', () => {
  test('when 300 students sign up from one campus address within an hour, then every one of them gets in', async () => {
    // 30 groups of 10 at once, two minutes apart: 58 minutes of a term-start rush, one email domain.
    const answers = await crowd(300, 10, async (i) => {
      if (i % 10 === 0 && i > 0) advance(2 * MINUTE);
      return signUp(CAMPUS, `student${i}@uni.example.edu`);
    });
    expect(statuses(answers)).toEqual({ 201: 300 });
    // The next one still gets in, and the address sees its own budget: 600 an hour by default.
    const next = await signUp(CAMPUS, 'student300@uni.example.edu').expect(201);
    expect(next.headers['ratelimit']).toContain('"sign-ups-per-address-hour"; r=299;');
  });

  test('when a script on one address tries to create 1,500 accounts, then it gets 600 and the rest are refused until the hour is over', async () => {
    const BOT = '192.0.2.66';
    // The script varies the domain too, so only the address can hold it.
    const answers = await crowd(1500, 25, (i) => signUp(BOT, `bot${i}@d${i}.example`));
    expect(statuses(answers)).toEqual({ 201: 600, 429: 900 });
    expectLimited(
      answers[1499]!,
      /^Too many sign-ups from this network right now\. Please try again in 60 minutes\.$/,
    );
    expect(answers[1499]!.headers['retry-after']).toBe(String(HOUR / 1000));

    // The campus next door (another address) is not affected.
    await signUp(CAMPUS, 'asha@uni.example.edu').expect(201);

    advance(59 * MINUTE);
    expectLimited(await signUp(BOT, 'bot-again@x.example'), /in a minute\.$/);
    advance(MINUTE);
    await signUp(BOT, 'bot-again@x.example').expect(201);
  });

  test('when one address keeps signing up hour after hour, then the day ceiling stops it until the day is over', async () => {
    const limited = await h.startAnother({ REGISTRATIONS_PER_HOUR: '3', REGISTRATIONS_PER_DAY: '5' });
    const BOT = '192.0.2.77';
    const at = (i: number) => signUp(BOT, `slow${i}@x${i}.example`, {}, limited.url);
    for (const i of [1, 2, 3]) await at(i).expect(201);
    expectLimited(await at(4), /right now/);
    advance(HOUR);
    for (const i of [5, 6]) await at(i).expect(201);
    expectLimited(
      await at(7),
      /^Too many sign-ups from this network today\. Please try again in 23 hours\.$/,
    );
    advance(23 * HOUR);
    await at(8).expect(201);
  });

  test('when one email is tried again and again from many addresses, then the 11th try in the hour is refused, other emails are not', async () => {
    const attempts = await crowd(11, 1, (i) => signUp(`192.0.2.${i + 1}`, '  Target@Uni.Example.EDU '));
    expect(attempts.map((r) => r.status)).toEqual([201, ...Array<number>(9).fill(409), 429]);
    expectLimited(
      attempts[10]!,
      /^Too many sign-up attempts for this email\. Please try again in 60 minutes\.$/,
    );
    // Written the way registration stores it, it is the same email and the same budget.
    expectLimited(await signUp('192.0.2.50', 'target@uni.example.edu'), /this email/);
    await signUp('192.0.2.50', 'other@uni.example.edu').expect(201);
    advance(HOUR);
    await signUp('192.0.2.50', 'target@uni.example.edu').expect(409);
  });

  test('when many addresses create accounts on one email domain, then the domain limit refuses more, while failed sign-ups and other domains do not count', async () => {
    const limited = await h.startAnother({ REGISTRATIONS_PER_EMAIL_DOMAIN_PER_HOUR: '5' });
    const from = (i: number) => `192.0.2.${100 + i}`;
    // A refused sign-up (too short a password) creates nothing, so it spends nothing.
    await signUp(from(0), 'a0@catchall.example', { password: 'short' }, limited.url).expect(400);
    for (let i = 1; i <= 5; i++) await signUp(from(i), `a${i}@catchall.example`, {}, limited.url).expect(201);
    expectLimited(
      await signUp(from(6), '  A6@CatchAll.Example', {}, limited.url),
      /^Too many new accounts with this email domain right now\. Please try again in 60 minutes\.$/,
    );
    await signUp(from(6), 'a6@uni.example.edu', {}, limited.url).expect(201);
    advance(HOUR);
    await signUp(from(7), 'a7@catchall.example', {}, limited.url).expect(201);
  });

  test('when someone guesses the faculty code, then after 10 wrong codes teacher sign-ups from that address are refused, even with the right code, and students still sign up', async () => {
    const GUESSER = '198.51.100.99';
    const teacher = (i: number, teacherCode: string) =>
      signUp(GUESSER, `teacher${i}@uni.example.edu`, { isTeacher: true, teacherCode });
    for (let i = 0; i < 10; i++) {
      const res = await teacher(i, `GUESS-${i}-000`);
      expect(res.body).toMatchObject({ code: 'INVALID_TEACHER_CODE' });
    }
    expectLimited(
      await teacher(10, TEACHER_CODE),
      /^Too many teacher sign-ups with a wrong faculty code\. Please try again in 60 minutes\.$/,
    );
    await signUp(GUESSER, 'student@uni.example.edu').expect(201);
    await signUp(HOME, 'teacher10@uni.example.edu', { isTeacher: true, teacherCode: TEACHER_CODE }).expect(
      201,
    );
    advance(HOUR);
    await teacher(11, TEACHER_CODE).expect(201);
  });

  test('when one address sends 600 malformed sign-ups, then each is a 400 and none spends the budget: a valid sign-up from it gets in', async () => {
    // Issue 22 §3: before, the limits ran before the body was checked and 600 empty bodies locked the
    // address's sign-ups for an hour.
    const junk = await crowd(600, 25, () =>
      request(h.url).post('/api/auth/register').set('X-Forwarded-For', CAMPUS).send({}),
    );
    expect(statuses(junk)).toEqual({ 400: 600 });
    expect(junk[599]!.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const valid = await signUp(CAMPUS, 'after-the-junk@uni.example.edu').expect(201);
    expect(valid.headers['ratelimit']).toContain('"sign-ups-per-address-hour"; r=599;');
  });
});

describe('login on a campus network', () => {
  const asha = 'asha@uni.example.edu';
  const ravi = 'ravi@uni.example.edu';
  beforeEach(async () => {
    await signUp(HOME, asha).expect(201);
    await signUp(HOME, ravi).expect(201);
  });

  test("when one student's wrong passwords run out their budget, then that student waits, and other students on the same address sign in", async () => {
    // Written with other spacing or case, it is the same account and the same budget.
    const spellings = [asha, ' ASHA@uni.example.edu', 'Asha@Uni.Example.Edu '];
    for (let i = 0; i < 10; i++) await login(CAMPUS, spellings[i % 3]!, `wrong-${i}`).expect(401);
    expectLimited(
      await login(CAMPUS, asha, PASSWORD),
      /^Too many failed logins for this account\. Please wait and try again in 15 minutes\.$/,
    );
    await login(CAMPUS, ravi, PASSWORD).expect(200);
    // Asha's budget is spent on the campus address only: at home she signs in.
    await login(HOME, asha, PASSWORD).expect(200);
    advance(15 * MINUTE);
    await login(CAMPUS, asha, PASSWORD).expect(200);
  });

  test('when an account is attacked from many addresses, then that account is locked everywhere until the window ends, and no other account is', async () => {
    // 30 wrong passwords, three from each of ten addresses: no address reaches its own limit.
    for (let i = 0; i < 30; i++) await login(`192.0.2.${200 + (i % 10)}`, asha, `guess-${i}`).expect(401);
    expectLimited(await login(HOME, asha, PASSWORD), /^Too many failed logins for this account\./);
    await login('192.0.2.200', ravi, PASSWORD).expect(200);
    advance(15 * MINUTE);
    await login(HOME, asha, PASSWORD).expect(200);
  });

  test('when 300 students on one address each mistype once, then nobody on that address is locked out', async () => {
    const answers = await crowd(300, 20, (i) => login(CAMPUS, `student${i}@uni.example.edu`, 'a-typo'));
    expect(statuses(answers)).toEqual({ 401: 300 });
    await login(CAMPUS, asha, PASSWORD).expect(200);
  });

  test('when one address sprays a password across many accounts, then the address ceiling refuses it, and other addresses sign in', async () => {
    const limited = await h.startAnother({ LOGIN_ATTEMPTS_PER_CLIENT_15_MIN: '20' });
    const SPRAYER = '192.0.2.250';
    const answers = await crowd(25, 5, (i) =>
      login(SPRAYER, `user${i}@uni.example.edu`, 'Spring2026!', limited.url),
    );
    expect(statuses(answers)).toEqual({ 401: 20, 429: 5 });
    expectLimited(
      answers[24]!,
      /^Too many failed logins from this network\. Please wait and try again in 15 minutes\.$/,
    );
    await login(CAMPUS, asha, PASSWORD, limited.url).expect(200);
  });

  test('when one address sends 500 malformed logins, then each is a 400 and a correct login from it still gets in', async () => {
    // Issue 22 §3: before, 500 empty bodies spent the address's failed-login ceiling for 15 minutes.
    const junk = await crowd(500, 25, () =>
      request(h.url).post('/api/auth/login').set('X-Forwarded-For', LIBRARY).send({}),
    );
    expect(statuses(junk)).toEqual({ 400: 500 });
    // The ceiling holds nothing but this request (the count is read before a success is given back).
    const res = await login(LIBRARY, asha, PASSWORD).expect(200);
    expect(res.headers['ratelimit']).toContain('"failed-logins-per-address"; r=499;');
  });

  test('when one address sends 1,000 wrong passwords to one account, then that account is locked from there, and the address ceiling is charged once: others on it sign in', async () => {
    const answers = await crowd(1000, 25, (i) => login(LAB, ravi, `guess-${i}`));
    // Ten reach the password check (the account's budget from this address); the rest are refused before it.
    expect(statuses(answers)).toEqual({ 401: 10, 429: 990 });
    expectLimited(answers[999]!, /^Too many failed logins for this account\./);
    expectLimited(await login(LAB, ravi, PASSWORD), /this account/);
    // The ceiling holds one of Ravi's failures and this request: 498 of 500 left.
    const res = await login(LAB, asha, PASSWORD).expect(200);
    expect(res.headers['ratelimit']).toContain('"failed-logins-per-address"; r=498;');
  });

  test('when an address is over its ceiling from spraying, then a student who signed in from it before still signs in, and is still held by her own limits; a newcomer waits', async () => {
    const limited = await h.startAnother({ LOGIN_ATTEMPTS_PER_CLIENT_15_MIN: '20' });
    await login(CAMPUS, asha, PASSWORD, limited.url).expect(200);
    const spray = await crowd(25, 5, (i) =>
      login(CAMPUS, `user${i}@uni.example.edu`, 'Spring2026!', limited.url),
    );
    expect(statuses(spray)).toEqual({ 401: 20, 429: 5 });
    // Asha signed in from this address before: the address ceiling does not hold her.
    await login(CAMPUS, asha, PASSWORD, limited.url).expect(200);
    // Her own budget still does: ten wrong passwords and she waits like anyone else.
    for (let i = 0; i < 10; i++) await login(CAMPUS, asha, `wrong-${i}`, limited.url).expect(401);
    expectLimited(await login(CAMPUS, asha, PASSWORD, limited.url), /this account/);
    // Ravi has never signed in from here: the ceiling holds him until the window ends (ADR 0005).
    expectLimited(await login(CAMPUS, ravi, PASSWORD, limited.url), /from this network/);
    advance(15 * MINUTE);
    await login(CAMPUS, ravi, PASSWORD, limited.url).expect(200);
  });

  test('when a student signs in correctly again and again, then no limit is spent', async () => {
    const answers = await crowd(40, 5, () => login(CAMPUS, asha, PASSWORD));
    expect(statuses(answers)).toEqual({ 200: 40 });
    for (let i = 0; i < 10; i++) await login(CAMPUS, asha, `wrong-${i}`).expect(401);
    expectLimited(await login(CAMPUS, asha, PASSWORD), /this account/);
  });
});
