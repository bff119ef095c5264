import { waitFor } from '@campus/service-kit/testing/wait-for';
import { ApiClient, platformUrl, teacherCode, uniqueEmail } from '../support/api-client';

interface PublicUser {
  _id: string;
  name: string;
  email: string;
  isTeacher: boolean;
  isFirstTime?: boolean;
}

const PASSWORD = 'a-long-enough-password';

async function register(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await client.post<{ success: boolean; message: string; user: PublicUser }>(
    '/api/auth/register',
    {
      name: 'Asha Verma',
      email,
      password: PASSWORD,
      isTeacher: false,
      ...overrides,
    },
  );
  return { email, res };
}

function expectNoSecrets(body: unknown) {
  expect(JSON.stringify(body)).not.toMatch(/password|hash|scrypt|argon|stack/i);
}

describe('identity through the gateway', () => {
  it('when a student registers, then 201 with the public user record and no secret in it', async () => {
    const { email, res } = await register(new ApiClient());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Registration successful',
      user: { _id: expect.any(String), name: 'Asha Verma', email, isTeacher: false },
    });
    expectNoSecrets(res.body);
  });

  it('when a teacher registers with the faculty code, then 201 and isTeacher; with a wrong code, then 400 and no account', async () => {
    const client = new ApiClient();
    const right = await register(client, { isTeacher: true, teacherCode: teacherCode() });
    expect(right.res.status).toBe(201);
    expect(right.res.body.user.isTeacher).toBe(true);

    const wrong = await register(client, { isTeacher: true, teacherCode: 'NOT-THE-CODE' });
    expect(wrong.res.status).toBe(400);
    expect(wrong.res.body).toMatchObject({
      success: false,
      message: 'Invalid teacher unique ID.',
      code: 'INVALID_TEACHER_CODE',
    });
    const login = await client.post('/api/auth/login', { email: wrong.email, password: PASSWORD });
    expect(login.status).toBe(401);
  });

  it('when an email is taken, then 409 EMAIL_TAKEN; when it is malformed, then 400 VALIDATION_FAILED with issues', async () => {
    const client = new ApiClient();
    const first = await register(client);
    const again = await client.post('/api/auth/register', {
      name: 'Other',
      email: first.email,
      password: PASSWORD,
      isTeacher: false,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });

    const malformed = await client.post('/api/auth/register', {
      name: 'X',
      email: 'not-an-email',
      password: PASSWORD,
      isTeacher: false,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: expect.any(Array),
    });
  });

  it('when a user logs in, then 200 with the user record and httpOnly SameSite=Lax session cookies', async () => {
    const client = new ApiClient();
    const { email, res: registered } = await register(client);
    const login = await client.post<PublicUser>('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      _id: registered.body.user._id,
      name: 'Asha Verma',
      email,
      isTeacher: false,
      isFirstTime: true,
    });
    expectNoSecrets(login.body);

    const access = login.setCookies.find((c) => c.startsWith('cc_access='));
    const refresh = login.setCookies.find((c) => c.startsWith('cc_refresh='));
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/SameSite=Lax/i);
    expect(access).toMatch(/Path=\/(;|$)/);
    expect(refresh).toMatch(/HttpOnly/i);
    // Every API request carries it, so the gateway can renew a lapsed session (ADR 0007).
    expect(refresh).toMatch(/Path=\/api(;|$)/);
  });

  it('when the password or the email is wrong, then the same 401 Wrong Credentials for both', async () => {
    const client = new ApiClient();
    const { email } = await register(client);
    const wrongPassword = await client.post('/api/auth/login', { email, password: 'not-the-password' });
    const unknownEmail = await client.post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Wrong Credentials', code: 'INVALID_CREDENTIALS' });
    }
    expect(client.cookie('cc_access')).toBeUndefined();
  });

  it('me answers the signed-in user, and 401 UNAUTHENTICATED to a guest', async () => {
    const client = new ApiClient();
    const { email } = await register(client);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    const me = await client.get<PublicUser>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Asha Verma', email, isTeacher: false });

    const guest = await new ApiClient().get('/api/auth/me');
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('refresh rotates the session cookies; the old refresh token replayed is refused', async () => {
    const client = new ApiClient();
    const { email } = await register(client);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    const oldRefresh = client.cookie('cc_refresh');

    const refreshed = await client.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ success: true });
    expect(client.cookie('cc_refresh')).toBeDefined();
    expect(client.cookie('cc_refresh')).not.toBe(oldRefresh);
    expect((await client.get('/api/auth/me')).status).toBe(200);

    const replay = await new ApiClient().post('/api/auth/refresh', undefined, {
      cookie: `cc_refresh=${oldRefresh}`,
    });
    expect(replay.status).toBe(401);
  });

  it('logout ends the session: me and refresh answer 401 afterwards', async () => {
    const client = new ApiClient();
    const { email } = await register(client);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    const refreshToken = client.cookie('cc_refresh');

    const logout = await client.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
    expect(client.cookie('cc_access')).toBeUndefined();
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const revoked = await new ApiClient().post('/api/auth/refresh', undefined, {
      cookie: `cc_refresh=${refreshToken}`,
    });
    expect(revoked.status).toBe(401);
  });

  it('when a client that never calls refresh (the spec client) writes after its access cookie lapsed, then the write succeeds and it gets new cookies', async () => {
    const client = new ApiClient();
    const { email, res: registered } = await register(client);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    // 15 minutes later the browser has dropped cc_access (Max-Age); cc_refresh, scoped to /api, still goes.
    const lapsed = new ApiClient();
    const post = await lapsed.post<{ createdBy: { _id: string } }>(
      '/api/community',
      { title: 'Back after lunch', content: 'Still signed in?', tag: 'Discussion' },
      { cookie: `cc_refresh=${client.cookie('cc_refresh')}` },
    );
    expect(post.status).toBe(201);
    expect(post.body.createdBy._id).toBe(registered.body.user._id);
    expect(lapsed.cookie('cc_access')).toBeDefined();
    expect(lapsed.cookie('cc_refresh')).toBeDefined();
    expect(lapsed.cookie('cc_refresh')).not.toBe(client.cookie('cc_refresh'));
    // The renewed session goes on by itself.
    expect((await lapsed.get('/api/auth/me')).status).toBe(200);
  });

  it('when a user logs out, then the access token someone kept is refused within seconds (measured)', async () => {
    const client = new ApiClient();
    const { email } = await register(client);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    const kept = client.cookie('cc_access');
    const attacker = new ApiClient();
    const asBearer = { authorization: `Bearer ${kept}` };
    expect((await attacker.get('/api/auth/me', asBearer)).status).toBe(200);

    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const loggedOutAt = performance.now();
    const refused = await waitFor(
      'the kept access token to be refused',
      async () => (await attacker.get('/api/auth/me', asBearer)).body,
      {
        until: (body) => (body as { code?: string }).code === 'TOKEN_REVOKED',
        timeoutMs: 10_000,
        everyMs: 25,
      },
    );
    const seconds = (performance.now() - loggedOutAt) / 1000;
    console.log(
      `[${process.env.MODE ?? 'embedded'}] logout -> kept access token refused after ${seconds.toFixed(2)} s`,
    );
    expect(refused).toMatchObject({ success: false, code: 'TOKEN_REVOKED' });
    const asCookie = await attacker.post(
      '/api/community',
      { title: 'x', content: 'y', tag: 'Discussion' },
      {
        cookie: `cc_access=${kept}`,
      },
    );
    expect(asCookie.status).toBe(401);
  });

  it('when a state-changing request comes from a foreign Origin, then 403 FORBIDDEN_ORIGIN and nothing happens', async () => {
    const foreign = new ApiClient(platformUrl(), 'https://evil.example');
    const { email, res } = await register(foreign);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN_ORIGIN' });
    const login = await new ApiClient().post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(401);
  });

  it('a client cannot claim an identity with headers: me stays 401', async () => {
    const res = await new ApiClient().get('/api/auth/me', {
      'x-user-id': '1',
      'x-user-is-teacher': 'true',
      authorization: 'Bearer forged',
    });
    expect(res.status).toBe(401);
  });
});

describe('platform health through the gateway', () => {
  it('/api/health is 200 and names every running service ready, without internal details', async () => {
    const res = await new ApiClient().get<{
      status: string;
      services: Record<string, { status: string; failing?: string[] }>;
    }>('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ready');
    expect(res.body.services.identity).toEqual({ status: 'ready', latencyMs: expect.any(Number) });
    for (const [, health] of Object.entries(res.body.services))
      expect(['ready', 'not-configured']).toContain(health.status);
  });

  it('an unknown API path is a JSON 404, not the frontend', async () => {
    const res = await new ApiClient().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
