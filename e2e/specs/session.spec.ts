import { expect, test } from '../src/fixtures';

test.describe('signing in and out', () => {
  test("a wrong password shows 'Wrong Credentials' and keeps the guest signed out", async ({
    page,
    registered,
  }) => {
    const student = await registered('student');
    await page.goto('/login');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password').fill('definitely-wrong');

    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByText('Wrong Credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('a first-time student is sent to /commondataform, with the user stored and shown', async ({
    page,
    registered,
    logIn,
  }) => {
    const student = await registered('student');

    await logIn(page, student);

    await expect(page).toHaveURL(/\/commondataform$/);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null') as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({
      name: student.name,
      email: student.email,
      isTeacher: false,
      isFirstTime: true,
    });
    await page.getByRole('link', { name: new RegExp(student.name) }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a signed-in student sees the five tiles but not the teacher tile', async ({
    page,
    registered,
    logIn,
  }) => {
    await logIn(page, await registered('student'));
    await page.goto('/feature');

    await expect(page.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'Approve/Reject Book' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toHaveCount(0);
  });

  test('a signed-in teacher sees the sixth tile, Approve/Reject Book', async ({
    page,
    registered,
    logIn,
  }) => {
    await logIn(page, await registered('teacher'));
    await page.goto('/feature');

    await expect(page.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Approve/Reject Book' })).toHaveAttribute(
      'href',
      '/bookstatus',
    );
  });

  test('logging out ends the session, forgets the stored user and goes to /', async ({
    page,
    registered,
    logIn,
  }) => {
    const student = await registered('student');
    await logIn(page, student);
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Access More Features or Leave Early?' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    await page.goto('/feature');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  });

  test('when the access cookie has lapsed, a call that never refreshes goes through on a renewed session', async ({
    page,
    context,
    registered,
    logIn,
  }) => {
    await logIn(page, await registered('student'));
    const refreshCookies = async () =>
      (await context.cookies()).filter((c) => c.name === 'cc_refresh').map((c) => c.path);
    expect(await refreshCookies()).toEqual(['/api']);
    // 15 minutes later: the browser drops cc_access (its Max-Age), and keeps cc_refresh.
    await context.clearCookies({ name: 'cc_access' });

    // A client written against the spec: one plain call, no /api/auth/refresh, no retry.
    const status = await page.evaluate(async () => (await fetch('/api/auth/me')).status);

    expect(status).toBe(200);
    expect((await context.cookies()).map((c) => c.name)).toContain('cc_access');
    expect(await refreshCookies()).toEqual(['/api']);
  });

  test('a browser still holding its refresh cookie at the old path /api/auth refreshes as before, and ends with it at /api', async ({
    page,
    context,
    registered,
    logIn,
  }) => {
    await logIn(page, await registered('student'));
    const refresh = (await context.cookies()).find((c) => c.name === 'cc_refresh')!;
    // What a login before the path widened left, 15 minutes on: the refresh cookie at /api/auth only.
    await context.clearCookies();
    await context.addCookies([{ ...refresh, path: '/api/auth' }]);

    const status = await page.evaluate(
      async () => (await fetch('/api/auth/refresh', { method: 'POST' })).status,
    );

    expect(status).toBe(200);
    expect((await context.cookies()).filter((c) => c.name === 'cc_refresh').map((c) => c.path)).toEqual([
      '/api',
    ]);
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200);
  });

  test('a stored user whose session is gone is signed out on the next visit', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem('user', JSON.stringify({ _id: 'ghost', name: 'Ghost', isTeacher: true })),
    );
    await context.clearCookies();

    await page.goto('/feature');

    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
});
