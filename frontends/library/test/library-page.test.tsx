import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookmarkResponse, LikeResponse } from '@campus/contracts/library';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import LibraryPage from '../src/books/library-page';
import { book, bookmarksOf, searchPage, student } from './library-fixtures';

const openLibrary = (
  user: typeof student | null,
  replies: Parameters<typeof renderRemoteScreen>[1]['replies'],
) => renderRemoteScreen(<LibraryPage />, { user, path: '/library', replies });

describe('Virtual Library', () => {
  it('a guest sees the cards with N/A for an unverified book, Like disabled with a visible "Log in to like" and no bookmark', async () => {
    openLibrary(null, [searchPage([book('b1', 'Paging Notes')])]);
    expect(screen.getByRole('heading', { level: 1, name: 'Virtual Library' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search books by title, tags or subject...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Paging Notes' })).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    const like = screen.getByRole('button', { name: 'Like Paging Notes' });
    expect(like).toBeDisabled();
    expect(screen.getByText('Log in to like')).toBeVisible();
    expect(like).toHaveAccessibleDescription('Log in to like');
    expect(like).not.toHaveAttribute('title');
    expect(screen.queryByRole('button', { name: /Bookmark/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Virtual Library | Campus Connect');
  });

  it('when a student likes a book, then the button reads Liked at full contrast (aria-disabled, not dimmed), ignores clicks and the new count shows', async () => {
    const { requests } = openLibrary(student, [
      searchPage([book('b1', 'Paging Notes', { likes: ['u-x'] })]),
      bookmarksOf([]),
      contractReply(
        LikeResponse,
        { success: true, message: 'Book liked', data: { likes: ['u-x', 'u-student'], likesCount: 2 } },
        { url: '/api/book/b1/like', method: 'PATCH' },
      ),
    ]);
    expect(await screen.findByText(/1 like$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Like Paging Notes' }));

    const liked = await screen.findByRole('button', { name: 'Liked Paging Notes' });
    expect(liked).toHaveTextContent('Liked');
    expect(liked).toHaveAttribute('aria-disabled', 'true');
    expect(liked).not.toHaveAttribute('disabled');
    expect(screen.getByText(/2 likes/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    // Who likes it is the session's: the request names nobody.
    expect(requests.find((r) => r.method === 'PATCH')?.body).toBeUndefined();

    await userEvent.click(liked);
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(screen.getByText(/2 likes/)).toBeInTheDocument();
  });

  it("when a student bookmarks a book, then 'Book bookmarked successfully' and the card shows it bookmarked", async () => {
    const paging = book('b1', 'Paging Notes');
    const { requests } = openLibrary(student, [
      searchPage([paging]),
      bookmarksOf([]),
      contractReply(
        BookmarkResponse,
        { success: true, message: 'Book bookmarked successfully', data: { bookId: 'b1', bookmarked: true } },
        { url: '/api/book/bookmark', method: 'PATCH' },
      ),
      bookmarksOf([paging]),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Bookmark Paging Notes' }));

    expect(await screen.findByText('Book bookmarked successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bookmarked Paging Notes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Whose bookmark it is is the session's: the body names the book only.
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ bookId: 'b1' });
  });

  it("when a student removes a bookmark, then 'Bookmark removed' and the card offers Bookmark again", async () => {
    const paging = book('b1', 'Paging Notes');
    const { requests } = openLibrary(student, [
      searchPage([paging]),
      bookmarksOf([paging]),
      contractReply(
        BookmarkResponse,
        { success: true, message: 'Bookmark removed', data: { bookId: 'b1', bookmarked: false } },
        { url: '/api/book/bookmark/b1', method: 'DELETE' },
      ),
      bookmarksOf([]),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Bookmarked Paging Notes' }));

    expect(await screen.findByText('Bookmark removed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bookmark Paging Notes' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('when a like fails, then nothing changes on screen (spec: console only)', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openLibrary(student, [
      searchPage([book('b1', 'Paging Notes')]),
      bookmarksOf([]),
      errorReply(404, { code: 'NOT_FOUND', message: 'Book not found.' }, { method: 'PATCH' }),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Like Paging Notes' }));

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Like failed', expect.anything()));
    expect(screen.getByRole('button', { name: 'Like Paging Notes' })).toBeEnabled();
    expect(screen.queryByText('Book not found.')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('when nothing matches, then "No books found matching your criteria"', async () => {
    openLibrary(null, [searchPage([])]);
    expect(await screen.findByText('No books found matching your criteria')).toBeInTheDocument();
  });

  it('when the search fails, then "Error loading books: <the server message>"', async () => {
    openLibrary(null, [
      errorReply(503, { code: 'SERVICE_UNAVAILABLE', message: 'The library is unavailable' }),
    ]);
    expect(await screen.findByText('Error loading books: The library is unavailable')).toBeInTheDocument();
  });

  it('when the URL holds a search (refresh, Back, a shared link), then the inputs and the first request use it', async () => {
    const { requests } = renderRemoteScreen(<LibraryPage />, {
      user: null,
      path: '/library?q=parsing&subject=Compiler%20Design&sort=likes_desc',
      route: '/library',
      replies: [searchPage([book('b1', 'Parsing Notes')])],
    });
    expect(await screen.findByRole('heading', { name: 'Parsing Notes' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('parsing');
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveValue('Compiler Design');
    expect(screen.getByRole('combobox', { name: 'Sort by likes' })).toHaveValue('likes_desc');
    expect(requests[0]?.url).toBe(
      '/api/book/search?q=parsing&subject=Compiler+Design&sort=likes_desc&page=1&limit=20',
    );
  });

  it('when the URL names an unknown subject or sort, then it is ignored rather than failing the search', async () => {
    const { requests } = renderRemoteScreen(<LibraryPage />, {
      user: null,
      path: '/library?subject=Astrology&sort=random',
      route: '/library',
      replies: [searchPage([book('b1', 'Paging Notes')])],
    });
    expect(await screen.findByRole('heading', { name: 'Paging Notes' })).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/book/search?page=1&limit=20');
  });

  it('when a filtered search finds nothing, then "Clear filters" shows every book and focus goes to the search box', async () => {
    const { requests } = renderRemoteScreen(<LibraryPage />, {
      user: null,
      path: '/library?q=zzqx&subject=Compiler%20Design',
      route: '/library',
      replies: [searchPage([]), searchPage([book('b1', 'Paging Notes')])],
    });
    expect(await screen.findByText('No books found matching your criteria')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('heading', { name: 'Paging Notes' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveFocus();
    expect(requests.map((r) => r.url)).toEqual([
      '/api/book/search?q=zzqx&subject=Compiler+Design&page=1&limit=20',
      '/api/book/search?page=1&limit=20',
    ]);
  });

  it('when nothing is filtered and nothing is found, then there is nothing to clear', async () => {
    openLibrary(null, [searchPage([])]);
    expect(await screen.findByText('No books found matching your criteria')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('when more pages remain, then Load More appends the next page', async () => {
    const { requests } = openLibrary(null, [
      searchPage([book('b1', 'First Book')], 2),
      searchPage([book('b2', 'Second Book')], 2),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Second Book' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'First Book' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Second Book' }).closest('li')).toHaveFocus();
    expect(screen.getByText('You have seen every book that matches.')).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual([
      '/api/book/search?page=1&limit=20',
      '/api/book/search?page=2&limit=20',
    ]);
  });
});
