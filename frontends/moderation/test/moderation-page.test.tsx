import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LogList,
  ModerationActionResponse,
  QueueList,
  type LogEntry,
  type ModeratedItem,
  type QueueItem,
} from '@campus/contracts/moderation';
import {
  KIND_REPORT_REASONS,
  MODERATION_MESSAGES,
  MODERATION_PAGE_SIZE,
  MODERATION_REASON_MAX,
  REPORT_REASONS,
  type ModerationAction,
} from '@campus/contracts/moderation-rules';
import { moderationApi } from '@campus/contracts/generated/moderation-api';
import { contractReply, errorReply, type ReplyTarget } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import ModerationPage from '../src/moderation-page';

const student = { _id: 'u-asha', name: 'Asha Rao', isTeacher: false };
const teacher = { _id: 'u-meera', name: 'Meera Iyer', isTeacher: true };
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const queuePath = moderationApi.listModerationQueue.path;
const logPath = moderationApi.listModerationLog.path;
const actionsPath = moderationApi.moderateContent.path;

/** An item as the queue shows it. */
const moderated = (id: string, overrides: Partial<ModeratedItem> = {}): ModeratedItem => ({
  targetType: 'post',
  targetId: id,
  link: `/post/${id}`,
  title: `Exam tips ${id}`,
  text: `Share your notes here (${id})`,
  authorName: 'Ravi Kumar',
  anonymous: false,
  state: 'visible',
  hiddenBy: null,
  hiddenReason: null,
  version: 2,
  ...overrides,
});

/** A queue entry: the item, its open reports and its versions (newest first). */
const entry = (
  id: string,
  item: Partial<ModeratedItem> = {},
  overrides: Partial<QueueItem> = {},
): QueueItem => ({
  _id: `q-${id}`,
  item: moderated(id, item),
  reports: [
    { reason: 'spam', note: 'Links to a paid course', createdAt: ago(2 * HOUR) },
    { reason: 'misleading', note: null, createdAt: ago(5 * HOUR) },
  ],
  reportCount: 2,
  weight: 2,
  versions: [
    {
      version: 2,
      change: 'edited',
      // (what the item says now, as this history's newest version reads in a real queue)
      title: `Exam tips ${id}, as edited`,
      text: 'Second draft',
      at: ago(HOUR),
    },
    { version: 1, change: 'published', title: 'Exam tip', text: 'First draft', at: ago(3 * HOUR) },
  ],
  ...overrides,
});

const logEntry = (id: string, overrides: Partial<LogEntry> = {}): LogEntry => ({
  _id: id,
  action: 'hide',
  by: 'moderator',
  moderator: { id: teacher._id, name: 'Meera Iyer' },
  targetType: 'post',
  targetId: 'p1',
  title: `Exam tips ${id}`,
  link: '/post/p1',
  reason: `Spam links (${id})`,
  createdAt: ago(HOUR),
  ...overrides,
});

/** A page of a cursor-paged list: the next page's cursor in X-Next-Cursor. */
const withCursor = (reply: ScriptedReply, nextCursor?: string) =>
  nextCursor ? { ...reply, headers: { 'X-Next-Cursor': nextCursor } } : reply;
const queue = (items: QueueItem[], { nextCursor, ...target }: ReplyTarget & { nextCursor?: string } = {}) =>
  withCursor(
    contractReply(QueueList, items, { match: `${queuePath}?`, method: 'GET', ...target }),
    nextCursor,
  );
const log = (items: LogEntry[], { nextCursor, ...target }: ReplyTarget & { nextCursor?: string } = {}) =>
  withCursor(contractReply(LogList, items, { match: `${logPath}?`, method: 'GET', ...target }), nextCursor);
const done = (action: ModerationAction, item: ModeratedItem, author?: { id: string; name: string }) =>
  contractReply(
    ModerationActionResponse,
    {
      success: true,
      message: MODERATION_MESSAGES.done[action],
      data: { item, ...(author ? { author } : {}) },
    },
    { url: actionsPath, method: 'POST' },
  );

const open = (replies: ScriptedReply[], user: typeof teacher | null = teacher, path = '/moderation') =>
  renderRemoteScreen(<ModerationPage />, { user, path, route: '/moderation', replies });

const cards = () =>
  within(screen.getByRole('tabpanel'))
    .getAllByRole('listitem')
    .filter((li) => li.dataset.cardId);
const posts = (requests: { method: string; url: string }[]) =>
  requests.filter((request) => request.method === 'POST' && request.url === actionsPath);

/** A success toast (the toasts' polite live region) saying `text`. */
const toast = (text: string) =>
  within(screen.getByRole('region', { name: 'Notifications' })).findByText(text);

/** Opens the action's dialog on the (only) card, types the reason and confirms. */
async function act(button: RegExp, reason: string, confirm: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  if (reason) await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
  return dialog;
}

describe('/moderation for those who are not teachers', () => {
  test('when a guest opens it, then a sign-in prompt that comes back here, and nothing is asked of the service', () => {
    const { requests } = open([], null);
    expect(screen.getByRole('heading', { level: 1, name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see the moderation queue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/moderation')}`,
    );
    expect(requests).toEqual([]);
  });

  test('when a student opens it, then "Only teachers can moderate." with a way back, and nothing is asked of the service', () => {
    const { requests } = open([], student);
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(screen.getByText(MODERATION_MESSAGES.teachersOnly)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/feature');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('/moderation: the queue', () => {
  test('when a teacher opens it, then each reported item: type, title, text, author, state, reports with notes, folded history, Open and its actions', async () => {
    const { requests } = open([
      queue([
        entry('p1'),
        entry(
          'c1',
          {
            targetType: 'comment',
            link: '/post/p9#comment-c1',
            state: 'hidden',
            hiddenBy: 'reports',
            hiddenReason: 'Reported by several users; a teacher will review it.',
            authorName: 'Anonymous User',
            anonymous: true,
          },
          {
            reportCount: 3,
            weight: 2.5,
            reports: [
              { reason: 'harassment', note: 'Insults a classmate', createdAt: ago(HOUR) },
              { reason: 'harassment', note: null, createdAt: ago(2 * HOUR) },
              { reason: 'other', note: null, createdAt: ago(3 * HOUR) },
            ],
          },
        ),
      ]),
    ]);

    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Queue' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' });
    const [post, comment] = cards();

    const p = within(post!);
    expect(p.getByText('Post')).toBeInTheDocument();
    expect(p.getByRole('heading', { level: 2, name: 'Exam tips p1' })).toBeInTheDocument();
    expect(p.getByText('Share your notes here (p1)')).toBeInTheDocument();
    expect(p.getByText('By Ravi Kumar')).toBeInTheDocument();
    expect(p.getByText('Visible')).toBeInTheDocument();
    expect(p.getByText('2 reports')).toBeInTheDocument();
    expect(p.getByText(REPORT_REASONS.spam)).toBeInTheDocument();
    expect(p.getByText('“Links to a paid course”')).toBeInTheDocument();
    expect(p.getByText(REPORT_REASONS.misleading)).toBeInTheDocument();
    const history = p.getByText('History (2 versions)');
    expect(history.closest('details')).not.toHaveAttribute('open');
    expect(p.getByRole('link', { name: 'Open post “Exam tips p1”' })).toHaveAttribute('href', '/post/p1');
    expect(p.getByRole('button', { name: 'Hide post “Exam tips p1”' })).toBeInTheDocument();
    expect(p.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
    expect(p.getByRole('button', { name: 'Delete post “Exam tips p1”' })).toBeInTheDocument();
    expect(p.getByRole('button', { name: 'Dismiss reports on post “Exam tips p1”' })).toBeInTheDocument();
    expect(p.queryByRole('button', { name: /^Reveal author/ })).not.toBeInTheDocument();

    const c = within(comment!);
    expect(c.getByText('Comment')).toBeInTheDocument();
    expect(c.getByText('Hidden')).toBeInTheDocument();
    expect(
      c.getByText(/Hidden by reports until a teacher looks: Reported by several users/),
    ).toBeInTheDocument();
    expect(c.getByText('By Anonymous User')).toBeInTheDocument();
    expect(c.getByText('3 reports')).toBeInTheDocument();
    expect(c.getByText('(counts as 2.5)')).toBeInTheDocument();
    expect(c.getByText('“Insults a classmate”')).toBeInTheDocument();
    expect(c.getByRole('button', { name: /^Restore comment/ })).toBeInTheDocument();
    expect(c.getByRole('button', { name: /^Keep hidden comment/ })).toBeInTheDocument();
    expect(c.getByRole('button', { name: /^Reveal author of comment/ })).toBeInTheDocument();

    const url = new URL(requests[0]!.url, 'http://campus.test');
    expect(url.pathname).toBe(queuePath);
    expect(url.searchParams.get('cursor')).toBeNull();
    expect(url.searchParams.get('limit')).toBe(String(MODERATION_PAGE_SIZE));
  });

  test('when a job post is reported as expired, then its report reads "The job is closed or no longer exists"', async () => {
    open([
      queue([
        entry(
          'j1',
          { targetType: 'job', link: '/jobs#job-j1', title: 'Razorpay: Backend Intern' },
          { reports: [{ reason: 'expired', note: null, createdAt: ago(HOUR) }], reportCount: 1, weight: 1 },
        ),
      ]),
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Razorpay: Backend Intern' });
    expect(within(cards()[0]!).getByText(KIND_REPORT_REASONS.expired.label)).toBeInTheDocument();
  });

  test('when History is opened, then every version, newest first, with what changed', async () => {
    open([queue([entry('p1')])]);
    const summary = await screen.findByText('History (2 versions)');
    await userEvent.click(summary);
    const details = summary.closest('details')!;
    expect(details).toHaveAttribute('open');
    const versions = within(details);
    expect(versions.getByText(/Version 2 · Edited/)).toBeInTheDocument();
    expect(versions.getByText(/Version 1 · Published/)).toBeInTheDocument();
    expect(versions.getByText('First draft')).toBeInTheDocument();
  });

  test('when an item’s text is long, then it is cut with Show all, which opens it', async () => {
    open([queue([entry('p1', { text: 'word '.repeat(100).trim() })])]);
    const more = await screen.findByRole('button', { name: 'Show all' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  test.each([
    ['hide', /^Hide post/, 'Hide', 'Advertises a paid course', { state: 'hidden', hiddenBy: 'moderator' }],
    ['delete', /^Delete post/, 'Delete', 'Scam link, removed', { state: 'deleted' }],
    ['dismiss', /^Dismiss reports/, 'Dismiss reports', 'Nothing wrong with it', {}],
  ] as const)(
    'when a teacher does %s with a reason, then the body names the item, the action and the reason, the answer shows, and the queue loads again',
    async (action, button, confirm, reason, after) => {
      const changed = moderated('p1', after);
      const { requests } = open([
        queue([entry('p1')]),
        done(action, changed),
        queue(action === 'dismiss' ? [] : [entry('p1', after)]),
      ]);
      await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' });

      await act(button, `  ${reason} `, confirm);

      expect(await toast(MODERATION_MESSAGES.done[action])).toBeInTheDocument();
      expect(posts(requests).map((request) => (request as { body?: unknown }).body)).toEqual([
        { targetType: 'post', targetId: 'p1', action, reason },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() =>
        expect(requests.filter((request) => request.url.startsWith(`${queuePath}?`))).toHaveLength(2),
      );
      if (action === 'hide')
        expect(await screen.findByText('Hidden', { selector: 'span' })).toBeInTheDocument();
      if (action === 'delete') {
        expect(await screen.findByText('Deleted')).toBeInTheDocument();
        expect(screen.queryByRole('link', { name: /^Open post/ })).not.toBeInTheDocument();
      }
      if (action === 'dismiss') expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
    },
  );

  test('when a hidden item is restored, then restore is sent and the card says Visible again', async () => {
    const hidden = { state: 'hidden', hiddenBy: 'moderator', hiddenReason: 'Spam' } as const;
    const { requests } = open([
      queue([entry('p1', hidden, { reports: [], reportCount: 0, weight: 0 })]),
      done('restore', moderated('p1')),
      queue([entry('p1')]),
    ]);
    await screen.findByText('Hidden', { selector: 'span' });
    // A teacher hid it and its reports were decided: nothing to dismiss, and it is hidden already.
    expect(screen.queryByRole('button', { name: /^Dismiss/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Hide|Keep hidden)/ })).not.toBeInTheDocument();

    await act(/^Restore post/, 'Checked: it is fine', 'Restore');

    expect(await toast(MODERATION_MESSAGES.done.restore)).toBeInTheDocument();
    expect(await screen.findByText('Visible')).toBeInTheDocument();
    // Restore, which had focus back from the dialog, is gone (Hide took its place): the card has it.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-card-id', 'q-p1'));
    expect((posts(requests)[0] as { body?: unknown }).body).toEqual({
      targetType: 'post',
      targetId: 'p1',
      action: 'restore',
      reason: 'Checked: it is fine',
    });
  });

  test('when the reason is missing or too short, then the dialog says so and nothing is sent; the field stops at the maximum', async () => {
    const { requests } = open([queue([entry('p1')])]);
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' });

    const dialog = await act(/^Hide post/, '', 'Hide');
    expect(within(dialog).getByText(MODERATION_MESSAGES.actionReason)).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('maxLength', String(MODERATION_REASON_MAX));

    await userEvent.type(field, 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.actionReason)).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
  });

  test('when the service refuses, then the dialog stays open with its reason and says why; sending again works', async () => {
    const { requests } = open([
      queue([entry('p1')]),
      errorReply(
        503,
        { message: 'Moderation is unavailable', code: 'SERVICE_UNAVAILABLE' },
        { url: actionsPath },
      ),
      done('hide', moderated('p1', { state: 'hidden', hiddenBy: 'moderator' })),
      queue([entry('p1', { state: 'hidden', hiddenBy: 'moderator' })]),
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' });

    const dialog = await act(/^Hide post/, 'Advertises a paid course', 'Hide');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Moderation is unavailable');
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Advertises a paid course');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await toast(MODERATION_MESSAGES.done.hide)).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(2);
  });

  test('when the service refuses because the item changed meanwhile, then its message shows in the dialog and the queue loads again', async () => {
    open([
      queue([entry('p1')]),
      errorReply(
        409,
        { message: MODERATION_MESSAGES.alreadyDeleted, code: 'ALREADY_DELETED' },
        { url: actionsPath },
      ),
      queue([entry('p1', { state: 'deleted' })]),
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' });

    const dialog = await act(/^Hide post/, 'Advertises a paid course', 'Hide');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.alreadyDeleted);
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
  });

  test('when a teacher keeps an item the reports hid hidden, then hide is sent and the dialog says it stays hidden', async () => {
    const byReports = {
      state: 'hidden',
      hiddenBy: 'reports',
      hiddenReason: 'Reported by several users',
    } as const;
    const { requests } = open([
      queue([entry('p1', byReports)]),
      done('hide', moderated('p1', { state: 'hidden', hiddenBy: 'moderator', hiddenReason: 'Spam links' })),
      queue([]),
    ]);
    await screen.findByText('Hidden', { selector: 'span' });

    await userEvent.click(screen.getByRole('button', { name: /^Keep hidden post/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep this post hidden?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam links');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep hidden' }));

    expect(await toast(MODERATION_MESSAGES.done.hide)).toBeInTheDocument();
    expect((posts(requests)[0] as { body?: unknown }).body).toMatchObject({
      action: 'hide',
      reason: 'Spam links',
    });
  });

  test('when a teacher reveals an anonymous author, then reveal is sent with the reason, and the card shows the name and that it is logged', async () => {
    const anonymous = { authorName: 'Anonymous User', anonymous: true };
    const { requests } = open([
      queue([entry('p1', anonymous)]),
      done('reveal', moderated('p1', anonymous), { id: 'u-ravi', name: 'Ravi Kumar' }),
      queue([entry('p1', anonymous)]),
    ]);
    await screen.findByText('By Anonymous User');

    await act(/^Reveal author of post/, 'Threats against a student', 'Reveal author');

    expect(await toast(MODERATION_MESSAGES.done.reveal)).toBeInTheDocument();
    const [card] = cards();
    expect(within(card!).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(card!).getByText(/the reveal is recorded in the log/)).toBeInTheDocument();
    expect(within(card!).queryByRole('button', { name: /^Reveal author/ })).not.toBeInTheDocument();
    expect((posts(requests)[0] as { body?: unknown }).body).toEqual({
      targetType: 'post',
      targetId: 'p1',
      action: 'reveal',
      reason: 'Threats against a student',
    });
    // The queue loaded again still says Anonymous User: the name stays on the card all the same.
    await waitFor(() =>
      expect(requests.filter((request) => request.url.startsWith(`${queuePath}?`))).toHaveLength(2),
    );
    expect(within(cards()[0]!).getByText('Ravi Kumar')).toBeInTheDocument();
  });

  test('when there is more, then Load More asks for the page after the cursor the service gave', async () => {
    const { requests } = open([
      queue([entry('p2')], { nextCursor: 'after-p2' }),
      queue([entry('p1')], { match: 'cursor=after-p2' }),
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p2' });

    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' })).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
    expect(screen.getByText('That is everything in the queue.')).toBeInTheDocument();
    expect(requests.filter((request) => request.url.includes('cursor=after-p2'))).toHaveLength(1);
  });

  test('when a teacher opens the queue, then the view is Needs review and the service is asked without a status', async () => {
    const { requests } = open([queue([entry('p1')])]);
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' });
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('open');
    expect(requests.filter((r) => r.url.startsWith(queuePath)).map((r) => r.url)).toEqual([
      expect.not.stringContaining('status='),
    ]);
  });

  test('when All reported is chosen, then ?status=all is in the URL and asked for, and a restored item with no reports offers Hide (no Dismiss)', async () => {
    const restored = entry('p7', {}, { reports: [], reportCount: 0, weight: 0 });
    const { requests, location } = open([queue([entry('p1')]), queue([restored], { match: 'status=all' })]);
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All reported');

    expect(await screen.findByRole('heading', { level: 2, name: 'Exam tips p7' })).toBeInTheDocument();
    expect(location.search).toBe('?status=all');
    expect(requests.filter((r) => r.url.includes('status=all'))).toHaveLength(1);
    expect(
      screen.getByText('Every item ever reported or acted on, latest activity first.'),
    ).toBeInTheDocument();
    const [card] = cards();
    expect(within(card!).getByRole('button', { name: /^Hide/ })).toBeInTheDocument();
    expect(within(card!).queryByRole('button', { name: /^Dismiss/ })).not.toBeInTheDocument();
    expect(within(card!).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  test('when /moderation?status=hidden is opened, then the Hidden view is asked for and an item a teacher hid offers Restore', async () => {
    const byTeacher = entry(
      'p8',
      { state: 'hidden', hiddenBy: 'moderator', hiddenReason: 'Spam links' },
      { reports: [], reportCount: 0, weight: 0 },
    );
    const { requests } = open(
      [queue([byTeacher], { match: 'status=hidden' })],
      teacher,
      '/moderation?status=hidden',
    );
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p8' });
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('hidden');
    expect(requests.filter((r) => r.url.startsWith(queuePath))).toHaveLength(1);
    const [card] = cards();
    expect(within(card!).getByRole('button', { name: /^Restore/ })).toBeInTheDocument();
    expect(within(card!).queryByRole('button', { name: /^Hide/ })).not.toBeInTheDocument();
  });

  test('when the Hidden view is empty, then it says nothing is hidden', async () => {
    open([queue([], { match: 'status=hidden' })], teacher, '/moderation?status=hidden');
    expect(await screen.findByText('Nothing is hidden.')).toBeInTheDocument();
  });

  test('while the queue loads, then skeleton cards say so', async () => {
    let answer!: () => void;
    const hold = new Promise<void>((resolve) => (answer = resolve));
    open([{ ...queue([entry('p1')]), hold }]);
    expect(screen.getByText('Loading the queue...')).toBeInTheDocument();
    answer();
    await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' });
    expect(screen.queryByText('Loading the queue...')).not.toBeInTheDocument();
  });

  test('when nothing is reported, then the empty queue says so', async () => {
    open([queue([])]);
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
  });

  test('when the queue fails to load, then the error, and Try Again loads it', async () => {
    open([
      errorReply(
        503,
        { message: 'Moderation is unavailable', code: 'SERVICE_UNAVAILABLE' },
        { match: queuePath },
      ),
      queue([entry('p1')]),
    ]);
    expect(
      await screen.findByText('Could not load the queue: Moderation is unavailable'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Exam tips p1' })).toBeInTheDocument();
  });
});

describe('/moderation: the log', () => {
  test('when the Log tab is chosen, then every action newest first: who, what, which item, why and when', async () => {
    const { requests } = open([
      queue([]),
      log([
        logEntry('l3', { action: 'reveal', title: 'Anonymous rant' }),
        logEntry('l2', { action: 'delete', title: 'Fake job', targetType: 'job', link: '/jobs' }),
        logEntry('l1', { by: 'reports', moderator: null }),
      ]),
    ]);
    await screen.findByText('Nothing to review.');

    await userEvent.click(screen.getByRole('tab', { name: 'Log' }));

    expect(screen.getByRole('tab', { name: 'Log' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText(/Spam links \(l3\)/);
    const [reveal, deleted, byReports] = cards();
    expect(reveal).toHaveTextContent('Meera Iyer revealed the author of the post “Anonymous rant”');
    expect(within(reveal!).getByRole('link', { name: 'post “Anonymous rant”' })).toHaveAttribute(
      'href',
      '/post/p1',
    );
    expect(within(reveal!).getByText('Why: Spam links (l3)')).toBeInTheDocument();
    expect(within(reveal!).getByText('1 h ago')).toBeInTheDocument();
    expect(deleted).toHaveTextContent('Meera Iyer deleted the job post “Fake job”');
    expect(within(deleted!).queryByRole('link')).not.toBeInTheDocument();
    expect(byReports).toHaveTextContent('Several reports hid the post “Exam tips l1”');
    const url = new URL(requests.find((request) => request.url.startsWith(logPath))!.url, 'http://c.test');
    expect(url.searchParams.get('limit')).toBe(String(MODERATION_PAGE_SIZE));
  });

  test('when there is more of the log, then Load More brings the older entries', async () => {
    const { requests } = open(
      [
        log([logEntry('l2')], { nextCursor: 'after-l2' }),
        log([logEntry('l1')], { match: 'cursor=after-l2' }),
      ],
      teacher,
      '/moderation?view=log',
    );
    await screen.findByText('Why: Spam links (l2)');

    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByText('Why: Spam links (l1)')).toBeInTheDocument();
    expect(screen.getByText('That is the whole log.')).toBeInTheDocument();
    expect(requests.some((request) => request.url.startsWith(queuePath))).toBe(false);
  });

  test('when the log fails to load, then the error, and Try Again loads it', async () => {
    open(
      [
        errorReply(
          503,
          { message: 'Moderation is unavailable', code: 'SERVICE_UNAVAILABLE' },
          { match: logPath },
        ),
        log([logEntry('l1')]),
      ],
      teacher,
      '/moderation?view=log',
    );
    expect(await screen.findByText('Could not load the log: Moderation is unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Why: Spam links (l1)')).toBeInTheDocument();
  });

  test('when the log is empty, then it says so', async () => {
    open([log([])], teacher, '/moderation?view=log');
    expect(await screen.findByText('No moderation actions yet.')).toBeInTheDocument();
  });
});
