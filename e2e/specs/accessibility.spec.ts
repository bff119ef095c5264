import { expect, test } from '../src/fixtures';
import { seriousViolations } from '../src/axe';

const shellScreens = ['/', '/register', '/login', '/feature', '/logout', '/no-such-page', '/library'];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${colorScheme} theme)`, () => {
    test.use({ colorScheme });

    for (const path of shellScreens) {
      test(`${path} has no serious or critical axe violations for a guest`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the signed-in screens have none either (teacher, with the sixth tile)', async ({
      page,
      registered,
      logIn,
    }) => {
      await logIn(page, await registered('teacher'));
      for (const path of ['/feature', '/logout', '/profile']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });

    test('the "could not load" screen of a failed remote has none', async ({ page }) => {
      await page.route('**/remotes/events/**', (route) => route.abort('connectionrefused'));
      await page.goto('/events');
      await expect(page.getByRole('heading', { name: 'This part could not load' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the register form with its errors shown has none', async ({ page }) => {
      await page.goto('/register');
      await page.getByLabel('Register as Teacher').check();
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('Invalid teacher unique ID.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
