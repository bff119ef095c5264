import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LibraryPage from '../src/books/library-page';
import { renderLibraryScreen, student } from './render-library-screen';

const book = (id: string, title: string, likes: string[] = []) => ({
  _id: id,
  title,
  subject: 'Operating System',
  branch: 'CSE',
  semester: 4,
  tags: ['paging'],
  driveLink: `https://drive.google.com/file/d/${id}/view`,
  uploadedBy: 'u-other',
  likesCount: likes.length,
  likes,
  status: 'accepted',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const page = (data: object[], pages = 1) => ({
  status: 200,
  match: '/api/book/search',
  body: { success: true, data, pages, total: data.length, message: '' },
});
const noBookmarks = {
  status: 200,
  match: '/bookmarks/',
  body: { success: true, message: '', data: { booksBookmark: [] } },
};

describe('Virtual Library', () => {
  test('a guest sees the cards with N/A for an unverified book, Like disabled and no bookmark', async () => {
    renderLibraryScreen(<LibraryPage />, null, [page([book('b1', 'Paging Notes')])]);
    expect(screen.getByPlaceholderText('Search books by title, tags or subject...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Paging Notes' })).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like Paging Notes' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Bookmark/ })).not.toBeInTheDocument();
  });

  test('when a student likes a book, then the button becomes Liked, disabled, with the new count', async () => {
    renderLibraryScreen(<LibraryPage />, student, [
      page([book('b1', 'Paging Notes', ['u-x'])]),
      noBookmarks,
      {
        status: 200,
        match: '/like',
        body: { success: true, message: 'Book liked', data: { likes: ['u-x', 'u-student'], likesCount: 2 } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Like Paging Notes' }));
    expect(await screen.findByRole('button', { name: 'Liked Paging Notes' })).toBeDisabled();
    expect(screen.getByText(/2 likes/)).toBeInTheDocument();
  });

  test('when nothing matches, then "No books found matching your criteria"', async () => {
    renderLibraryScreen(<LibraryPage />, null, [page([])]);
    expect(await screen.findByText('No books found matching your criteria')).toBeInTheDocument();
  });

  test('when the search fails, then "Error loading books: <the server message>"', async () => {
    renderLibraryScreen(<LibraryPage />, null, [
      {
        status: 503,
        match: '/api/book/search',
        body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'The library is unavailable' },
      },
    ]);
    expect(await screen.findByText('Error loading books: The library is unavailable')).toBeInTheDocument();
  });

  test('when more pages remain, then Load More appends the next page', async () => {
    const { requests } = renderLibraryScreen(<LibraryPage />, null, [
      page([book('b1', 'First Book')], 2),
      page([book('b2', 'Second Book')], 2),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Second Book' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'First Book' })).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual([
      '/api/book/search?page=1&limit=20',
      '/api/book/search?page=2&limit=20',
    ]);
  });
});
