import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookmarkResponse, LikeResponse } from '@campus/contracts/library';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import BookmarksPanel from '../src/bookmarks/bookmarks-panel';
import LibraryPage from '../src/books/library-page';
import { book, bookmarksOf, searchPage, student } from './library-fixtures';

const sqlJoins = book('b1', 'SQL Joins Explained', {
  subject: 'Database Management System',
  verifiedBy: 'Dr. Meera Iyer',
});

describe('My Bookmarks', () => {
  test('when nobody is signed in, then "Please login to view bookmarks."', () => {
    renderRemoteScreen(<BookmarksPanel />, { user: null });
    expect(screen.getByText('Please login to view bookmarks.')).toBeInTheDocument();
  });

  test('while loading "Loading...", then the bookmarked books with their verifier', async () => {
    const { requests } = renderRemoteScreen(<BookmarksPanel />, {
      user: student,
      replies: [bookmarksOf([sqlJoins])],
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'SQL Joins Explained' })).toBeInTheDocument();
    expect(screen.getByText('Dr. Meera Iyer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bookmarked SQL Joins Explained' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(requests[0]?.url).toBe('/api/commonData/bookmarks/u-student?page=1&limit=50');
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  test('when there are none, then "No bookmarks found."', async () => {
    renderRemoteScreen(<BookmarksPanel />, { user: student, replies: [bookmarksOf([])] });
    expect(await screen.findByText('No bookmarks found.')).toBeInTheDocument();
  });

  describe('when more than a page is bookmarked', () => {
    const paging = book('b2', 'Paging Notes');
    const cardOf = (title: string) =>
      screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
    const bookmarksUrl = (page: number) => `/api/commonData/bookmarks/u-student?page=${page}&limit=50`;

    test('then Load More appends the next page, focus goes to its first card, and the button goes on the last page', async () => {
      const { requests } = renderRemoteScreen(<BookmarksPanel />, {
        user: student,
        replies: [
          bookmarksOf([sqlJoins], { pages: 2, total: 2 }),
          bookmarksOf([paging], { page: 2, pages: 2, total: 2 }),
        ],
      });
      expect(await screen.findByText('Showing 1 of 2 bookmarks')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Load More' }));

      expect(await screen.findByRole('heading', { name: 'Paging Notes' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'SQL Joins Explained' })).toBeInTheDocument();
      expect(cardOf('Paging Notes')).toHaveFocus();
      expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
      expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
      expect(requests.map((r) => r.url)).toEqual([bookmarksUrl(1), bookmarksUrl(2)]);
    });

    test('then removing a bookmark from page 2 takes its card away at once and focus goes to the card before it', async () => {
      let reload!: () => void;
      const { requests } = renderRemoteScreen(<BookmarksPanel />, {
        user: student,
        replies: [
          bookmarksOf([sqlJoins], { pages: 2, total: 2 }),
          bookmarksOf([paging], { page: 2, pages: 2, total: 2 }),
          contractReply(
            BookmarkResponse,
            { success: true, message: 'Bookmark removed', data: { bookId: 'b2', bookmarked: false } },
            { url: '/api/book/bookmark/b2', method: 'DELETE' },
          ),
          bookmarksOf([sqlJoins], { hold: new Promise((resolve) => (reload = resolve)) }),
        ],
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));

      await userEvent.click(await screen.findByRole('button', { name: 'Bookmarked Paging Notes' }));

      // Gone before the list reloads.
      expect(await screen.findByText('Bookmark removed')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Paging Notes' })).not.toBeInTheDocument();
      expect(cardOf('SQL Joins Explained')).toHaveFocus();
      expect(requests.filter((r) => r.url === bookmarksUrl(1))).toHaveLength(2);
      reload();
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('heading', { name: 'SQL Joins Explained' })).toBeInTheDocument();
    });
  });

  test('when a book is liked in the library, then its card in My Bookmarks shows Liked with the new count too', async () => {
    const paging = book('b2', 'Paging Notes');
    renderRemoteScreen(
      <>
        <LibraryPage />
        <BookmarksPanel />
      </>,
      {
        user: student,
        path: '/library',
        replies: [
          searchPage([paging]),
          bookmarksOf([sqlJoins, paging]),
          contractReply(
            LikeResponse,
            { success: true, message: 'Book liked', data: { likes: ['u-student'], likesCount: 1 } },
            { url: '/api/book/b2/like', method: 'PATCH' },
          ),
        ],
      },
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Like Paging Notes' })).toHaveLength(2));

    await userEvent.click(screen.getAllByRole('button', { name: 'Like Paging Notes' })[0]!);

    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Liked Paging Notes' })).toHaveLength(2),
    );
    expect(screen.getAllByText(/1 like$/)).toHaveLength(2);
  });
});
