import { expect, test } from '../src/fixtures';

test.describe('a guest', () => {
  test('sees the landing page with its top bar, cards, about, themes, features and copyright', async ({
    page,
  }) => {
    await page.goto('/');

    const topBar = page.getByRole('navigation', { name: 'Main' });
    await expect(topBar.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/feature');
    await expect(topBar.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(topBar.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Campus Connect' })).toBeVisible();
    for (const card of [
      'Our Institute',
      'Students',
      'Campus Ground',
      'Training and Placements',
      'Library',
      'Sports',
      'Departments',
      'Awards',
    ]) {
      await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Themes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Key features' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('©');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Campus Connect/);
  });

  test('browses the feature grid: five tiles, no review tile, a Login button in the nav bar', async ({
    page,
  }) => {
    await page.goto('/feature');

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['Home', '/feature'],
      ['Library', '/library'],
      ['Interview', '/interviews'],
      ['Job Post', '/jobs'],
      ['Community', '/community'],
    ] as const) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Campus Connect' })).toHaveAttribute('href', '/');
    // Signing in comes back to the page the guest was on (issue 23 item 7).
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Ffeature');

    const tiles = page.getByRole('list', { name: 'Features' }).getByRole('heading');
    await expect(tiles).toHaveText([
      'Virtual Library',
      'Interview Experiences',
      'FundRaising',
      'Room-Mate Finder',
      'Campus Events',
    ]);
    await expect(page.getByRole('link', { name: 'Approve/Reject Book' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Recent Top Picks' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest Links' })).toBeVisible();
  });

  test('opens each domain inside the layout, and a reload of any route lands on the same screen', async ({
    page,
  }) => {
    const paths = [
      '/library',
      '/bookstatus',
      '/community',
      '/post/abc123',
      '/fundrasing',
      '/jobs',
      '/jobs/myjobpost',
      '/jobs/tracker',
      '/interviews',
      '/interviews/acme/42',
      '/roomfinder',
      '/roomfinder/myroomrequest',
      '/events',
      '/profile',
      '/profile/uploadbook',
      '/commondataform',
    ];
    for (const path of paths) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await expect(heading, path).toBeVisible();
      const text = await heading.textContent();
      expect(text, path).not.toMatch(/could not load|Page not found/);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(text ?? '');
    }
  });

  test('meets a friendly 404 for an unknown path, also under a remote', async ({ page }) => {
    for (const path of ['/no-such-page', '/library/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/feature');
    }
  });

  test('uses the keyboard only: skip link, nav links, tiles', async ({ page }) => {
    await page.goto('/feature');
    // A keyboard user starts once the page shows (the shell renders it after the load event, in a
    // transition): a Tab pressed before would land on the bare document.
    await expect(page.getByRole('list', { name: 'Features' })).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await page.getByRole('link', { name: 'Virtual Library' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/library$/);
  });
});
