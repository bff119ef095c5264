import { expect, fillRegisterForm, newAccount, test } from '../src/fixtures';

test.describe('registering', () => {
  test('a student registers, is sent to login, and lands on the first-time profile form', async ({
    page,
    logIn,
  }) => {
    const student = newAccount('student');
    await fillRegisterForm(page, student);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, student);
    await expect(page).toHaveURL(/\/commondataform$/);
    await expect(page.getByRole('link', { name: new RegExp(student.name) })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  test('a teacher registers with the right faculty code and then sees the review tile', async ({
    page,
    teacherCode,
    logIn,
  }) => {
    const teacher = newAccount('teacher');
    await fillRegisterForm(page, teacher);
    await page.getByLabel('Register as Teacher').check();
    await page.getByLabel('Teacher unique ID').fill(` ${teacherCode} `);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, teacher);
    await page.goto('/feature');
    await page.getByRole('link', { name: 'Approve/Reject Book' }).click();
    await expect(page).toHaveURL(/\/bookstatus$/);
  });

  test("a wrong teacher code shows 'Invalid teacher unique ID.' under the field; unticking clears it", async ({
    page,
  }) => {
    const teacher = newAccount('teacher');
    await fillRegisterForm(page, teacher);
    await page.getByLabel('Register as Teacher').check();
    const code = page.getByLabel('Teacher unique ID');
    await code.fill('NOT-THE-CODE');

    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByText('Invalid teacher unique ID.')).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);

    await page.getByLabel('Register as Teacher').uncheck();
    await expect(page.getByText('Invalid teacher unique ID.')).toHaveCount(0);
    await page.getByLabel('Register as Teacher').check();
    await expect(page.getByLabel('Teacher unique ID')).toHaveValue('');
  });

  test('an email that is already registered shows the server message', async ({ page, registered }) => {
    const student = await registered('student');
    await fillRegisterForm(page, {
      name: 'Someone Else',
      email: student.email,
      password: 'another-password',
    });

    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.locator('form').getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});
