import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Account } from '../src/fixtures';

/** Tells the profile service (and through its event, the library) which subjects a teacher reviews. */
async function setTeacherSubjects(
  request: APIRequestContext,
  baseURL: string,
  teacher: Account,
  subjects: string[],
) {
  const login = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: teacher.email, password: teacher.password },
  });
  expect(login.status()).toBe(200);
  const saved = await request.post(`${baseURL}/api/commonData`, {
    data: { department: 'Computer Science', subjects },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

test.describe('the Virtual Library', () => {
  test('a student uploads notes, a teacher of that subject accepts them, the student finds them verified, likes and bookmarks them', async ({
    browser,
    baseURL,
    request,
    registered,
    logIn,
  }) => {
    test.setTimeout(120_000);
    const student = await registered('student');
    const teacher = await registered('teacher');
    await setTeacherSubjects(request, baseURL!, teacher, ['Data Structure and Algorithm']);
    const title = `Segment Trees Explained ${Date.now().toString(36)}`;

    const studentPage = await (await browser.newContext()).newPage();
    await logIn(studentPage, student);
    await studentPage.goto('/profile/uploadbook');
    const form = studentPage.getByRole('region', { name: 'Create a New Book/Notes' });
    await form.getByRole('button', { name: 'Upload' }).click();
    for (const message of [
      'Title is required',
      'Branch is required',
      'Subject is required',
      'Google Drive link is required',
    ])
      await expect(form.getByText(message)).toBeVisible();

    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Semester/).fill('4');
    await form.getByLabel(/^Branch/).fill('Computer Science');
    await form.getByRole('combobox').selectOption('Data Structure and Alogrithm');
    await form.getByLabel(/^Tags/).fill('segment tree, range queries, ');
    await form.getByLabel(/^Google Drive link/).fill('https://example.com/not-drive');
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByText('Invalid Google Drive link')).toBeVisible();
    await form
      .getByLabel(/^Google Drive link/)
      .fill('https://drive.google.com/file/d/e2e-segment-trees/view');
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(studentPage.getByText('Book created successfully')).toBeVisible();
    await expect(form.getByLabel(/^Title/)).toHaveValue('');

    // Pending books are not in the library yet.
    await studentPage.goto('/library');
    await studentPage.getByRole('searchbox', { name: 'Search books' }).fill(title.slice(0, 14));
    await expect(studentPage.getByText('No books found matching your criteria')).toBeVisible();

    const teacherPage = await (await browser.newContext()).newPage();
    await logIn(teacherPage, teacher);
    await teacherPage.goto('/bookstatus');
    await expect(teacherPage.getByRole('heading', { level: 1, name: 'Pending Book Requests' })).toBeVisible();
    const card = teacherPage.getByRole('listitem').filter({ hasText: title });
    await expect(card.getByText('Data Structure and Alogrithm')).toBeVisible();
    await expect(card.getByRole('link', { name: `View ${title} (opens in a new tab)` })).toHaveAttribute(
      'target',
      '_blank',
    );
    await card.getByRole('button', { name: `Accept ${title}` }).click();
    await expect(teacherPage.getByText('Book accepted')).toBeVisible();
    await expect(card).toHaveCount(0);

    await studentPage.reload();
    await studentPage.getByRole('searchbox', { name: 'Search books' }).fill('segment tre');
    const found = studentPage.getByRole('listitem').filter({ hasText: title });
    await expect(found).toBeVisible();
    await expect(found.getByText(teacher.name)).toBeVisible();
    await expect(found.getByText('0 likes')).toBeVisible();
    await found.getByRole('button', { name: `Like ${title}` }).click();
    await expect(found.getByRole('button', { name: `Liked ${title}` })).toBeDisabled();
    await expect(found.getByText('1 like')).toBeVisible();
    await found.getByRole('button', { name: `Bookmark ${title}` }).click();
    await expect(studentPage.getByText('Book bookmarked successfully')).toBeVisible();

    await studentPage.goto('/profile/bookmark');
    const bookmarks = studentPage.getByRole('region', { name: 'My Bookmarks' });
    await expect(bookmarks.getByRole('heading', { name: title })).toBeVisible();
  });

  test('a guest sees accepted books with Like disabled and no bookmark, and My Bookmarks asks to log in', async ({
    page,
    playwright,
    baseURL,
    registered,
  }) => {
    const student = await registered('student');
    const teacher = await registered('teacher');
    const asTeacher = await playwright.request.newContext({ baseURL });
    const asStudent = await playwright.request.newContext({ baseURL });
    await setTeacherSubjects(asTeacher, baseURL!, teacher, ['Compiler Design']);
    await asStudent.post('/api/auth/login', { data: { email: student.email, password: student.password } });
    const title = `Bottom-Up Parsing Notes ${Date.now().toString(36)}`;
    const created = await asStudent.post('/api/book', {
      data: {
        title,
        branch: 'CSE',
        subject: 'Compiler Design',
        driveLink: 'https://docs.google.com/document/d/e2e/edit',
      },
    });
    expect(created.status()).toBe(201);
    const bookId = ((await created.json()) as { data: { _id: string } }).data._id;
    // The teacher's subjects reach the library as an event: retry until the review is allowed.
    await expect
      .poll(
        async () => (await asTeacher.put(`/api/book/${bookId}/status`, { data: { status: 1 } })).status(),
        { timeout: 15_000 },
      )
      .toBe(200);

    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'Virtual Library' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search books' });
    await expect(search).toHaveAttribute('placeholder', 'Search books by title, tags or subject...');
    await search.fill('BOTTOM-UP pars');
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card.getByRole('button', { name: `Like ${title}` })).toBeDisabled();
    await expect(card.getByRole('button', { name: /Bookmark/ })).toHaveCount(0);
    await expect(card.getByText(teacher.name)).toBeVisible();

    await search.fill('zzqx no such book');
    await expect(page.getByText('No books found matching your criteria')).toBeVisible();

    await page.goto('/profile/bookmark');
    await expect(page.getByText(/log ?in/i).first()).toBeVisible();
  });

  test('a student opening /bookstatus is told only teachers review books', async ({
    page,
    registered,
    logIn,
  }) => {
    const student = await registered('student');
    await logIn(page, student);
    await page.goto('/bookstatus');
    await expect(page.getByText('Only teachers review books.')).toBeVisible();
  });
});
