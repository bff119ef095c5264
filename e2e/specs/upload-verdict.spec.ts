import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type Account } from '../src/fixtures';
import { axeViolations } from '../src/axe';

/** Sets the subjects a teacher reviews (they reach the library by event). */
async function setTeacherSubjects(request: APIRequestContext, teacher: Account, subjects: string[]) {
  const login = await request.post('/api/auth/login', {
    data: { email: teacher.email, password: teacher.password },
  });
  expect(login.status()).toBe(200);
  const saved = await request.post('/api/commonData', { data: { department: 'Computer Science', subjects } });
  expect(saved.status(), await saved.text()).toBe(201);
}

/** What holds keyboard focus: its tag and accessible text, never <body>. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return { tag: active?.tagName.toLowerCase(), text: active?.textContent?.trim().slice(0, 80) ?? '' };
  });

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

test.describe('an upload and its verdict', () => {
  test('a student uploads on a phone, a teacher declines it with a reason after confirming, the student sees declined, by whom and why', async ({
    browser,
    playwright,
    baseURL,
    registered,
    logIn,
  }) => {
    test.setTimeout(150_000);
    const student = await registered('student');
    const teacher = await registered('teacher');
    const asTeacher = await playwright.request.newContext({ baseURL });
    await setTeacherSubjects(asTeacher, teacher, ['Computer Networks']);
    const title = `Routing Tables ${Date.now().toString(36)}`;
    const reason = 'The Drive link asks for access: please share it with everyone who has the link.';

    // The student, on a 360 px phone: the chosen form comes on screen and takes focus.
    const studentPage = await (await browser.newContext({ viewport: phone })).newPage();
    await logIn(studentPage, student);
    await studentPage.goto('/profile');
    await studentPage
      .getByRole('navigation', { name: 'Profile menu' })
      .getByRole('link', { name: 'Upload Book/Notes' })
      .click();
    await studentPage.waitForURL(/\/profile\/uploadbook$/);
    // The panel around a lent form is no landmark of its own (the form is the region, named by its
    // heading): it is the element that takes focus.
    const panel = studentPage.locator('#profile-panel');
    await expect(panel).toBeFocused();
    await expect(panel).toBeInViewport({ ratio: 0.3 });
    const form = studentPage.getByRole('region', { name: 'Create a New Book/Notes' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Semester/).fill('5');
    await form.getByLabel(/^Branch/).fill('Computer Science');
    await form.getByLabel(/^Subject/).selectOption('Computer Networks');
    await form.getByLabel(/^Tags/).fill('routing, ospf');
    await form.getByLabel(/^Google Drive link/).fill('https://drive.google.com/file/d/e2e-routing/view');
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(studentPage.getByText('Book created successfully')).toBeVisible();

    // My uploads: pending, on screen and focused after the tap.
    await studentPage
      .getByRole('navigation', { name: 'Profile menu' })
      .getByRole('link', { name: 'My uploads' })
      .click();
    const uploads = studentPage.getByRole('region', { name: 'My uploads' });
    await expect(uploads).toBeFocused();
    await expect(uploads).toBeInViewport({ ratio: 0.3 });
    const row = uploads.getByRole('listitem').filter({ hasText: title });
    await expect(async () => {
      await studentPage.reload();
      await expect(row.getByText('Pending review')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    expect(await axeViolations(studentPage)).toEqual([]);
    await studentPage.screenshot({
      path: test.info().outputPath('my-uploads-pending-360.png'),
      fullPage: true,
    });

    // The teacher sees who uploaded what, and a decline asks first.
    const teacherPage = await (await browser.newContext({ viewport: desktop })).newPage();
    await logIn(teacherPage, teacher);
    await expect(async () => {
      await teacherPage.goto('/bookstatus');
      await expect(teacherPage.getByRole('heading', { level: 2, name: title })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    const card = teacherPage
      .getByRole('listitem')
      .filter({ has: teacherPage.getByRole('heading', { name: title }) });
    for (const text of [student.name, 'Computer Science', 'Computer Networks', 'routing', 'ospf'])
      await expect(card.getByText(text, { exact: true })).toBeVisible();
    expect(await axeViolations(teacherPage)).toEqual([]);

    await card.getByRole('button', { name: `Decline ${title}` }).click();
    const dialog = teacherPage.getByRole('dialog', { name: `Decline “${title}”?` });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await axeViolations(teacherPage)).toEqual([]);
    await teacherPage.screenshot({ path: test.info().outputPath('decline-dialog-1280.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Decline ${title}` })).toBeFocused();

    await card.getByRole('button', { name: `Decline ${title}` }).click();
    await dialog.getByLabel('Reason (optional)').fill(reason);
    await dialog.getByRole('button', { name: 'Decline book' }).click();
    await expect(teacherPage.getByText('Book declined')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await focused(teacherPage)).tag).not.toBe('body');

    // The student learns the verdict, who gave it and why.
    await expect(async () => {
      await studentPage.reload();
      await expect(row.getByText('Declined', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByText('Declined by')).toBeVisible();
    await expect(row.getByText(teacher.name)).toBeVisible();
    await expect(row.getByText(reason)).toBeVisible();
    expect(await axeViolations(studentPage)).toEqual([]);
    await studentPage.screenshot({
      path: test.info().outputPath('my-uploads-declined-360.png'),
      fullPage: true,
    });
    await expect(
      studentPage.getByText(/Books\/Notes Uploaded counts every book or notes you uploaded/),
    ).toBeVisible();
  });
});

test.describe('focus never falls to the page', () => {
  for (const viewport of [desktop, phone]) {
    test(`after a failed login, a sign-in and a route change (${viewport.width} px)`, async ({
      browser,
      registered,
    }) => {
      const student = await registered('student');
      const page = await (await browser.newContext({ viewport })).newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill(student.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Wrong Credentials')).toBeVisible();
      await expect(page.getByLabel(/^Password/)).toBeFocused();

      await page.getByLabel('Password').fill(student.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/(feature|commondataform)$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

      await page.goto('/feature');
      await page
        .getByRole('link', { name: /Library/ })
        .first()
        .click();
      await page.waitForURL(/\/library$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Virtual Library' })).toBeFocused();
    });
  }
});

test.describe('the library search keeps its state in the URL and fits a phone', () => {
  for (const viewport of [desktop, phone]) {
    test(`refresh and Back keep the search, an empty result offers Clear filters (${viewport.width} px)`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const page = await (await browser.newContext({ viewport })).newPage();
      await page.goto('/library');
      await expect(page.getByRole('heading', { level: 1, name: 'Virtual Library' })).toBeVisible();
      const filtersButton = page.getByRole('button', { name: /^Filters/ });
      if (viewport === phone) {
        // Folded on a phone: the results start near the top.
        await expect(page.getByRole('combobox', { name: 'Subject' })).toBeHidden();
        await filtersButton.click();
        await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(filtersButton).toBeHidden();
        const search = await page.getByRole('searchbox', { name: 'Search books' }).boundingBox();
        const subject = await page.getByRole('combobox', { name: 'Subject' }).boundingBox();
        // Aligned: the same top and height.
        expect(Math.abs(search!.y - subject!.y)).toBeLessThan(1);
        expect(Math.abs(search!.height - subject!.height)).toBeLessThan(1);
      }
      await page.getByRole('combobox', { name: 'Subject' }).selectOption('Compiler Design');
      await page.getByRole('combobox', { name: 'Sort by likes' }).selectOption('likes_desc');
      await page.getByRole('searchbox', { name: 'Search books' }).fill('zzqx no such book');
      await expect(page).toHaveURL(/q=zzqx/);
      await expect(page).toHaveURL(/subject=Compiler\+Design/);
      await expect(page).toHaveURL(/sort=likes_desc/);
      await expect(page.getByText('No books found matching your criteria')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`library-empty-${viewport.width}.png`) });

      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue('zzqx no such book');
      await page.goto('/feature');
      await page.goBack();
      await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue('zzqx no such book');

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page.getByRole('searchbox', { name: 'Search books' })).toBeFocused();
      await expect(page).toHaveURL(/\/library$/);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`library-${viewport.width}.png`) });
    });
  }
});
