import { expect, fillRegisterForm, newAccount, test } from '../src/fixtures';

test.describe('the first-time profile and the dashboard', () => {
  test('a new student registers, logs in, completes the Student Profile, lands on /feature, and next time logs straight in', async ({
    page,
    logIn,
  }) => {
    const student = newAccount('student');
    await fillRegisterForm(page, student);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, student);
    await expect(page).toHaveURL(/\/commondataform$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Student Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Graduation year is required')).toBeVisible();
    await expect(page.getByText('Branch is required')).toBeVisible();
    await expect(page.getByText('Enrollment number is required')).toBeVisible();

    await page.getByLabel(/^Graduation year/).fill('2031');
    await page.getByLabel(/^Branch/).fill('Computer Engineering');
    await page.getByLabel(/^Enrollment number/).fill('EN-2022-041');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Graduation year must be a whole year between 2000 and 2030.')).toBeVisible();

    await page.getByLabel(/^Graduation year/).fill('2026');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page).toHaveURL(/\/feature$/);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${student.name}` })).toBeVisible();
    for (const label of ['Books/Notes Uploaded', 'Job Posts', 'Room Requests'])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText('EN-2022-041')).toBeVisible();

    // identity has consumed profile.completed: the next login skips the form.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logIn(page, student);
    await expect(page).toHaveURL(/\/feature$/);
  });

  test('a new teacher completes the Teacher Profile with subjects, and can edit it later from the dashboard', async ({
    page,
    registered,
    logIn,
  }) => {
    const teacher = await registered('teacher');
    await logIn(page, teacher);
    await expect(page).toHaveURL(/\/commondataform$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Teacher Profile' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(12);

    await page.getByLabel(/^Department/).fill('Computer Science');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Choose at least one subject')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Compiler Design' }).check();
    await page.getByRole('checkbox', { name: 'Computer Networks' }).check();
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page).toHaveURL(/\/feature$/);

    await page.goto('/profile');
    await expect(page.getByText('Computer Networks, Compiler Design')).toBeVisible();
    await page.getByRole('link', { name: 'Edit profile details' }).click();
    await expect(page).toHaveURL(/\/commondataform$/);
    await expect(page.getByLabel(/^Department/)).toHaveValue('Computer Science');
    await expect(page.getByRole('checkbox', { name: 'Compiler Design' })).toBeChecked();
  });

  test('every right-panel path shows its form or a clear "not available yet", never a blank panel', async ({
    page,
    registered,
    logIn,
  }) => {
    const student = await registered('student');
    await logIn(page, student);
    await page.goto('/profile');
    const menu = page.getByRole('navigation', { name: 'Profile menu' });
    for (const [label, slug] of [
      ['Upload Book/Notes', 'uploadbook'],
      ['Create Request for Room-mate', 'createflatrequest'],
      ['Create New Job Post', 'createjob'],
      ['Book-Marks', 'bookmark'],
      ['Create Interview Experience', 'createinterview'],
      ['Advertise Your Event', 'createvent'],
    ] as const) {
      await menu.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/${slug}$`));
      await expect(menu.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      // The panel around a lent form is no landmark of its own (the form is the region, named by its
      // heading; two regions of one name were axe's landmark-unique on /profile/createjob).
      const panel = page.locator('#profile-panel');
      await expect(panel).not.toBeEmpty();
      await expect(panel.getByRole('heading').first()).toBeVisible();
      await expect(panel.getByText('could not load')).toHaveCount(0);
    }
  });

  test('a book uploaded through the library raises the Books/Notes count on the dashboard', async ({
    page,
    registered,
    logIn,
  }) => {
    const student = await registered('student');
    await logIn(page, student);
    const upload = await page.request.post('/api/book', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        title: 'CN notes',
        branch: 'CE',
        subject: 'Computer Networks',
        tags: [],
        driveLink: 'https://drive.google.com/file/d/x/view',
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await page.goto('/profile');
    await expect(page.locator('dt', { hasText: 'Books/Notes Uploaded' }).locator('+ dd')).toHaveText('1');
  });
});
