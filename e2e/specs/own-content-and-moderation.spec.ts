import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { Comment, Post } from '@campus/contracts/community';
import type { FlatRequest } from '@campus/contracts/housing';
import {
  ANONYMOUS_AUTHOR,
  MODERATION_MESSAGES,
  REPORTS_HIDE_REASON,
} from '@campus/contracts/moderation-rules';
import { mkdirSync } from 'node:fs';
import { expect, test } from '../src/fixtures';
import { seriousViolations } from '../src/axe';
import { apiAs, bellOf, signedInPage, uniq } from '../src/sessions';

/**
 * Issue 26 in Chromium, as students, a guest and a teacher use it: an author edits and deletes
 * their post and comment (360 px), three reports hide a post and a teacher restores and hides it
 * with reasons the author reads, a teacher reveals an anonymous author only behind a reason that the
 * log keeps while every public view still says Anonymous User, and a flat request edited by its
 * owner (a stranger gets Report, not Edit). Screenshots go to /tmp/shots-26/ for a look at the
 * layout (not kept in the repository).
 */
const SHOTS = '/tmp/shots-26';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

async function writePost(
  api: APIRequestContext,
  title: string,
  content: string,
  isAnonymous = false,
): Promise<Post> {
  const created = await api.post('/api/community', { data: { title, content, tag: 'Q&A', isAnonymous } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Post;
}

const guestPage = async (browser: Browser, viewport: { width: number; height: number }) =>
  (await browser.newContext({ viewport })).newPage();

/** A post's card in the hub's list, by its title. */
const postCard = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'All posts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** The thread page's post (its title is the page's h1), without its comments. */
const postArticle = (page: Page) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });

/**
 * Opens the hub searched for `words` (the unique part of a test's title), as a student finds one
 * post in a busy hub, and waits for its list to be read. The specs run side by side on one
 * platform: another spec's burst of posts can push this test's post off the hub's first page.
 */
async function openHub(page: Page, words: string) {
  const listed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/community' && r.request().method() === 'GET',
  );
  await page.goto(`/community?q=${encodeURIComponent(words)}`);
  await listed;
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
}

/** The "· edited <time>" mark beside an item's date. */
const editedMark = (where: Locator) => where.getByText(/·\s*edited\b/);

/**
 * Reports the item the page shows with `reason`: Report, a reason, Send, and the button says
 * Reported. Moderation hears of a new item a moment after its owner's commit, so a report sent in
 * that moment is refused as unknown ("not found" in the dialog): sent again until it is taken.
 */
async function report(page: Page, scope: Locator, what: string, reason: string) {
  await scope.getByRole('button', { name: `Report this ${what}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report this ${what}` });
  await dialog.getByRole('radio', { name: reason }).check();
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(scope.getByRole('button', { name: `Reported this ${what}` })).toBeVisible();
}

/** What a guest's API answers for the post: 200 while it is public, 404 once hidden or deleted. */
async function publicStatus(request: APIRequestContext, postId: string): Promise<number> {
  return (await request.get(`/api/community/${postId}`)).status();
}

/** A queue card on /moderation, by the item's title. */
const queueCard = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title }) });

/** Presses the card's action, gives the reason in its dialog and confirms. */
async function moderate(
  page: Page,
  card: Locator,
  button: string,
  dialogTitle: string,
  reason: string,
  confirm: string,
) {
  await card.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('issue 26: own what you post, reports, teacher moderation', () => {
  test.describe('at 360 px', () => {
    test.use({ viewport: phone });

    test('a student posts, edits the post (it says edited), deletes a comment that has a reply ([deleted] and the reply stay), and deletes the post after confirming (gone for another student)', async ({
      browser,
      playwright,
      baseURL,
      registered,
      logIn,
    }) => {
      test.setTimeout(180_000);
      const [asha, ravi, neha] = await Promise.all([
        registered('student'),
        registered('student'),
        registered('student'),
      ]);
      const raviApi = await apiAs(playwright, baseURL!, ravi);
      const token = uniq();
      const title = `Library hours in exam week ${token}`;
      const fixed = `${title} (updated)`;

      // Asha posts through Create New Post.
      const author = await signedInPage(browser, phone, logIn, asha);
      await author.goto('/community');
      await author.getByRole('button', { name: 'Create New Post' }).click();
      const create = author.getByRole('dialog', { name: 'Create New Post' });
      await create.getByLabel('Title').fill(title);
      await create.getByLabel('Content').fill('Does the library stay open till 2 am?');
      await create.getByLabel('Category').selectOption('Q&A');
      const published = author.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/community' && r.request().method() === 'POST',
      );
      await author.getByRole('button', { name: 'Publish Post' }).click();
      const post = (await (await published).json()) as Post;
      await expect(create).toBeHidden();
      const card = postCard(author, title);
      await expect(card).toBeVisible();
      await expect(editedMark(card)).toHaveCount(0);

      // Edit from the card: the form comes filled in; the card then shows the new title, "edited".
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = author.getByRole('dialog', { name: /^Edit/ });
      await expect(edit.getByLabel('Title')).toHaveValue(title);
      expect(await seriousViolations(author), 'the edit dialog').toEqual([]);
      await shot(author, 'edit-post-dialog');
      await edit.getByLabel('Title').fill(fixed);
      await edit.getByLabel('Content').fill('Does the library stay open till 2 am in exam week?');
      await edit.getByRole('button', { name: /^Save/ }).click();
      await expect(edit).toBeHidden();
      const fixedCard = postCard(author, fixed);
      await expect(fixedCard).toBeVisible();
      await expect(editedMark(fixedCard)).toBeVisible();
      await expect(editedMark(fixedCard).locator('time')).toHaveAttribute('title', /\d/);

      // The thread says it too; Asha comments there and Ravi replies to her comment.
      await author.goto(`/post/${post._id}`);
      const article = postArticle(author);
      await expect(author.getByRole('heading', { level: 1, name: fixed })).toBeVisible();
      await expect(editedMark(article)).toBeVisible();
      const commented = author.waitForResponse(
        (r) => r.url().endsWith(`/api/comments/${post._id}`) && r.request().method() === 'POST',
      );
      await author.getByLabel('Your comment').fill('I think it closes at midnight.');
      await author.getByRole('button', { name: 'Post', exact: true }).click();
      const comment = (await (await commented).json()) as Comment;
      const replied = await raviApi.post(`/api/comments/${post._id}`, {
        data: { content: 'It is open till 2 am from Monday.', isAnonymous: false, parentId: comment._id },
      });
      expect(replied.status(), await replied.text()).toBe(201);
      await author.reload();
      const thread = author.getByRole('region', { name: 'Comments' });
      await expect(thread.getByText('It is open till 2 am from Monday.')).toBeVisible();

      // Asha deletes her comment (asked first): the thread keeps "[deleted]" and Ravi's reply.
      const mine = thread.getByRole('article', { name: `Comment by ${asha.name}` });
      await mine.getByRole('button', { name: /^Delete/ }).click();
      const confirmComment = author.getByRole('dialog', { name: /^Delete this comment/ });
      await confirmComment.getByRole('button', { name: /^Delete/ }).click();
      await expect(confirmComment).toBeHidden();
      await expect(thread.getByText('[deleted]')).toBeVisible();
      await expect(thread.getByText('I think it closes at midnight.')).toHaveCount(0);
      await expect(thread.getByText('It is open till 2 am from Monday.')).toBeVisible();
      await expect(thread.getByRole('article', { name: `Comment by ${ravi.name}` })).toBeVisible();
      expect(await seriousViolations(author), 'the thread with a deleted comment').toEqual([]);
      await shot(author, 'thread-deleted-comment');

      // Asha deletes the post from its card: asked first, then gone.
      await openHub(author, token);
      await postCard(author, fixed)
        .getByRole('button', { name: `Delete ${fixed}` })
        .click();
      const confirmPost = author.getByRole('dialog', { name: 'Delete this post?' });
      await expect(confirmPost.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirmPost.getByRole('button', { name: /^Delete/ }).click();
      await expect(confirmPost).toBeHidden();
      await expect(postCard(author, fixed)).toHaveCount(0);

      // Another student: not in the list, and its link says it is gone.
      const reader = await signedInPage(browser, phone, logIn, neha);
      await openHub(reader, token);
      await expect(reader.getByRole('link', { name: fixed })).toHaveCount(0);
      await reader.goto(`/post/${post._id}`);
      await expect(reader.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    });
  });

  test.describe('at 1280 px', () => {
    test.use({ viewport: desktop });

    test('three students report a post and it is hidden from a guest; a teacher restores it, then hides it with a reason the author reads; the log names the teacher', async ({
      browser,
      playwright,
      baseURL,
      request,
      registered,
      logIn,
    }) => {
      test.setTimeout(300_000);
      const [asha, teacher, ...reporters] = await Promise.all([
        registered('student'),
        registered('teacher'),
        registered('student'),
        registered('student'),
        registered('student'),
        registered('student'),
      ]);
      const ashaApi = await apiAs(playwright, baseURL!, asha);
      const token = uniq();
      const title = `Selling my old drafter ${token}`;
      const post = await writePost(ashaApi, title, 'DM me for the price, cash only.');

      // A guest sees it.
      const guest = await guestPage(browser, desktop);
      await openHub(guest, token);
      await expect(postCard(guest, title)).toBeVisible();

      // Three different students report it from the thread; the third report hides it.
      for (const [index, reporter] of reporters.slice(0, 3).entries()) {
        const page = await signedInPage(browser, desktop, logIn, reporter);
        await page.goto(`/post/${post._id}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await report(
          page,
          postArticle(page),
          'post',
          index === 1 ? 'A scam or a fake offer' : 'Spam or advertising',
        );
        await page.context().close();
      }
      await expect.poll(() => publicStatus(request, post._id), { timeout: 30_000 }).toBe(404);
      await openHub(guest, token);
      await expect(guest.getByRole('link', { name: title })).toHaveCount(0);
      await guest.goto(`/post/${post._id}`);
      await expect(guest.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();

      // The teacher's queue: the post, hidden by the reports, with its three reports and reasons.
      const mod = await signedInPage(browser, desktop, logIn, teacher);
      await mod.goto('/moderation');
      await expect(mod.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
      const card = queueCard(mod, title);
      await expect(card).toBeVisible();
      await expect(card.getByText('3 reports')).toBeVisible();
      const reports = card.getByRole('list', { name: 'Reports' }).getByRole('listitem');
      await expect(reports).toHaveCount(3);
      await expect(reports.filter({ hasText: 'Spam or advertising' })).toHaveCount(2);
      await expect(reports.filter({ hasText: 'A scam or a fake offer' })).toHaveCount(1);
      await expect(card.getByText('Hidden', { exact: true })).toBeVisible();
      await expect(card.getByText(/^Hidden by reports until a teacher looks/)).toBeVisible();
      await expect(card.getByText(`By ${asha.name}`)).toBeVisible();
      expect(await seriousViolations(mod), 'the queue').toEqual([]);
      await shot(mod, 'moderation-queue');

      // Restore, with a reason: it leaves the queue (its reports are closed), the guest sees it again.
      const restoreReason = 'A normal sale of study equipment.';
      await moderate(mod, card, `Restore post “${title}”`, 'Restore this post?', restoreReason, 'Restore');
      await expect(card).toHaveCount(0);
      await expect.poll(() => publicStatus(request, post._id), { timeout: 30_000 }).toBe(200);
      await guest.goto(`/post/${post._id}`);
      await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // A fourth student reports it later (with a note); the teacher hides it this time.
      const fourth = await signedInPage(browser, desktop, logIn, reporters[3]!);
      await fourth.goto(`/post/${post._id}`);
      await postArticle(fourth).getByRole('button', { name: 'Report this post' }).click();
      const reportDialog = fourth.getByRole('dialog', { name: 'Report this post' });
      await reportDialog.getByRole('radio', { name: 'A scam or a fake offer' }).check();
      await reportDialog
        .getByLabel('Anything the teachers should know? (optional)')
        .fill('Asked me to pay in advance.');
      expect(await seriousViolations(fourth), 'the report dialog').toEqual([]);
      await shot(fourth, 'report-dialog');
      await reportDialog.getByRole('button', { name: 'Send' }).click();
      await expect(fourth.getByRole('button', { name: 'Reported this post' })).toBeVisible();

      await mod.reload();
      await expect(card.getByText(/^1 report\b/)).toBeVisible();
      await expect(card.getByText('“Asked me to pay in advance.”')).toBeVisible();
      await expect(card.getByText('Visible', { exact: true })).toBeVisible();
      const hideReason = 'Asking for payment in advance breaks the marketplace rules.';
      await moderate(mod, card, `Hide post “${title}”`, 'Hide this post?', hideReason, 'Hide');
      await expect.poll(() => publicStatus(request, post._id), { timeout: 30_000 }).toBe(404);

      // The author: the bell tells why, and their own view of the post says it.
      const said = `Your post “${title}” was hidden by a moderator: ${hideReason}`;
      const author = await signedInPage(browser, desktop, logIn, asha);
      await author.goto('/community');
      await expect(bellOf(author)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
      await bellOf(author).click();
      const panel = author.getByRole('dialog', { name: 'Notifications' });
      await expect(panel.getByRole('link', { name: said })).toHaveAttribute('href', `/post/${post._id}`);
      await expect(panel.getByText(teacher.name)).toHaveCount(0);
      await panel.getByRole('link', { name: said }).click();
      await author.waitForURL(`**/post/${post._id}`);
      await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(author.getByText(`Hidden by a moderator: ${hideReason}`)).toBeVisible();
      expect(await seriousViolations(author), "the author's hidden post").toEqual([]);
      await shot(author, 'author-hidden-post');
      await author.goto('/notifications');
      const list = author.getByRole('main');
      await expect(list.getByRole('link', { name: said })).toBeVisible();
      // Each decision before it was told too: the reports' hide, then the teacher's restore.
      await expect(
        list.getByRole('link', {
          name: `Your post “${title}” was hidden after several reports; a teacher will review it.`,
        }),
      ).toBeVisible();
      await expect(list.getByRole('link', { name: `Your post “${title}” is visible again.` })).toBeVisible();
      await expect(list).not.toContainText(teacher.name);

      // The log: both of the teacher's actions with their name and reason, and the reports' hide.
      await mod.getByRole('tab', { name: 'Log' }).click();
      await expect(mod).toHaveURL(/view=log/);
      const log = mod.getByRole('tabpanel');
      const hid = log.getByRole('listitem').filter({ hasText: `${teacher.name} hid the post “${title}”` });
      const restored = log
        .getByRole('listitem')
        .filter({ hasText: `${teacher.name} restored the post “${title}”` });
      await expect(hid).toContainText(`Why: ${hideReason}`);
      await expect(restored).toContainText(`Why: ${restoreReason}`);
      await expect(
        log.getByRole('listitem').filter({ hasText: `Several reports hid the post “${title}”` }),
      ).toContainText(`Why: ${REPORTS_HIDE_REASON}`);
      await expect(hid.getByRole('link', { name: `post “${title}”` })).toHaveAttribute(
        'href',
        `/post/${post._id}`,
      );
      expect(await seriousViolations(mod), 'the log').toEqual([]);
      await shot(mod, 'moderation-log');
    });

    test('a teacher reveals the author of a reported anonymous post only with a reason; the log keeps the reveal; a guest and another student still read Anonymous User', async ({
      browser,
      playwright,
      baseURL,
      registered,
      logIn,
    }) => {
      test.setTimeout(180_000);
      const [asha, ravi, neha, teacher] = await Promise.all([
        registered('student'),
        registered('student'),
        registered('student'),
        registered('teacher'),
      ]);
      const ashaApi = await apiAs(playwright, baseURL!, asha);
      const token = uniq();
      const title = `Who keeps taking lab seats ${token}`;
      const post = await writePost(ashaApi, title, 'Someone in B2 reserves six seats every morning.', true);

      const reporter = await signedInPage(browser, desktop, logIn, ravi);
      await reporter.goto(`/post/${post._id}`);
      await expect(reporter.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await report(reporter, postArticle(reporter), 'post', 'Harassment, hate or bullying');

      // The queue names nobody; Reveal author asks for a reason first.
      const mod = await signedInPage(browser, desktop, logIn, teacher);
      await mod.goto('/moderation');
      const card = queueCard(mod, title);
      await expect(card.getByText(`By ${ANONYMOUS_AUTHOR}`)).toBeVisible();
      await expect(card).not.toContainText(asha.name);
      await card.getByRole('button', { name: `Reveal author of post “${title}”` }).click();
      const dialog = mod.getByRole('dialog', { name: 'Reveal who wrote this post?' });
      await dialog.getByRole('button', { name: 'Reveal author', exact: true }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(MODERATION_MESSAGES.actionReason)).toBeVisible();
      const why = 'A reported accusation against a classmate; I need to speak to the author.';
      expect(await seriousViolations(mod), 'the reveal dialog').toEqual([]);
      await shot(mod, 'reveal-dialog');
      await dialog.getByLabel(/^Reason/).fill(why);
      await dialog.getByRole('button', { name: 'Reveal author', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByText(asha.name, { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: /^Reveal author/ })).toHaveCount(0);
      // The same queue on a phone: the card and its actions fit 360 px.
      await mod.setViewportSize(phone);
      await expect(card.getByText(asha.name, { exact: true })).toBeVisible();
      expect(
        await card.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
        'nothing wider than the card at 360 px',
      ).toBe(true);
      expect(await seriousViolations(mod), 'the queue at 360 px').toEqual([]);
      await shot(mod, 'moderation-queue-revealed');
      await mod.setViewportSize(desktop);

      // The log keeps the reveal and its reason, without the name it answered.
      await mod.getByRole('tab', { name: 'Log' }).click();
      const log = mod.getByRole('tabpanel');
      const entry = log
        .getByRole('listitem')
        .filter({ hasText: `${teacher.name} revealed the author of the post “${title}”` });
      await expect(entry).toContainText(`Why: ${why}`);
      await expect(log).not.toContainText(asha.name);

      // Everyone else still reads Anonymous User: a guest and another student.
      for (const page of [
        await guestPage(browser, desktop),
        await signedInPage(browser, desktop, logIn, neha),
      ]) {
        await page.goto(`/post/${post._id}`);
        const article = postArticle(page);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(article.getByText(ANONYMOUS_AUTHOR)).toBeVisible();
        await expect(page.getByRole('main')).not.toContainText(asha.name);
        await openHub(page, token);
        const listed = postCard(page, title);
        await expect(listed.getByText(ANONYMOUS_AUTHOR)).toBeVisible();
        await expect(listed).not.toContainText(asha.name);
      }
    });

    test('the owner of a flat request edits its rent (the card says edited); a stranger sees the change, no Edit or Delete, and Report', async ({
      browser,
      playwright,
      baseURL,
      registered,
      logIn,
    }) => {
      test.setTimeout(150_000);
      const [asha, rohan] = await Promise.all([registered('student'), registered('student')]);
      const ashaApi = await apiAs(playwright, baseURL!, asha);
      const name = `Room near the north gate ${uniq()}`;
      const created = await ashaApi.post('/api/flat', {
        data: {
          name,
          description: 'One room in a furnished 2BHK, ten minutes on foot.',
          location: 'https://maps.google.com/?q=Kothrud+Pune',
          genderPreference: 'any',
          rent: 8500,
          moveInDate: '2026-07-01',
          contactInfo: '+91 98765 43210',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const flat = ((await created.json()) as { data: FlatRequest }).data;

      const owner = await signedInPage(browser, desktop, logIn, asha);
      await owner.goto('/roomfinder/myroomrequest');
      const mine = owner.getByRole('listitem').filter({ has: owner.getByRole('heading', { name }) });
      await expect(mine.getByText('₹8,500')).toBeVisible();
      await expect(editedMark(mine)).toHaveCount(0);
      await expect(mine.getByRole('button', { name: /^Report/ })).toHaveCount(0);
      await mine.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = owner.getByRole('dialog', { name: 'Edit room request' });
      await expect(dialog.getByLabel(/^Room heading/)).toHaveValue(name);
      expect(await seriousViolations(owner), 'the edit dialog').toEqual([]);
      await dialog.getByLabel(/^Rent/).fill('7900');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog).toBeHidden();
      await expect(owner.getByText(`Saved “${name}”.`)).toBeVisible();
      await expect(mine.getByText('₹7,900')).toBeVisible();
      await expect(editedMark(mine)).toBeVisible();

      // Another student: the new rent and "edited", no Edit or Delete, and Report.
      const stranger = await signedInPage(browser, desktop, logIn, rohan);
      await stranger.goto('/roomfinder');
      // The search answers after a pause; the list is read again then (wait, or the card is replaced).
      const searched = stranger.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/flat' && [...url.searchParams.values()].includes(name);
      });
      await stranger.getByRole('searchbox', { name: 'Search rooms' }).fill(name);
      await searched;
      const seen = stranger.locator(`[data-flat-id="${flat._id}"]`);
      await expect(seen.getByText('₹7,900')).toBeVisible();
      await expect(editedMark(seen)).toBeVisible();
      await expect(seen.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
      await shot(stranger, 'flat-stranger');
      await report(stranger, seen, 'flat request', 'Something else');
    });
  });
});
