import request from 'supertest';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import {
  ACCOUNT_DELETED_MESSAGE,
  DELETE_ACCOUNT_CHOICE_MESSAGE,
  DELETE_ACCOUNT_PASSWORD_MESSAGE,
  DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE,
} from '@campus/contracts/identity-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { tracesOf } from '@campus/service-kit/testing/no-trace';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { identityService } from '../src/service';
import { outbox, users } from '../src/data/schema';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(identityService, {
    TEACHER_CODE: 'FAC-TEST-2026',
    COOKIE_SECURE: 'true',
    PASSWORD_HASH_COST: '1024',
    LOGIN_ATTEMPTS_PER_ACCOUNT_15_MIN: '3',
  });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const student = { name: 'Asha Rao', email: 'asha@campus.test', password: 'correct-horse', isTeacher: false };
const cookiesOf = (res: request.Response): string[] => {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
};
const cookieValue = (res: request.Response, name: string) =>
  cookiesOf(res)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.split('=')[1] ?? '';

async function signIn(who = student) {
  await request(h.url).post('/api/auth/register').send(who).expect(201);
  const res = await request(h.url)
    .post('/api/auth/login')
    .send({ email: who.email, password: who.password })
    .expect(200);
  return {
    access: cookieValue(res, 'cc_access'),
    refresh: cookieValue(res, 'cc_refresh'),
    id: res.body._id as string,
  };
}
type Session = Awaited<ReturnType<typeof signIn>>;
const withCookies = (r: request.Test, s: { access?: string; refresh?: string }) =>
  r.set(
    'Cookie',
    [s.access && `cc_access=${s.access}`, s.refresh && `cc_refresh=${s.refresh}`].filter(Boolean).join('; '),
  );
const deleteAccount = (s: Session, body: object) =>
  withCookies(request(h.url).delete('/api/me'), s).send(body);
const revokedSessions = async () =>
  (
    (await request(h.url).get('/internal/session-revocations').expect(200)).body.revocations as {
      sessionId: string;
    }[]
  ).map((r) => r.sessionId);
const sessionOf = (accessToken: string) => (jwt.decode(accessToken) as { sid: string }).sid;
const deletedEvents = () =>
  h.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.name, 'identity.user.deleted'));
const accountExists = async (id: string) =>
  (await h.database.db.select().from(users).where(eq(users.id, id))).length === 1;

test('when a student deletes their account with their password, then 200, the cookies are cleared, the account is gone and identity.user.deleted carries their choice', async () => {
  const s = await signIn();
  const res = await deleteAccount(s, { password: student.password, contributions: 'anonymise' }).expect(200);
  expect(res.body).toEqual({ success: true, message: ACCOUNT_DELETED_MESSAGE });
  const cleared = cookiesOf(res).filter((c) => /Expires=Thu, 01 Jan 1970/.test(c));
  expect(cleared.map((c) => c.split('=')[0]).sort()).toEqual(['cc_access', 'cc_refresh', 'cc_refresh']);
  expect(await accountExists(s.id)).toBe(false);
  expect((await deletedEvents()).map((e) => e.payload)).toEqual([
    { userId: s.id, contributions: 'anonymise' },
  ]);
  // Nobody can sign in as them again, and the email is free for a new account.
  const login = await request(h.url)
    .post('/api/auth/login')
    .send({ email: student.email, password: student.password })
    .expect(401);
  expect(login.body.message).toBe('Wrong Credentials');
});

test('when the account is deleted, then every session ends at once: listed for the gateway, and its refresh token is refused', async () => {
  const phone = await signIn();
  const laptopRes = await request(h.url)
    .post('/api/auth/login')
    .send({ email: student.email, password: student.password })
    .expect(200);
  const laptop = {
    access: cookieValue(laptopRes, 'cc_access'),
    refresh: cookieValue(laptopRes, 'cc_refresh'),
  };
  await deleteAccount(phone, { password: student.password, contributions: 'delete' }).expect(200);
  expect((await revokedSessions()).sort()).toEqual(
    [sessionOf(phone.access), sessionOf(laptop.access)].sort(),
  );
  const refresh = await withCookies(request(h.url).post('/api/auth/refresh'), {
    refresh: laptop.refresh,
  }).expect(401);
  expect(refresh.body.code).toBe('SESSION_ENDED');
  await withCookies(request(h.url).get('/api/auth/me'), laptop).expect(401);
});

test('when the password is wrong, then 403 with a sentence, and the account, its sessions and every event stay', async () => {
  const s = await signIn();
  const res = await deleteAccount(s, { password: 'not-my-password', contributions: 'delete' }).expect(403);
  expect(res.body).toEqual({
    success: false,
    code: 'WRONG_PASSWORD',
    message: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE,
  });
  expect(await accountExists(s.id)).toBe(true);
  expect(await deletedEvents()).toEqual([]);
  expect(await revokedSessions()).toEqual([]);
  await withCookies(request(h.url).get('/api/auth/me'), s).expect(200);
});

test.each([
  [{ contributions: 'delete' }, DELETE_ACCOUNT_PASSWORD_MESSAGE],
  [{ password: '', contributions: 'delete' }, DELETE_ACCOUNT_PASSWORD_MESSAGE],
  [{ password: student.password }, DELETE_ACCOUNT_CHOICE_MESSAGE],
  [{ password: student.password, contributions: 'keep' }, DELETE_ACCOUNT_CHOICE_MESSAGE],
])('when the body is %j, then 400 "%s" and nothing is deleted', async (body, message) => {
  const s = await signIn();
  const res = await deleteAccount(s, body).expect(400);
  expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
  expect(await accountExists(s.id)).toBe(true);
});

test('when a guest asks to delete an account, then 401', async () => {
  const res = await request(h.url)
    .delete('/api/me')
    .send({ password: 'x', contributions: 'delete' })
    .expect(401);
  expect(res.body.code).toBe('UNAUTHENTICATED');
});

test('when wrong passwords keep coming for one account, then 429 like failed logins, even with the right one next', async () => {
  const s = await signIn();
  for (let i = 0; i < 3; i += 1)
    await deleteAccount(s, { password: `guess-${i}`, contributions: 'delete' }).expect(403);
  const res = await deleteAccount(s, { password: student.password, contributions: 'delete' }).expect(429);
  expect(res.body.message).toMatch(/^Too many wrong passwords\. Please wait and try again in \d+ minutes\.$/);
  expect(await accountExists(s.id)).toBe(true);
});

test('the account export answers the account without its password hash, never cached; a guest gets 401', async () => {
  const s = await signIn();
  const res = await withCookies(request(h.url).get('/api/me/export/identity'), s).expect(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.body).toEqual({
    service: 'identity',
    exportedAt: expect.any(String),
    files: {
      'account.json': {
        id: s.id,
        name: 'Asha Rao',
        email: 'asha@campus.test',
        role: 'student',
        profileCompleted: false,
        createdAt: expect.any(String),
      },
    },
  });
  expect(JSON.stringify(res.body)).not.toMatch(/scrypt|hash/i);
  await request(h.url).get('/api/me/export/identity').expect(401);
});

test('after the deletion, identity keeps no trace of the person but the deletion announcement (their id, until the outbox prunes it)', async () => {
  const s = await signIn();
  const other = await signIn({ ...student, name: 'Ravi Kumar', email: 'ravi@campus.test' });
  await withCookies(request(h.url).post('/api/auth/logout'), s).expect(200);
  const again = await request(h.url)
    .post('/api/auth/login')
    .send({ email: student.email, password: student.password })
    .expect(200);
  const current = {
    access: cookieValue(again, 'cc_access'),
    refresh: cookieValue(again, 'cc_refresh'),
    id: s.id,
  };
  // identity.user.registered (name, email) published before the deletion: scrubbed with it.
  await waitFor('the registrations published', async () =>
    (await h.database.db.select({ p: outbox.publishedAt }).from(outbox)).every((r) => r.p !== null),
  );
  await deleteAccount(current, { password: student.password, contributions: 'delete' }).expect(200);
  const traces = await tracesOf(h.database.db, 'identity', [s.id, student.name, student.email]);
  expect(traces.map(({ table, column, needle }) => ({ table, column, needle }))).toEqual([
    { table: 'outbox', column: 'payload', needle: s.id },
  ]);
  expect(JSON.parse(traces[0]!.value)).toEqual({ userId: s.id, contributions: 'delete' });
  // The other account is untouched.
  expect(await accountExists(other.id)).toBe(true);
  expect(await tracesOf(h.database.db, 'identity', [other.id, 'Ravi Kumar'])).not.toEqual([]);
});
