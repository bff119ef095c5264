import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookmarksResponse, BookResponse, DeleteBookResponse } from '@campus/contracts/library';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import BookPage from '../src/book/book-page';
import EditBookPage from '../src/book/edit-book-page';
import { BookCard } from '../src/books/book-card';
import { book, student } from './library-fixtures';

/** Issue 26 in the library remote: the uploader edits and deletes their books; others report them. */
const mine = (change: Parameters<typeof book>[2] = {}) =>
  book('b1', 'Paging Notes', { uploadedBy: student._id, ...change });
const stranger = { ...student, _id: 'u-stranger', name: 'Vikram Shah' };
const noBookmarks = contractReply(
  BookmarksResponse,
  { success: true, message: 'Books found', data: { booksBookmark: [], page: 1, pages: 0, total: 0 } },
  { match: '/api/commonData/bookmarks/' },
);
const renderCard = (b: ReturnType<typeof book>, user: typeof student | null, replies = [] as never[]) =>
  renderRemoteScreen(
    <ul>
      <BookCard book={b} />
    </ul>,
    { user, replies },
  );

describe('a book card: who sees Edit, Delete and Report', () => {
  beforeEach(() => window.localStorage.clear());

  test('when the uploader sees their book, then Edit and Delete, and no Report', () => {
    renderCard(mine(), student);
    expect(screen.getByRole('link', { name: 'Edit Paging Notes' })).toHaveAttribute(
      'href',
      '/library/books/b1/edit',
    );
    expect(screen.getByRole('button', { name: 'Delete Paging Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  test('when someone else sees it, then Report and no Edit or Delete', () => {
    renderCard(mine(), stranger);
    expect(screen.getByRole('button', { name: 'Report this book' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  test('when a guest sees it, then Report (which asks them to log in) and no Edit or Delete', () => {
    renderCard(mine(), null);
    expect(screen.getByRole('button', { name: 'Report this book' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  test('when the book was edited, then the card says "edited" with the exact time as its title', () => {
    renderCard(mine({ editedAt: '2026-01-02T10:00:00.000Z' }), stranger);
    const time = screen.getByText(
      (_, el) => el?.tagName === 'TIME' && el.getAttribute('dateTime') === '2026-01-02T10:00:00.000Z',
    );
    expect(time.closest('span')).toHaveTextContent(/edited/);
    expect(time).toHaveAttribute('title');
  });

  test('when a moderator hid the uploader’s book, then they read "Hidden by a moderator: <reason>" and it offers no Like', () => {
    renderCard(mine({ moderation: { state: 'hidden', reason: 'Links to a pirated copy.' } }), student);
    expect(screen.getByText('Hidden by a moderator: Links to a pirated copy.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
  });

  test('when the uploader’s book was declined, then the reason shows and Edit says "Correct and resubmit"', () => {
    renderCard(
      mine({ status: 'declined', verifiedBy: 'Dr. Meera Iyer', declineReason: 'The link asks for access.' }),
      student,
    );
    expect(screen.getByText('Declined by Dr. Meera Iyer: The link asks for access.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Correct and resubmit Paging Notes' })).toHaveAttribute(
      'href',
      '/library/books/b1/edit',
    );
  });

  test('when the uploader deletes, then it asks first; cancelled, nothing is sent; confirmed, DELETE goes and "Book deleted" shows', async () => {
    const { requests } = renderCard(mine(), student, [
      contractReply(
        DeleteBookResponse,
        { success: true, message: 'Book deleted', data: { bookId: 'b1' } },
        { url: '/api/book/b1', method: 'DELETE' },
      ) as never,
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Paging Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this book?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Paging Notes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete book' }));
    expect(await screen.findByText('Book deleted')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/book/b1']);
  });
});

describe('the book page (/library/books/:id)', () => {
  beforeEach(() => window.localStorage.clear());

  test('when the book is not there (deleted, or not this user’s to see), then it says so', async () => {
    renderRemoteScreen(<BookPage />, {
      user: stranger,
      path: '/library/books/b1',
      route: '/library/books/:id',
      replies: [
        noBookmarks,
        errorReply(404, { code: 'NOT_FOUND', message: 'Book not found.' }, { url: '/api/book/b1' }),
      ],
    });
    expect(await screen.findByText('This book is not available.')).toBeInTheDocument();
  });

  test('when the uploader deletes it from its page, then they are taken to the library', async () => {
    const screenState = renderRemoteScreen(<BookPage />, {
      user: student,
      path: '/library/books/b1',
      route: '/library/books/:id',
      replies: [
        noBookmarks,
        contractReply(
          BookResponse,
          { success: true, message: 'Books found', data: mine() },
          { url: '/api/book/b1' },
        ),
        contractReply(
          DeleteBookResponse,
          { success: true, message: 'Book deleted', data: { bookId: 'b1' } },
          { url: '/api/book/b1', method: 'DELETE' },
        ),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Paging Notes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete book' }));
    await waitFor(() => expect(screenState.location.pathname).toBe('/library'));
  });
});

describe('editing a book (/library/books/:id/edit)', () => {
  beforeEach(() => window.localStorage.clear());

  const editAt = (b: ReturnType<typeof book>, user: typeof student | null, replies: never[] = []) =>
    renderRemoteScreen(<EditBookPage />, {
      user,
      path: '/library/books/b1/edit',
      route: '/library/books/:id/edit',
      replies: [
        contractReply(
          BookResponse,
          { success: true, message: 'Books found', data: b },
          { url: '/api/book/b1' },
        ),
        ...replies,
      ],
    });

  test('when the uploader opens it, then the upload form is filled with the book; saved, PATCH carries every field and they go to the book', async () => {
    const edited = mine({ title: 'Paging and Segmentation', editedAt: '2026-01-02T10:00:00.000Z' });
    const view = editAt(mine(), student, [
      contractReply(
        BookResponse,
        { success: true, message: 'Book updated', data: edited },
        { url: '/api/book/b1', method: 'PATCH' },
      ) as never,
    ]);
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue('Paging Notes');
    expect(screen.getByLabelText(/^Semester/)).toHaveValue('4');
    expect(screen.getByLabelText(/^Tags/)).toHaveValue('paging');
    await userEvent.clear(title);
    await userEvent.type(title, 'Paging and Segmentation');
    await userEvent.clear(screen.getByLabelText(/^Semester/));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Book updated')).toBeInTheDocument();
    const patch = view.requests.find((r) => r.method === 'PATCH');
    expect(patch).toMatchObject({
      url: '/api/book/b1',
      body: {
        title: 'Paging and Segmentation',
        semester: null,
        branch: 'CSE',
        subject: 'Operating System',
        tags: ['paging'],
        driveLink: 'https://drive.google.com/file/d/b1/view',
      },
    });
    await waitFor(() => expect(view.location.pathname).toBe('/library/books/b1'));
  });

  test('when the server refuses a field, then its message shows there, what was typed stays, and the toast says why', async () => {
    editAt(mine(), student, [
      errorReply(
        400,
        {
          code: 'VALIDATION_FAILED',
          message: 'Invalid Google Drive link',
          issues: [{ path: 'driveLink', message: 'Invalid Google Drive link' }],
        },
        { url: '/api/book/b1', method: 'PATCH' },
      ) as never,
    ]);
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'My corrected title');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Error saving book: Invalid Google Drive link')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('My corrected title');
    expect(screen.getByLabelText(/^Google Drive link/)).toHaveAccessibleDescription(
      expect.stringContaining('Invalid Google Drive link'),
    );
  });

  test('when the book was declined, then the form is "Correct and resubmit" with the teacher’s reason', async () => {
    editAt(
      mine({ status: 'declined', verifiedBy: 'Dr. Meera Iyer', declineReason: 'The link asks for access.' }),
      student,
    );
    expect(await screen.findByRole('heading', { name: 'Correct and resubmit' })).toBeInTheDocument();
    expect(screen.getByText('The link asks for access.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resubmit for review' })).toBeInTheDocument();
  });

  test('when someone else opens it, then only the uploader can edit and no form shows', async () => {
    editAt(mine(), stranger);
    expect(await screen.findByText('Only the uploader can edit this book.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
  });

  test('when a guest opens it, then they are asked to log in', () => {
    editAt(mine(), null);
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
  });
});
