import { expect, test } from '../src/fixtures';

test.describe('a remote that fails to load', () => {
  test('shows the friendly error with Retry, and Retry loads it once it is back', async ({ page }) => {
    await page.route('**/remotes/library/**', (route) => route.abort('connectionrefused'));
    await page.goto('/library');

    await expect(page.getByRole('heading', { name: 'This part could not load' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await page.unroute('**/remotes/library/**');
    await page.getByRole('button', { name: 'Retry' }).click();

    await expect(page.getByRole('heading', { name: 'This part could not load' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('does not take the rest of the app down: other remotes and shell screens still work', async ({
    page,
  }) => {
    await page.route('**/remotes/library/**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/library');
    await expect(page.getByRole('heading', { name: 'This part could not load' })).toBeVisible();

    await page.getByRole('link', { name: 'Job Post' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByRole('heading', { name: 'This part could not load' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Features' })).toBeVisible();
  });
});
