import { expect, test } from '../src/fixtures';
import { uniq as unique } from '../src/sessions';

// Issue 23 items 1, 2 and 6: words arrive as typed, a failed submit keeps the form, long work is
// kept and leaving it asks, editor images are made to fit.

/** A space that does not let the line break: as an entity or as the character. */
const NBSP = /&nbsp;|\u00a0/;

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
])
  for (const colorScheme of ['light', 'dark'] as const)
    test.describe(`book form at ${viewport.width} px, ${colorScheme}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme });

      test('a 240-character title stops at 200, a refused upload keeps every field and names what to fix, and the error does not cover Upload', async ({
        page,
        registered,
        logIn,
      }, testInfo) => {
        test.setTimeout(90_000);
        await logIn(page, await registered('student'));
        await page.goto('/profile/uploadbook');
        const form = page.getByRole('region', { name: 'Create a New Book/Notes' });
        const title = form.getByLabel(/^Title/);
        await title.fill('t'.repeat(240));
        await expect(title).toHaveValue('t'.repeat(200));
        await expect(form.getByText('200/200')).toBeVisible();

        await title.fill(`Graph theory notes ${unique()}`);
        await form.getByLabel(/^Branch/).fill('Computer Science');
        await form.getByLabel(/^Subject/).selectOption('Discrete Mathematics');
        // The browser does not check a tag's length; the server does (at most 40 characters).
        await form.getByLabel(/^Tags/).fill(`graphs, ${'x'.repeat(45)}`);
        await form.getByLabel(/^Google Drive link/).fill('https://drive.google.com/file/d/e2e-graphs/view');
        await form.getByRole('button', { name: 'Upload' }).click();

        await expect(
          page.getByText('Error creating book: Each tag must be at most 40 characters'),
        ).toBeVisible();
        await expect(form.getByLabel(/^Title/)).toHaveValue(/^Graph theory notes /);
        await expect(form.getByLabel(/^Branch/)).toHaveValue('Computer Science');
        await expect(form.getByLabel(/^Subject/)).toHaveValue('Discrete Mathematics');
        await expect(form.getByLabel(/^Tags/)).toHaveValue(`graphs, ${'x'.repeat(45)}`);
        await expect(form.getByLabel(/^Tags/)).toBeFocused();

        const upload = form.getByRole('button', { name: 'Upload' });
        await upload.scrollIntoViewIfNeeded();
        const button = (await upload.boundingBox())!;
        const toast = (await page
          .getByRole('region', { name: 'Notifications' })
          .getByRole('alert')
          .boundingBox())!;
        const overlaps =
          button.x < toast.x + toast.width &&
          toast.x < button.x + button.width &&
          button.y < toast.y + toast.height &&
          toast.y < button.y + button.height;
        await page.screenshot({
          path: testInfo.outputPath(`book-form-refused-${viewport.width}-${colorScheme}.png`),
        });
        expect(overlaps, 'the error toast covers the Upload button').toBe(false);

        await form.getByLabel(/^Tags/).fill('graphs, trees');
        await upload.click();
        await expect(page.getByText('Book created successfully')).toBeVisible();
        await expect(form.getByLabel(/^Title/)).toHaveValue('');
      });
    });

test.describe('interview write-up', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a typed paragraph is saved with normal spaces between words and wraps between them', async ({
    page,
    registered,
    logIn,
  }) => {
    test.setTimeout(90_000);
    await logIn(page, await registered('student'));
    await page.goto('/profile/createinterview');
    const form = page.getByRole('region', { name: 'Share Interview Experience' });
    await form.getByLabel(/^Company name/).fill(`Wrapco ${unique()}`);
    await form.getByLabel(/^Role/).fill('Backend Engineer');
    await form.getByLabel(/^Salary/).fill('18 LPA');
    await form.getByRole('textbox', { name: 'Rounds description' }).click();
    await page.keyboard.type('The online assessment had a sliding window question and a graph question.');

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/interview/create') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Submit Experience' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON().interviewRoundsDescription).not.toMatch(NBSP);
    const saved = ((await response.json()) as { data: { _id: string; interviewRoundsDescription: string } })
      .data;
    expect(saved.interviewRoundsDescription).toBe(
      '<p>The online assessment had a sliding window question and a graph question.</p>',
    );
  });

  test('a half-written experience asks before a link leaves it, comes back as a draft, and a large photo is made to fit', async ({
    page,
    registered,
    logIn,
  }) => {
    test.setTimeout(120_000);
    await logIn(page, await registered('student'));
    await page.goto('/profile/createinterview');
    const form = page.getByRole('region', { name: 'Share Interview Experience' });
    await expect(form.getByText(/the whole write-up may be up to 87 KB, images included/)).toBeVisible();
    const company = `Drafty ${unique()}`;
    await form.getByLabel(/^Company name/).fill(company);
    await form.getByRole('textbox', { name: 'Rounds description' }).click();
    await page.keyboard.type('Round one: two pointers. Round two: system design of a URL shortener.');

    // Leaving through the navigation asks; declining keeps the page and the text.
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toMatch(/not submitted yet/);
    await expect(page).toHaveURL(/\/profile\/createinterview$/);
    await expect(form.getByLabel(/^Company name/)).toHaveValue(company);

    // Agreeing leaves; coming back restores the draft.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
    await expect(page).toHaveURL(/\/library/);
    await page.goto('/profile/createinterview');
    await expect(form.getByText(/Draft restored/)).toBeVisible();
    await expect(form.getByLabel(/^Company name/)).toHaveValue(company);
    await expect(form.getByRole('textbox', { name: 'Rounds description' })).toContainText('system design');

    // A 3000 x 2000 photo of noise (several MB as a JPEG at full quality) goes in resized.
    const photo = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 3000;
      canvas.height = 2000;
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(3000, 2000);
      for (let i = 0; i < pixels.data.length; i += 1) pixels.data[i] = (i * 2654435761) % 251;
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 1));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    });
    const buffer = Buffer.from(photo, 'base64');
    expect(buffer.length).toBeGreaterThan(2_000_000);
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'image' }).click();
    await (await chooser).setFiles({ name: 'whiteboard.jpg', mimeType: 'image/jpeg', buffer });
    const image = form.locator('.ql-editor img');
    await expect(image).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    expect(((await image.getAttribute('src')) ?? '').length).toBeLessThan(90_000);

    await form.getByLabel(/^Role/).fill('SDE 1');
    await form.getByLabel(/^Salary/).fill('NA');
    await form.getByRole('button', { name: 'Submit Experience' }).click();
    await expect(page.getByText('Submitted successfully! ❤️ThankYou for Contributing')).toBeVisible();
    await expect(form.getByLabel(/^Company name/)).toHaveValue('');
    await page.reload();
    await expect(form.getByLabel(/^Company name/)).toHaveValue('');
    await expect(form.getByText(/Draft restored/)).toHaveCount(0);
  });
});
