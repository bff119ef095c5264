import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, type Account } from '../src/fixtures';
import { seriousViolations } from '../src/axe';

/** A poster as a phone might send it: a JPEG with a colour of its own. */
const posterBytes = (seed: number) =>
  sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r: (seed * 37) % 256, g: 90, b: 160 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

/** Posts `count` events through the API as `account` (upload, then createform), oldest first. */
/**
 * "Upcoming Events" lists what has not ended, soonest first (issue 27). A batch posted later ends
 * sooner than every batch before it (and than undated events, which end 30 days after posting), so
 * a test's own events lead the grid; within a batch the last posted ends first, as the newest leads
 * the carousel.
 */
const LOADED_AT = Date.now();
// 20 minutes ahead at first, 3 s sooner for every second since the file loaded (its tests run within
// minutes of that): sooner than what other specs post at the same time, and never in the past.
const batchEnd = () => LOADED_AT + 20 * 60 * 1000 - (Date.now() - LOADED_AT) * 3;

async function postEvents(
  request: APIRequestContext,
  baseURL: string,
  account: Account,
  count: number,
  tag: string,
) {
  const login = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
  const lastEnd = batchEnd();
  for (let i = 0; i < count; i++) {
    const endsAt = lastEnd + (count - 1 - i) * 1000;
    const upload = await request.post(`${baseURL}/api/event/upload`, {
      multipart: { poster: { name: 'poster.jpg', mimeType: 'image/jpeg', buffer: await posterBytes(i) } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const { posterUrl } = (await upload.json()) as { posterUrl: string };
    const created = await request.post(`${baseURL}/api/event/createform`, {
      data: {
        posterLink: posterUrl,
        registerLink: 'https://forms.example.org/e2e',
        title: `${tag} ${i + 1}`,
        startsAt: new Date(endsAt - 60 * 60 * 1000).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
        description: `Event number ${i + 1} of the ${tag} batch.`,
        instagramLink: i % 2 === 0 ? 'https://www.instagram.com/campus.e2e/' : undefined,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

test.describe('campus events', () => {
  test('a student advertises an event from the profile panel, with a poster upload', async ({
    page,
    registered,
    logIn,
  }) => {
    test.setTimeout(90_000);
    await logIn(page, await registered('student'));
    await page.goto('/profile/createvent');
    const form = page.getByRole('region', { name: 'Create Event Post' });
    await expect(form.getByText('automatically deleted 30 days after it is posted')).toBeVisible();

    await form.getByLabel(/^Event title/).fill('E2E Launch Party');
    await form.getByLabel(/^Registration link/).fill('https://forms.example.org/launch');
    // Three days ahead, as the form's campus-time (IST) inputs take it.
    const campusTime = (ms: number) => new Date(ms + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 16);
    await form.getByLabel(/^Starts/).fill(campusTime(Date.now() + 3 * 24 * 60 * 60 * 1000));
    await form
      .getByLabel(/^Ends/)
      .fill(campusTime(Date.now() + 3 * 24 * 60 * 60 * 1000 + 3 * 60 * 60 * 1000));
    await form.getByLabel(/^Venue/).fill('Main Auditorium');
    await form.getByRole('button', { name: 'Post Event' }).click();
    await expect(form.getByText('Please select a poster to upload.').first()).toBeVisible();

    // A text file pretending to be an image is refused before anything is sent.
    await form
      .getByLabel(/^Event poster/)
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(form.getByText('Only image files can be posters')).toBeVisible();

    await form
      .getByLabel(/^Event poster/)
      .setInputFiles({ name: 'launch.jpg', mimeType: 'image/jpeg', buffer: await posterBytes(99) });
    await expect(form.getByRole('img', { name: 'Preview of the chosen poster' })).toBeVisible();
    await form.getByLabel(/^Instagram link/).fill('https://example.org/not-instagram');
    await form.getByRole('button', { name: 'Post Event' }).click();
    await expect(form.getByText('Please enter an Instagram link')).toBeVisible();
    await form.getByLabel(/^Instagram link/).fill('https://www.instagram.com/launch.party/');
    await form.getByRole('button', { name: 'Post Event' }).click();

    await page.waitForURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Events' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'E2E Launch Party' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'Follow E2E Launch Party on Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/launch.party/',
    );
    const poster = card.getByRole('img', { name: 'Poster: E2E Launch Party' });
    await expect(poster).toHaveAttribute('srcset', /\/api\/event\/poster\/[a-f0-9]{64}\.webp 320w/);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${viewport.width} px: the carousel, the poster overlay by mouse and keyboard, Load More, and axe`, async ({
      page,
      request,
      baseURL,
      registered,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const tag = `Fest ${viewport.width}-${Date.now().toString(36)}`;
      await postEvents(request, baseURL!, await registered('student'), 12, tag);

      await page.goto('/events');
      await expect(page.getByRole('heading', { level: 1, name: 'Latest Events' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Upcoming Events' })).toBeVisible();
      const carousel = page.getByRole('region', { name: 'Latest events' });
      await expect(carousel.getByRole('button', { name: 'Next event' })).toBeVisible();
      await expect(carousel.getByRole('button', { name: 'Show event 5' })).toBeVisible();
      await expect(carousel.getByRole('button', { name: 'Show event 6' })).toHaveCount(0);

      // The newest is the carousel's first slide; Learn More opens its poster.
      const newest = `${tag} 12`;
      await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
      await expect(carousel.getByRole('heading', { name: newest })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      const card = page.getByRole('listitem').filter({ hasText: newest });
      await expect(card.getByText('0 views')).toBeVisible();
      await carousel.getByRole('button', { name: 'Learn More' }).first().click();
      const overlay = page.getByRole('dialog', { name: newest });
      await expect(overlay.getByRole('img', { name: `Poster: ${newest}` })).toBeVisible();
      await expect(card.getByText('1 view', { exact: true })).toBeAttached();
      await page.keyboard.press('Escape');
      await expect(overlay).toHaveCount(0);

      // By keyboard: the card's poster button, Enter opens, Tab stays inside, Escape returns focus.
      const posterButton = card.getByRole('button', { name: `Open the poster of ${newest}` });
      await posterButton.focus();
      await page.keyboard.press('Enter');
      await expect(overlay).toBeVisible();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await overlay.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(posterButton).toBeFocused();
      await expect(card.getByText('2 views')).toBeVisible();

      // By mouse, closed by the close button.
      await card.click({ position: { x: 10, y: 10 } });
      await overlay.getByRole('button', { name: 'Close poster' }).click();
      await expect(overlay).toHaveCount(0);

      // Ten at first; Load More Events brings the rest, each once.
      const cards = page.getByRole('list').last().getByRole('listitem');
      const mine = page.getByRole('listitem').filter({ hasText: tag });
      await expect(mine).toHaveCount(10);
      await page.getByRole('button', { name: 'Load More Events' }).click();
      await expect(mine).toHaveCount(12);
      await expect(cards.filter({ hasText: `${tag} 1` }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
