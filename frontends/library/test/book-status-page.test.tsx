import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOK_MESSAGES, BookResponse } from '@campus/contracts/library';
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

  it("when a teacher accepts a book, then both buttons wait, the reviewer's name is sent, and the book leaves the list", async () => {
    let answer!: () => void;
    const { requests } = openBookStatus(teacher, [
      pendingOf([segmentTrees, graphs]),
      reviewed('accepted', new Promise((resolve) => (answer = resolve))),
    ]);
    await screen.findByRole('heading', { name: 'Segment Trees' });
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
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      status: 1,
      verifiedBy: 'Dr. Meera Iyer',
    });
  });

  it('when a teacher declines the last book, then the list is empty', async () => {
    const { requests } = openBookStatus(teacher, [pendingOf([segmentTrees]), reviewed('declined')]);

    await userEvent.click(await screen.findByRole('button', { name: 'Decline Segment Trees' }));

    expect(await screen.findByText(BOOK_MESSAGES.pendingEmpty)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ status: 2 });
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
});
