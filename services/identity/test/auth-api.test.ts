import request from 'supertest';
import jwt from 'jsonwebtoken';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { identityService } from '../src/service';

const TEACHER_CODE = 'FAC-TEST-2026';
let h: ServiceHarness;
/** The service's clock: tests move it forward instead of sleeping. */
let clockOffsetMs = 0;

beforeAll(async () => {
  h = await startServiceForTest(
    identityService,
    {
      TEACHER_CODE,
      COOKIE_SECURE: 'true',
      PASSWORD_HASH_COST: '1024',
      // This file signs the same student up and in dozens of times within minutes, from one address:
      // every limit out of the way here. The limits are tested in sign-up-and-login-limits.test.ts.
      REGISTRATIONS_PER_HOUR: '1000',
      REGISTRATIONS_PER_EMAIL_PER_HOUR: '1000',
      LOGIN_ATTEMPTS_PER_15_MIN: '1000',
      LOGIN_ATTEMPTS_PER_ACCOUNT_15_MIN: '1000',
      LOGIN_ATTEMPTS_PER_CLIENT_15_MIN: '1000',
    },
    { now: () => new Date(Date.now() + clockOffsetMs) },
  );
});
afterAll(() => h.stop());
beforeEach(async () => {
  clockOffsetMs = 0;
  await h.reset();
});

const student = { name: 'Asha Rao', email: 'asha@campus.test', password: 'correct-horse', isTeacher: false };
const register = (body: object) => request(h.url).post('/api/auth/register').send(body);
const login = (email: string, password: string) =>
  request(h.url).post('/api/auth/login').send({ email, password });
const cookiesOf = (res: request.Response): string[] => {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
};
const cookie = (res: request.Response, name: string) => cookiesOf(res).find((c) => c.startsWith(`${name}=`));
const cookieValue = (res: request.Response, name: string) =>
  cookie(res, name)?.split(';')[0]?.split('=')[1] ?? '';

describe('registration', () => {
  test('when a student registers, then 201 with the user record and no password hash anywhere', async () => {
    const res = await register(student).expect(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Registration successful',
      user: { _id: expect.any(String), name: 'Asha Rao', email: 'asha@campus.test', isTeacher: false },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
  });

  test('when the email differs only in case and spacing, then 409 and a clear message', async () => {
    await register(student).expect(201);
    const res = await register({ ...student, email: '  ASHA@Campus.Test ' }).expect(409);
    expect(res.body).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists.',
    });
  });

  test.each([
    [{ ...student, name: '   ' }, 'Name is required'],
    [{ ...student, email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...student, email: undefined }, 'Email is required'],
    [{ ...student, password: '' }, 'Password is required'],
    [{ ...student, password: 'short' }, 'Password must be at least 8 characters'],
    [{ ...student, name: { $gt: '' } }, 'Name is required'],
  ])('when the payload is %j, then 400 "%s"', async (body, message) => {
    const res = await register(body).expect(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
  });

  test('when a teacher gives the wrong faculty code, then 400 "Invalid teacher unique ID." and no account exists', async () => {
    const teacher = { name: 'Dr. Rao', email: 'rao@campus.test', password: 'teacher-pass', isTeacher: true };
    const res = await register({ ...teacher, teacherCode: 'WRONG' }).expect(400);
    expect(res.body).toEqual({
      success: false,
      code: 'INVALID_TEACHER_CODE',
      message: 'Invalid teacher unique ID.',
    });
    await login(teacher.email, teacher.password).expect(401);
  });

  test('when a teacher gives no faculty code, then 400 "Invalid teacher unique ID."', async () => {
    const res = await register({
      name: 'T',
      email: 't@campus.test',
      password: 'teacher-pass',
      isTeacher: true,
    }).expect(400);
    expect(res.body.message).toBe('Invalid teacher unique ID.');
  });

  test('when a teacher gives the right code with spaces around it, then 201 and isTeacher is true', async () => {
    const res = await register({
      name: 'Dr. Rao',
      email: 'rao@campus.test',
      password: 'teacher-pass',
      isTeacher: true,
      teacherCode: `  ${TEACHER_CODE} `,
    }).expect(201);
    expect(res.body.user.isTeacher).toBe(true);
  });

  test('when a student sends a teacher code but no isTeacher, then the account is a student', async () => {
    const res = await register({ ...student, teacherCode: TEACHER_CODE }).expect(201);
    expect(res.body.user.isTeacher).toBe(false);
  });

  test('when someone registers, then identity.user.registered is published through the outbox with the request trace id', async () => {
    const seen: unknown[] = [];
    await h.bus.subscribe({
      queue: `test-registered-${Date.now()}`,
      events: ['identity.user.registered'],
      handle: async (e) => {
        seen.push(e);
      },
    });
    const res = await register(student).set('x-request-id', 'trace-register-1').expect(201);
    await waitFor('the registration event', () => seen.length === 1);
    expect(seen[0]).toMatchObject({
      name: 'identity.user.registered',
      producer: 'identity',
      traceId: 'trace-register-1',
      payload: { userId: res.body.user._id, name: 'Asha Rao', email: 'asha@campus.test', isTeacher: false },
    });
  });

  test.each([
    [{ ...student, name: 'Asha\u0000Rao' }, 'name'],
    [{ ...student, email: 'as\u0000ha@campus.test' }, 'email'],
  ])(
    'when a field holds a NUL byte (%j), then 400, not a 500, and nothing is logged with it',
    async (body, field) => {
      const res = await register(body).expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.issues[0].path).toBe(field);
      const login = await request(h.url)
        .post('/api/auth/login')
        .send({ email: 'a\u0000b@campus.test', password: 'whatever-pass' });
      expect(login.status).toBe(400);
    },
  );

  test('when the body claims gzip but is not compressed, then 400, not a 500', async () => {
    const res = await request(h.url)
      .post('/api/auth/register')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send(JSON.stringify(student));
    expect(res.status).toBe(400);
  });

  test('when the body is not JSON, then 400 INVALID_JSON, not a 500', async () => {
    const res = await request(h.url)
      .post('/api/auth/register')
      .set('content-type', 'application/json')
      .send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  test('when the body is larger than the cap, then 413', async () => {
    const res = await register({ ...student, name: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('login', () => {
  beforeEach(() => register(student).expect(201));

  test('when the credentials are right, then the spec user record with isFirstTime and httpOnly Lax cookies', async () => {
    const res = await login('Asha@campus.test', student.password).expect(200);
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: 'Asha Rao',
      email: 'asha@campus.test',
      isTeacher: false,
      isFirstTime: true,
    });
    const access = cookie(res, 'cc_access')!;
    const refresh = cookie(res, 'cc_refresh')!;
    for (const c of [access, refresh]) {
      expect(c).toMatch(/HttpOnly/);
      expect(c).toMatch(/SameSite=Lax/);
      expect(c).toMatch(/Secure/);
    }
    expect(access).toMatch(/Path=\//);
    expect(access).toMatch(/Max-Age=900/);
    // The whole API sees it, so the gateway can renew a lapsed session for any request (ADR 0007).
    expect(refresh).toMatch(/Path=\/api;/);
  });

  test('the access token is an ES256 JWT naming the user and role, expiring in 15 minutes', async () => {
    const res = await login(student.email, student.password).expect(200);
    const claims = jwt.verify(cookieValue(res, 'cc_access'), h.keys.publicKey, {
      algorithms: ['ES256'],
    }) as jwt.JwtPayload;
    expect(claims).toMatchObject({
      sub: res.body._id,
      name: 'Asha Rao',
      tch: false,
      iss: 'campus-identity',
      aud: 'campus',
    });
    expect(claims.exp! - claims.iat!).toBe(900);
    // The session the token belongs to, which logout revokes.
    expect(claims.sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });

  test.each([
    ['a wrong password', 'asha@campus.test', 'wrong-password'],
    ['an unknown email', 'nobody@campus.test', 'correct-horse'],
  ])('when the user gives %s, then 401 "Wrong Credentials" and no cookie', async (_case, email, password) => {
    const res = await login(email, password).expect(401);
    expect(res.body).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Wrong Credentials' });
    expect(cookiesOf(res)).toHaveLength(0);
  });

  test('when email or password is missing, then 400 with the field message', async () => {
    expect(
      (await request(h.url).post('/api/auth/login').send({ password: 'x' }).expect(400)).body.message,
    ).toBe('Email is required');
    expect(
      (await request(h.url).post('/api/auth/login').send({ email: 'a@b.c' }).expect(400)).body.message,
    ).toBe('Password is required');
  });

  test('when the email is an operator object, then 400 and never a 500', async () => {
    const res = await request(h.url)
      .post('/api/auth/login')
      .send({ email: { $ne: null }, password: { $ne: null } });
    expect(res.status).toBe(400);
  });
});

describe('me, refresh and logout', () => {
  async function signIn() {
    await register(student).expect(201);
    const agent = request.agent(h.url);
    // supertest's agent keeps Secure cookies only over https; the Cookie header is sent by hand instead.
    const res = await login(student.email, student.password).expect(200);
    return {
      agent,
      access: cookieValue(res, 'cc_access'),
      refresh: cookieValue(res, 'cc_refresh'),
      id: res.body._id as string,
    };
  }
  const withCookies = (r: request.Test, c: { access?: string; refresh?: string }) =>
    r.set(
      'Cookie',
      [c.access && `cc_access=${c.access}`, c.refresh && `cc_refresh=${c.refresh}`]
        .filter(Boolean)
        .join('; '),
    );

  test('when signed in, then /me answers the user; as a guest, 401 UNAUTHENTICATED', async () => {
    const s = await signIn();
    const me = await withCookies(request(h.url).get('/api/auth/me'), s).expect(200);
    expect(me.body).toMatchObject({ _id: s.id, name: 'Asha Rao', isFirstTime: true });
    const guest = await request(h.url).get('/api/auth/me').expect(401);
    expect(guest.body.code).toBe('UNAUTHENTICATED');
  });

  test('when the access token is forged with another key, then /me is 401', async () => {
    const s = await signIn();
    const forged = jwt.sign({ sub: s.id, name: 'x', tch: true }, 'not-the-key', { algorithm: 'HS256' });
    await withCookies(request(h.url).get('/api/auth/me'), { access: forged }).expect(401);
  });

  test('when an access token is signed with the real key but has no expiry, then /me is 401 UNAUTHENTICATED', async () => {
    const s = await signIn();
    const forever = jwt.sign({ sub: s.id, name: 'Asha Rao', tch: false }, h.keys.privateKey, {
      algorithm: 'ES256',
      issuer: 'campus-identity',
      audience: 'campus',
    });
    const res = await withCookies(request(h.url).get('/api/auth/me'), { access: forever }).expect(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    const bearer = await request(h.url).get('/api/auth/me').set('Authorization', `Bearer ${forever}`);
    expect(bearer.status).toBe(401);
  });

  test('when the refresh token is used, then it rotates: new cookies, and the old one no longer works', async () => {
    const s = await signIn();
    const first = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      200,
    );
    const rotated = cookieValue(first, 'cc_refresh');
    expect(rotated).not.toBe(s.refresh);
    expect(cookieValue(first, 'cc_access')).toBeTruthy();
    await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: rotated }).expect(200);
  });

  test('when two tabs refresh with the same token at once, then one wins, the other may retry, and nobody is logged out', async () => {
    const s = await signIn();
    const [a, b] = await Promise.all([
      withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }),
      withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }),
    ]);
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
    expect(winner.status).toBe(200);
    expect(loser.status).toBe(401);
    expect(loser.body.code).toBe('REFRESH_RACE');
    // The loser must not clear the cookies the winner just set.
    expect(cookiesOf(loser)).toHaveLength(0);
    const next = withCookies(request(h.url).post('/api/auth/refresh'), {
      refresh: cookieValue(winner, 'cc_refresh'),
    });
    await next.expect(200);
  });

  test('when a browser still holds a refresh cookie at the old path /api/auth, then refresh works and moves it to /api', async () => {
    const s = await signIn();
    const res = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      200,
    );
    expect(cookie(res, 'cc_refresh')).toMatch(/Path=\/api;/);
    const cleared = cookiesOf(res).filter((c) => c.startsWith('cc_refresh=;'));
    expect(cleared).toEqual([expect.stringMatching(/Path=\/api\/auth;.*Expires=Thu, 01 Jan 1970/)]);
  });

  const revokedSessions = async () => {
    const res = await request(h.url).get('/internal/session-revocations').expect(200);
    return (res.body.revocations as { sessionId: string }[]).map((r) => r.sessionId);
  };
  const sessionOf = (accessToken: string) => (jwt.decode(accessToken) as { sid: string }).sid;

  test('when a user logs out, then the session is listed as revoked for the gateway, until its last token would have lapsed', async () => {
    const s = await signIn();
    expect(await revokedSessions()).toEqual([]);
    await withCookies(request(h.url).post('/api/auth/logout'), s).expect(200);
    const list = await request(h.url).get('/internal/session-revocations').expect(200);
    expect(list.body.revocations).toEqual([{ sessionId: sessionOf(s.access), until: expect.any(String) }]);
    const until = Date.parse(list.body.revocations[0].until);
    const { exp } = jwt.decode(s.access) as { exp: number };
    expect(until).toBeGreaterThanOrEqual(exp * 1000);
    // Unchanged: 304 on the version the gateway holds.
    await request(h.url)
      .get('/internal/session-revocations')
      .set('If-None-Match', list.headers.etag!)
      .expect(304);
    // Once every token of the session has lapsed, it is no longer listed.
    clockOffsetMs = 16 * 60_000 + 60_000;
    expect(await revokedSessions()).toEqual([]);
  });

  test('when a client logs out with only its access token, then that session ends too', async () => {
    const s = await signIn();
    await withCookies(request(h.url).post('/api/auth/logout'), { access: s.access }).expect(200);
    expect(await revokedSessions()).toEqual([sessionOf(s.access)]);
    await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(401);
  });

  test('when someone else logs out with their own token, then my session lives on', async () => {
    const mine = await signIn();
    await register({ ...student, email: 'other@campus.test' }).expect(201);
    const other = await login('other@campus.test', student.password).expect(200);
    const forged = jwt.sign(
      { sub: other.body._id, name: 'x', tch: false, sid: sessionOf(mine.access) },
      h.keys.privateKey,
      { algorithm: 'ES256', issuer: 'campus-identity', audience: 'campus', expiresIn: 60 },
    );
    await withCookies(request(h.url).post('/api/auth/logout'), { access: forged }).expect(200);
    expect(await revokedSessions()).toEqual([]);
    await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: mine.refresh }).expect(200);
  });

  test('when a rotated refresh token is reused later, then the whole session family is revoked', async () => {
    const s = await signIn();
    const first = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      200,
    );
    const rotated = cookieValue(first, 'cc_refresh');
    clockOffsetMs = 5 * 60_000;
    // The thief replays the old token: refused, and the legitimate holder's newer token dies with it.
    const replay = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      401,
    );
    expect(replay.body.code).toBe('SESSION_ENDED');
    await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: rotated }).expect(401);
    // Its access tokens too, the one the legitimate holder got at the rotation included.
    expect(await revokedSessions()).toEqual([sessionOf(cookieValue(first, 'cc_access'))]);
  });

  test('when the answer that carried a rotated token was lost, then the old token presented again within a minute renews the session, and the lost token counts as a replay', async () => {
    const s = await signIn();
    const lost = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      200,
    );
    clockOffsetMs = 30_000;
    const again = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      200,
    );
    const renewed = cookieValue(again, 'cc_refresh');
    expect(renewed).not.toBe(cookieValue(lost, 'cc_refresh'));
    expect(await revokedSessions()).toEqual([]);
    await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: renewed }).expect(200);
    // Whoever holds the lost token (it was delivered after all, to a thief or a stale tab) ends the session.
    clockOffsetMs = 90_000;
    const replay = await withCookies(request(h.url).post('/api/auth/refresh'), {
      refresh: cookieValue(lost, 'cc_refresh'),
    }).expect(401);
    expect(replay.body.code).toBe('SESSION_ENDED');
    expect(await revokedSessions()).toEqual([sessionOf(s.access)]);
  });

  test('when the old token comes twice after a lost answer, then the second is a retryable race, and a third after the window ends the session', async () => {
    const s = await signIn();
    await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(200);
    clockOffsetMs = 30_000;
    const renewed = await withCookies(request(h.url).post('/api/auth/refresh'), {
      refresh: s.refresh,
    }).expect(200);
    const second = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      401,
    );
    expect(second.body.code).toBe('REFRESH_RACE');
    expect(await revokedSessions()).toEqual([]);
    clockOffsetMs = 50_000;
    // The old token once more, after the renewal was delivered: a replay.
    await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(401);
    expect(await revokedSessions()).toEqual([sessionOf(cookieValue(renewed, 'cc_access'))]);
  });

  test('when the successor was used, then the old token presented within a minute is a replay that ends the session', async () => {
    const s = await signIn();
    const first = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      200,
    );
    clockOffsetMs = 15_000;
    await withCookies(request(h.url).post('/api/auth/refresh'), {
      refresh: cookieValue(first, 'cc_refresh'),
    }).expect(200);
    clockOffsetMs = 30_000;
    const replay = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      401,
    );
    expect(replay.body.code).toBe('SESSION_ENDED');
    expect(await revokedSessions()).toEqual([sessionOf(s.access)]);
  });

  test('when logging out, then cookies are cleared and the refresh token is dead', async () => {
    const s = await signIn();
    const out = await withCookies(request(h.url).post('/api/auth/logout'), s).expect(200);
    expect(out.body).toEqual({ success: true });
    expect(cookie(out, 'cc_access')).toMatch(/Expires=Thu, 01 Jan 1970/);
    await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(401);
  });

  test('when a guest logs out, then 200 all the same', async () => {
    await request(h.url).post('/api/auth/logout').expect(200);
  });

  test('when refresh has no cookie, then 401 SESSION_ENDED', async () => {
    const res = await request(h.url).post('/api/auth/refresh').expect(401);
    expect(res.body.code).toBe('SESSION_ENDED');
  });

  test('when the refresh token has expired, then 401 SESSION_ENDED', async () => {
    const s = await signIn();
    clockOffsetMs = 31 * 24 * 3600 * 1000;
    const res = await withCookies(request(h.url).post('/api/auth/refresh'), { refresh: s.refresh }).expect(
      401,
    );
    expect(res.body.code).toBe('SESSION_ENDED');
  });

  test.each(['j%3A%7B%22a%22%3A1%7D', 'j%3A5', 'j%3A%5B1%2C2%5D'])(
    'when a session cookie is a JSON-looking value (%s), then 401 or 200, never a 500',
    async (value) => {
      const refresh = await request(h.url).post('/api/auth/refresh').set('Cookie', `cc_refresh=${value}`);
      expect(refresh.status).toBe(401);
      await request(h.url).post('/api/auth/logout').set('Cookie', `cc_refresh=${value}`).expect(200);
      await request(h.url).get('/api/auth/me').set('Cookie', `cc_access=${value}`).expect(401);
    },
  );

  test('when the profile service reports the profile completed, then login says isFirstTime false', async () => {
    const s = await signIn();
    await h.bus.publish({
      id: crypto.randomUUID(),
      name: 'profile.completed',
      occurredAt: new Date().toISOString(),
      producer: 'profile',
      payload: { userId: s.id, isTeacher: false },
    });
    await waitFor(
      'login to report the completed profile',
      async () => (await login(student.email, student.password)).body.isFirstTime === false,
    );
  });
});

describe('health', () => {
  test('liveness and readiness answer, readiness checks the database and bus', async () => {
    await request(h.url).get('/health').expect(200, { status: 'ok' });
    const ready = await request(h.url).get('/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', bus: 'ok' } });
  });

  test('the OpenAPI document lists every auth route', async () => {
    const doc = await request(h.url).get('/openapi.json').expect(200);
    expect(Object.keys(doc.body.paths).sort()).toEqual(
      [
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/me',
        '/api/auth/refresh',
        '/api/auth/register',
        '/api/me',
        '/api/me/export/identity',
      ].sort(),
    );
  });
});
