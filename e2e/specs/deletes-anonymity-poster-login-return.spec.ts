import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, type Account } from '../src/fixtures';
import { seriousViolations } from '../src/axe';

/**
 * Issue 23 items 3, 4, 5 and 7, in a real browser: deletes ask first, a thread started anonymously
 * is commented on anonymously by default, the picked poster previews under the CSP, and logging in
 * returns to the page the guest was on.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Fills in a student's profile through the API, so their next login is not a first-time one. */
async function withProfile(request: APIRequestContext, baseURL: string, student: Account) {
  const login = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: student.email, password: student.password },
  });
  expect(login.status()).toBe(200);
  const saved = await request.post(`${baseURL}/api/commonData`, {
    data: { graduationYear: 2027, branch: 'CSE', enrollmentNumber: `E2E-${unique()}` },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return student;
}

test.describe('issue 23: deletes, anonymity, poster preview, login return', () => {
  test('when the owner deletes a job post, then it asks first, Cancel keeps it, and confirming removes it without leaving My Posted Job', async ({
    page,
    registered,
    logIn,
  }) => {
    test.setTimeout(90_000);
    await logIn(page, await registered('student'));
    const company = `Confirm ${unique()}`;
    const created = await page.request.post('/api/job/createjobpost', {
      data: {
        companyName: company,
        role: 'Data Intern',
        jobDescription: 'SQL and dashboards.',
        salary: '30,000 / month',
        jobType: 'Intern',
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);

    await page.goto('/jobs/myjobpost');
    const card = page.getByRole('listitem').filter({ hasText: company });
    const del = card.getByRole('button', { name: `Delete Data Intern at ${company}` });
    await del.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this job post?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await seriousViolations(page), 'the confirm dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(del).toBeFocused();
    await expect(card).toBeVisible();

    await del.click();
    await dialog.getByRole('button', { name: 'Delete job post' }).click();
    await expect(page.getByText('Job Post Deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/jobs/myjobpost');
  });

  test('when the author of an anonymous post comments, then Comment anonymously starts ticked and the comment stays anonymous; another reader starts unticked', async ({
    page,
    browser,
    registered,
    logIn,
  }) => {
    test.setTimeout(90_000);
    const author = await registered('student');
    await logIn(page, author);
    const title = `Quiet question ${unique()}`;
    const created = await page.request.post('/api/community', {
      data: { title, content: 'Asking without my name.', tag: 'Q&A', isAnonymous: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id: postId } = (await created.json()) as { _id: string };

    await page.goto(`/post/${postId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const anonymous = page.getByLabel('Comment anonymously');
    await expect(anonymous).toBeChecked();
    await page.getByLabel('Your comment').fill('Following up, still me.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const thread = page.getByRole('region', { name: 'Comments' });
    const comment = thread.getByRole('article', { name: 'Comment by Anonymous User' });
    await expect(comment).toContainText('Following up, still me.');
    await expect(thread.getByText(author.name)).toHaveCount(0);
    await expect(anonymous).toBeChecked();

    const reader = await (await browser.newContext()).newPage();
    await logIn(reader, await registered('student'));
    await reader.goto(`/post/${postId}`);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByLabel('Comment anonymously')).not.toBeChecked();
    await reader.context().close();
  });

  test('when a student picks a poster, then its preview loads (the CSP allows blob: images) and nothing is blocked', async ({
    page,
    registered,
    logIn,
  }) => {
    test.setTimeout(60_000);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await logIn(page, await registered('student'));
    await page.goto('/profile/createvent');
    const form = page.getByRole('region', { name: 'Create Event Post' });
    const poster = await sharp({
      create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    await form
      .getByLabel(/^Event poster/)
      .setInputFiles({ name: 'poster.jpg', mimeType: 'image/jpeg', buffer: poster });
    const preview = form.getByRole('img', { name: 'Preview of the chosen poster' });
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(600);
    expect(blocked).toEqual([]);
  });

  for (const from of ['/roomfinder', '/profile/createjob'])
    test(`when a guest on ${from} logs in, then they are back on ${from}`, async ({
      page,
      request,
      baseURL,
      registered,
    }) => {
      test.setTimeout(60_000);
      const student = await withProfile(request, baseURL!, await registered('student'));
      await page.goto(from);
      await page.getByRole('link', { name: 'Login', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === from);
      await page.getByLabel('Email').fill(student.email);
      await page.getByLabel('Password').fill(student.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === from);
    });

  test('when a guest on a post logs in from the comment bar, then they are back on that post; Create New Post says to log in first', async ({
    page,
    registered,
    browser,
    logIn,
  }) => {
    test.setTimeout(90_000);
    const author = await (await browser.newContext()).newPage();
    await logIn(author, await registered('student'));
    const title = `Return here ${unique()}`;
    const created = await author.request.post('/api/community', {
      data: { title, content: 'Come back after login.', tag: 'Q&A' },
    });
    const { _id: postId } = (await created.json()) as { _id: string };
    await author.context().close();

    await page.goto('/community');
    await page.getByRole('button', { name: 'Create New Post' }).click();
    const panel = page.getByRole('dialog', { name: 'Create New Post' });
    await expect(panel.getByText('Please log in to create a post.')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Log in to post' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcommunity',
    );
    await expect(panel.getByLabel('Title')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A first-time login fills in the profile on the way, then still returns to the post.
    const student = await registered('student');
    await page.goto(`/post/${postId}`);
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password').fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/commondataform');
    await page.getByLabel(/^Graduation year/).fill('2027');
    await page.getByLabel(/^Branch/).fill('Computer Engineering');
    await page.getByLabel(/^Enrollment number/).fill(`EN-${unique()}`);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.waitForURL((url) => url.pathname === `/post/${postId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('when the return path names another site, then logging in opens the feature grid', async ({
    page,
    request,
    baseURL,
    registered,
  }) => {
    test.setTimeout(60_000);
    const student = await withProfile(request, baseURL!, await registered('student'));
    await page.goto('/login?next=%2F%2Fevil.example%2Fsteal');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password').fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/feature');
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });
});
