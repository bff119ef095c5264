import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { seriousViolations } from '../src/axe';

/** The profile's Room Requests count: wait until the event reached the profile service, then see it on the dashboard. */
async function expectRoomRequests(page: Page, count: number) {
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _id?: string })._id,
  );
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/commonData/${userId}`);
        return ((await res.json()) as { data?: { fundRaisingCount?: number } }).data?.fundRaisingCount;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
  await page.goto('/profile');
  await expect(page.locator('dt:text-is("Room Requests") + dd')).toHaveText(String(count));
}

/** On a phone the filters fold under one button; open them when it is there. */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await toggle.click();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`the room finder at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a student posts a request from the profile panel, another student and a guest find it with the filters, only the owner deletes it, and the Room Requests count follows', async ({
      browser,
      registered,
      logIn,
    }) => {
      test.setTimeout(240_000);
      const asha = await registered('student');
      const rohan = await registered('student');
      const name = `Sunny room near gate ${Date.now().toString(36)}`;

      const ashaPage = await (await browser.newContext({ viewport })).newPage();
      await logIn(ashaPage, asha);
      await ashaPage.goto('/profile/createflatrequest');
      const form = ashaPage.getByRole('region', { name: 'Find a Roommate' });
      await expect(form.getByLabel(/^Room heading/)).toBeVisible();
      expect(await seriousViolations(ashaPage), 'the form').toEqual([]);
      await form.getByLabel(/^Room heading/).fill(name);
      await form.getByLabel(/^Description/).fill('One room in a furnished 2BHK, ten minutes on foot.');
      await form.getByLabel(/^Location/).fill('https://maps.google.com/?q=Kothrud+Pune');
      await form.getByLabel(/^Gender preference/).selectOption('female');
      await form.getByLabel(/^Rent/).fill('8500');
      await form.getByLabel(/^Move-in date/).fill('2026-07-01');
      await form.getByLabel(/^Contact info/).fill('+91 98765 43210');
      await form.getByRole('button', { name: 'Post request' }).click();

      await ashaPage.waitForURL(/\/roomfinder\/myroomrequest$/);
      await expect(ashaPage.getByRole('heading', { name: 'My Flat Requests' })).toBeVisible();
      const mine = ashaPage.getByRole('listitem').filter({ hasText: name });
      await expect(mine.getByText('₹8,500')).toBeVisible();
      await expect(mine.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
      expect(await seriousViolations(ashaPage), 'My Room Requests').toEqual([]);
      await expectRoomRequests(ashaPage, 1);

      // Another student: sees it with the contact to tap, cannot delete it, has none of their own.
      const rohanPage = await (await browser.newContext({ viewport })).newPage();
      await logIn(rohanPage, rohan);
      await rohanPage.goto('/roomfinder');
      await rohanPage.getByRole('searchbox', { name: 'Search rooms' }).fill(name);
      const seen = rohanPage.getByRole('listitem').filter({ hasText: name });
      await expect(seen.getByRole('link', { name: 'Call +91 98765 43210' })).toHaveAttribute(
        'href',
        'tel:+919876543210',
      );
      await expect(seen.getByRole('link', { name: /Open in Maps/ })).toHaveAttribute('target', '_blank');
      await expect(seen.getByRole('button', { name: /Delete/ })).toHaveCount(0);
      const flatId = await seen.getAttribute('data-flat-id');
      const refused = await rohanPage.request.delete(`/api/flat/${flatId}`, {
        headers: { origin: new URL(rohanPage.url()).origin },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('NOT_OWNER');
      await rohanPage.getByRole('tab', { name: 'My Room Requests' }).click();
      await expect(rohanPage.getByText('No flat requests found.')).toBeVisible();

      // A guest: the list and the filters, no contact, no My Room Requests tab.
      const guestPage = await (await browser.newContext({ viewport })).newPage();
      await guestPage.goto('/roomfinder');
      await expect(guestPage.getByRole('heading', { level: 1, name: 'Available Housing' })).toBeVisible();
      await expect(guestPage.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/feature');
      await expect(guestPage.getByRole('tab', { name: 'Available Rooms' })).toBeVisible();
      await expect(guestPage.getByRole('tab', { name: 'My Room Requests' })).toHaveCount(0);
      await guestPage.getByRole('searchbox', { name: 'Search rooms' }).fill(name);
      const card = guestPage.getByRole('listitem').filter({ hasText: name });
      await expect(card.getByText('Female only')).toBeVisible();
      await expect(card.getByText(/to see the contact details/)).toBeVisible();
      await expect(card.getByText('98765')).toHaveCount(0);
      expect(await seriousViolations(guestPage), 'Available Housing').toEqual([]);
      await openFilters(guestPage);
      await guestPage.getByLabel('Max rent (₹)').fill('8000');
      await expect(guestPage.getByText('No flat requests found.')).toBeVisible();
      await guestPage.getByLabel('Max rent (₹)').fill('9000');
      await guestPage.getByLabel('Gender preference').selectOption('female');
      await expect(card).toBeVisible();
      await guestPage.getByLabel('Gender preference').selectOption('male');
      await expect(guestPage.getByText('No flat requests found.')).toBeVisible();
      await guestPage.getByRole('button', { name: 'Clear filters' }).click();
      await guestPage.getByRole('searchbox', { name: 'Search rooms' }).fill(name);
      await expect(card).toBeVisible();

      // The owner deletes it: gone from the list, the count back to 0.
      await ashaPage.goto('/roomfinder/myroomrequest');
      await ashaPage
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByRole('button', { name: `Delete ${name}` })
        .click();
      await ashaPage
        .getByRole('dialog', { name: 'Delete this room request?' })
        .getByRole('button', { name: 'Delete request' })
        .click();
      await expect(ashaPage.getByText('No flat requests found.')).toBeVisible();
      await expectRoomRequests(ashaPage, 0);
    });
  });
}
