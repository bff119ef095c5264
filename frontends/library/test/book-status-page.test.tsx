import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookListResponse, BookResponse } from '@campus/contracts/library';
import { BOOK_MESSAGES } from '@campus/contracts/library-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import BookStatusPage from '../src/review/book-status-page';
import { book, pendingOf, student, teacher } from './library-fixtures';

const segmentTrees = book('b1', 'Segment Trees', {
  status: 'pending',
  subject: 'Data Structure and Alogrithm',
});
const graphs = book('b2', 'Graph Notes', { status: 'pending', subject: 'Data Structure and Alogrithm' });
const reviewed = (status: 'accepted' | 'declined', hold?: Promise<void>) =>
  contractReply(
    BookResponse,
    {
      success: true,
      message: status === 'accepted' ? BOOK_MESSAGES.accepted : BOOK_MESSAGES.declined,
      data: { ...segmentTrees, status, verifiedBy: teacher.name },
    },
    { url: '/api/book/b1/status', method: 'PUT', hold },
  );
const openBookStatus = (
  user: typeof teacher | null,
  replies: Parameters<typeof renderRemoteScreen>[1]['replies'] = [],
) => renderRemoteScreen(<BookStatusPage />, { user, path: '/bookstatus', replies });
const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('Pending Book Requests', () => {
  it('when a guest opens it, then they are asked to log in and nothing is fetched', () => {
    const { requests } = openBookStatus(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Pending Book Requests' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to review books.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(document.title).toBe('Pending Book Requests | Campus Connect');
  });

  it('when a student opens it, then only teachers review books', () => {
    openBookStatus(student);
    expect(screen.getByText('Only teachers review books.')).toBeInTheDocument();
  });

  it('when nothing waits, then the message says so', async () => {
    openBookStatus(teacher, [pendingOf([])]);
    expect(await screen.findByText(BOOK_MESSAGES.pendingEmpty)).toBeInTheDocument();
  });

  it('when a teacher accepts a book, then both buttons wait, the verdict is sent without naming the reviewer (the session does), and the book leaves the list', async () => {
    let answer!: () => void;
    const { requests } = openBookStatus(teacher, [
      pendingOf([segmentTrees, graphs]),
      reviewed('accepted', new Promise((resolve) => (answer = resolve))),
      pendingOf([graphs]),
    ]);
    await screen.findByRole('heading', { name: 'Segment Trees' });
    expect(screen.getByText('2 books waiting for review')).toBeInTheDocument();
    const card = cardOf('Segment Trees');
    expect(
      within(card).getByRole('link', { name: 'View Segment Trees (opens in a new tab)' }),
    ).toHaveAttribute('target', '_blank');

    await userEvent.click(within(card).getByRole('button', { name: 'Accept Segment Trees' }));

    expect(within(card).getByRole('button', { name: /Accept Segment Trees/ })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Decline Segment Trees' })).toBeDisabled();
    expect(within(cardOf('Graph Notes')).getByRole('button', { name: 'Accept Graph Notes' })).toBeEnabled();
    answer();

    expect(await screen.findByText('Book accepted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Segment Trees' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Graph Notes' })).toBeInTheDocument();
    expect(screen.getByText('1 book waiting for review')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 1 });
  });

  it('then each card shows the uploader, branch, semester, tags and upload date', async () => {
    openBookStatus(teacher, [
      pendingOf([
        { ...segmentTrees, uploaderName: 'Asha Verma', semester: 4, tags: ['trees', 'range queries'] },
      ]),
    ]);
    await screen.findByRole('heading', { name: 'Segment Trees' });
    const card = cardOf('Segment Trees');
    for (const text of ['Asha Verma', segmentTrees.branch, '4', '1 Jan 2026', 'trees', 'range queries'])
      expect(within(card).getByText(text)).toBeInTheDocument();
  });

  it('when a teacher presses Decline, then nothing is sent until they confirm; Cancel keeps the book and returns focus', async () => {
    const { requests } = openBookStatus(teacher, [pendingOf([segmentTrees])]);
    const decline = await screen.findByRole('button', { name: 'Decline Segment Trees' });

    await userEvent.click(decline);

    const dialog = screen.getByRole('dialog', { name: 'Decline “Segment Trees”?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(decline).toHaveFocus();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('when a teacher confirms a decline with a reason, then the reason is sent, the book leaves and focus goes to the next card', async () => {
    const { requests } = openBookStatus(teacher, [
      pendingOf([segmentTrees, graphs]),
      reviewed('declined'),
      pendingOf([graphs]),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Segment Trees' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      '  The Drive link asks for access. ',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline book' }));

    expect(await screen.findByText(BOOK_MESSAGES.declined)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Segment Trees' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cardOf('Graph Notes')).toHaveFocus();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      status: 2,
      reason: 'The Drive link asks for access.',
    });
  });

  it('when the reason is too long, then it says so and nothing is sent', async () => {
    const { requests } = openBookStatus(teacher, [pendingOf([segmentTrees])]);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Segment Trees' }));
    const reason = screen.getByRole('textbox', { name: 'Reason (optional)' });
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(501));

    await userEvent.click(screen.getByRole('button', { name: 'Decline book' }));

    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(BOOK_MESSAGES.reasonTooLong));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('when a teacher declines the last book without a reason, then no reason is sent and the list is empty', async () => {
    const { requests } = openBookStatus(teacher, [
      pendingOf([segmentTrees]),
      reviewed('declined'),
      pendingOf([]),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Decline Segment Trees' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline book' }));

    expect(await screen.findByText(BOOK_MESSAGES.pendingEmpty)).toBeInTheDocument();
    // Focus left with the last card: the message takes it rather than the page.
    expect(screen.getByText(BOOK_MESSAGES.pendingEmpty).parentElement).toHaveFocus();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 2 });
  });

  it('when another teacher reviewed it first, then the server says so and the list reloads', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openBookStatus(teacher, [
      pendingOf([segmentTrees, graphs]),
      errorReply(
        409,
        { code: 'ALREADY_REVIEWED', message: BOOK_MESSAGES.alreadyReviewed },
        { method: 'PUT' },
      ),
      pendingOf([graphs]),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Accept Segment Trees' }));

    expect(await screen.findByText(BOOK_MESSAGES.alreadyReviewed)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Segment Trees' })).not.toBeInTheDocument(),
    );
    consoleError.mockRestore();
  });

  it('when the uploader changed the book after the teacher opened the list, then the verdict names the version shown, the server refuses it, the teacher is told and the list reloads with the change', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown = { ...segmentTrees, version: 3 };
    const swapped = { ...segmentTrees, version: 4, driveLink: 'https://drive.google.com/file/d/other/view' };
    const { requests } = openBookStatus(teacher, [
      pendingOf([shown, graphs]),
      errorReply(409, { code: 'BOOK_CHANGED', message: BOOK_MESSAGES.bookChanged }, { method: 'PUT' }),
      pendingOf([swapped, graphs]),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Accept Segment Trees' }));

    expect(await screen.findByText(BOOK_MESSAGES.bookChanged)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 1, version: 3 });
    await waitFor(() =>
      expect(
        within(cardOf('Segment Trees')).getByRole('link', {
          name: 'View Segment Trees (opens in a new tab)',
        }),
      ).toHaveAttribute('href', swapped.driveLink),
    );
    consoleError.mockRestore();
  });

  describe('when more than a page waits', () => {
    const heaps = book('b3', 'Heaps', { status: 'pending', subject: 'Data Structure and Alogrithm' });
    const tries = book('b4', 'Tries', { status: 'pending', subject: 'Data Structure and Alogrithm' });
    const pendingUrl = (page: number) => `/api/book/pending/u-teacher?page=${page}&limit=20`;
    const accepted = (of: typeof heaps) =>
      contractReply(
        BookResponse,
        {
          success: true,
          message: BOOK_MESSAGES.accepted,
          data: { ...of, status: 'accepted', verifiedBy: teacher.name },
        },
        { url: `/api/book/${of._id}/status`, method: 'PUT' },
      );

    it('then Load More appends the next page, focus goes to its first card, and the button goes on the last page', async () => {
      const { requests } = openBookStatus(teacher, [
        pendingOf([segmentTrees, graphs], { pages: 2, total: 3 }),
        pendingOf([heaps], { page: 2, pages: 2, total: 3 }),
      ]);
      expect(await screen.findByText('3 books waiting for review')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Heaps' })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Load More' }));

      expect(await screen.findByRole('heading', { name: 'Heaps' })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
        'Segment Trees',
        'Graph Notes',
        'Heaps',
      ]);
      expect(cardOf('Heaps')).toHaveFocus();
      expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
      expect(requests.map((r) => r.url)).toEqual([pendingUrl(1), pendingUrl(2)]);
    });

    it('then a book reviewed on page 2 leaves the list at once and focus goes to the card before it', async () => {
      let reload!: () => void;
      const { requests } = openBookStatus(teacher, [
        pendingOf([segmentTrees, graphs], { pages: 2, total: 3 }),
        pendingOf([heaps], { page: 2, pages: 2, total: 3 }),
        accepted(heaps),
        pendingOf([segmentTrees, graphs], {
          pages: 1,
          total: 2,
          hold: new Promise((resolve) => (reload = resolve)),
        }),
      ]);
      await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));

      await userEvent.click(await screen.findByRole('button', { name: 'Accept Heaps' }));

      // Gone before the list reloads: the answer to the review is enough.
      expect(await screen.findByText('Book accepted')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Heaps' })).not.toBeInTheDocument());
      expect(screen.getByText('2 books waiting for review')).toBeInTheDocument();
      expect(cardOf('Graph Notes')).toHaveFocus();
      // The pages shown reload, so a next page would start where the list now is.
      expect(requests.filter((r) => r.url === pendingUrl(1))).toHaveLength(2);
      reload();
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument(),
      );
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
        'Segment Trees',
        'Graph Notes',
      ]);
    });

    it('then Load More pressed while the list reloads after a review waits for it, so no book is skipped', async () => {
      let reload!: () => void;
      const { requests } = openBookStatus(teacher, [
        pendingOf([segmentTrees, graphs], { pages: 2, total: 4 }),
        accepted(segmentTrees),
        // Segment Trees gone, Heaps moved up to page 1 and Tries to page 2.
        contractReply(
          BookListResponse,
          {
            success: true,
            message: BOOK_MESSAGES.pendingFound,
            data: [graphs, heaps],
            page: 1,
            pages: 2,
            total: 3,
          },
          { url: pendingUrl(1), hold: new Promise((resolve) => (reload = resolve)) },
        ),
        pendingOf([tries], { page: 2, pages: 2, total: 3 }),
      ]);
      await userEvent.click(await screen.findByRole('button', { name: 'Accept Segment Trees' }));
      await waitFor(() =>
        expect(screen.queryByRole('heading', { name: 'Segment Trees' })).not.toBeInTheDocument(),
      );

      await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
      expect(screen.getByRole('button', { name: /Loading/ })).toBeDisabled();
      reload();

      expect(await screen.findByRole('heading', { name: 'Tries' })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
        'Graph Notes',
        'Heaps',
        'Tries',
      ]);
      expect(cardOf('Heaps')).toHaveFocus();
      expect(requests.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([
        pendingUrl(1),
        pendingUrl(1),
        pendingUrl(2),
      ]);
    });
  });
});
