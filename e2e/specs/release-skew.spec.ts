import { expect, test } from '../src/fixtures';

/**
 * A remote redeployed while a student's page is open: the page knows the old release, whose hashed
 * chunks the new one no longer serves. The screen must offer Retry inside the shell, and Retry must
 * load the remote afresh (its new manifest and entry), not replay the old release's failed import.
 */
test.describe('a remote released while a page is open', () => {
  test('when a chunk of the release the page loaded is gone, then the friendly error offers Retry, and Retry renders the new release', async ({
    page,
    registered,
    logIn,
  }) => {
    // The first-time profile form is a lazy chunk of the profile remote (the one holding 'Update Profile').
    let releaseGone = true;
    await page.route('**/remotes/profile/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (releaseGone && body.includes('Update Profile'))
        return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
      return route.fulfill({ response, body });
    });

    const student = await registered('student');
    await logIn(page, student);
    await expect(page).toHaveURL(/\/commondataform$/);
    await expect(page.getByRole('heading', { name: 'This part could not load' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // The new release is out: its files are served again.
    releaseGone = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Student Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This part could not load' })).toHaveCount(0);
  });

  test('when a remote was built against another version of the shared kit, then the shell still renders it with the shell kit', async ({
    page,
  }) => {
    // The housing remote as a team that built it against the previous release of @campus/ui and
    // @campus/web-kit would ship it: its entry and manifest declare 0.0.9 where this build has 0.1.0.
    const version = (await import('../../packages/ui/package.json', { with: { type: 'json' } })).default
      .version;
    const declared: string[] = [];
    await page.route(/\/remotes\/housing\/(remoteEntry\.js|mf-manifest\.json)$/, async (route) => {
      const response = await route.fetch({
        headers: { ...route.request().headers(), 'accept-encoding': 'identity' },
      });
      const original = await response.text();
      expect(original).toContain(`"${version}"`);
      const body = original.replaceAll(`"${version}"`, '"0.0.9"').replaceAll(`"^${version}"`, '"^0.0.9"');
      declared.push(route.request().url());
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      return route.fulfill({ status: response.status(), headers, body });
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });

    await page.goto('/roomfinder');
    await expect(page.getByRole('heading', { level: 1, name: 'Available Housing' })).toBeVisible();
    expect(declared.some((url) => url.endsWith('remoteEntry.js'))).toBe(true);
    // The remote's screen works with the shell's kit: one auth state, one router (the shell's links still navigate).
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Features' })).toBeVisible();
    expect(warnings.filter((text) => /Uncaught|TypeError|Invalid hook call/.test(text))).toEqual([]);
  });
});
