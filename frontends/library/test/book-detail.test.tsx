import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { BookmarksResponse, BookResponse, SimilarBooksResponse } from '@campus/contracts/library';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import BookPage from '../src/book/book-page';
import { BookCard } from '../src/books/book-card';
import LibraryRoutes from '../src/routes';
import { book, student } from './library-fixtures';

/** Issue 27 in the library remote: the PDF's preview and Open PDF on cards, the detail page, More like this. */
const FILE_URL = `/api/book/file/${'a'.repeat(64)}.pdf`;
const PREVIEW_URL = `/api/book/file/${'b'.repeat(64)}.webp`;
const withPdf = (id: string, title: string, change: Parameters<typeof book>[2] = {}) =>
  book(id, title, {
    status: 'accepted',
    driveLink: FILE_URL,
    fileUrl: FILE_URL,
    previewUrl: PREVIEW_URL,
    previewWidth: 480,
    previewHeight: 679,
    filePages: 12,
    fileSize: 2048,
    ...change,
  });
const noBookmarks = contractReply(
  BookmarksResponse,
  { success: true, message: 'Books found', data: { booksBookmark: [], page: 1, pages: 0, total: 0 } },
  { match: '/api/commonData/bookmarks/' },
);

describe('a book card with a PDF', () => {
  test('then its first page shows lazily with its size set, the title opens the book’s page, and Open PDF opens the file (no Drive link when there is none)', () => {
    renderRemoteScreen(
      <ul>
        <BookCard book={withPdf('b1', 'Graph Notes')} />
      </ul>,
      { user: null },
    );
    const preview = screen.getByRole('img', { name: 'First page of Graph Notes' });
    expect(preview).toHaveAttribute('src', PREVIEW_URL);
    expect(preview).toHaveAttribute('loading', 'lazy');
    expect(preview).toHaveAttribute('width', '480');
    expect(preview).toHaveAttribute('height', '679');
    expect(screen.getByRole('link', { name: 'Graph Notes' })).toHaveAttribute('href', '/library/books/b1');
    const open = screen.getByRole('link', { name: /^Open PDF of Graph Notes/ });
    expect(open).toHaveAttribute('href', FILE_URL);
    expect(open).toHaveTextContent('(12 pages)');
    expect(screen.queryByRole('link', { name: /Open Drive link/ })).not.toBeInTheDocument();
  });

  test('when it has a Drive link as well, then both; a book with only a link has no preview and no Open PDF', () => {
    renderRemoteScreen(
      <ul>
        <BookCard
          book={withPdf('b1', 'Graph Notes', { driveLink: 'https://drive.google.com/file/d/x/view' })}
        />
        <BookCard book={book('b2', 'Paging Notes', { status: 'accepted' })} />
      </ul>,
      { user: null },
    );
    const [first, second] = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-card-id'));
    expect(within(first!).getByRole('link', { name: /^Open Drive link/ })).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: /^Open PDF/ })).toBeInTheDocument();
    expect(within(second!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(second!).queryByRole('link', { name: /^Open PDF/ })).not.toBeInTheDocument();
  });
});

describe('the book page: More like this', () => {
  test('then the book, and under "More like this" the others of its subject and semester', async () => {
    renderRemoteScreen(<BookPage />, {
      user: student,
      path: '/library/books/b1',
      route: '/library/books/:id',
      replies: [
        noBookmarks,
        contractReply(
          SimilarBooksResponse,
          {
            success: true,
            message: 'Books found',
            data: [withPdf('b2', 'Heaps'), book('b3', 'Tries', { status: 'accepted' })],
          },
          { url: '/api/book/b1/similar' },
        ),
        contractReply(
          BookResponse,
          { success: true, message: 'Books found', data: withPdf('b1', 'Graph Notes') },
          { url: '/api/book/b1' },
        ),
      ],
    });
    const section = await screen.findByRole('region', { name: 'More like this' });
    expect(await within(section).findByRole('heading', { name: 'Heaps', level: 3 })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Tries', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'First page of Graph Notes' })).toBeInTheDocument();
  });

  test('when there are none, then it says so', async () => {
    renderRemoteScreen(<BookPage />, {
      user: null,
      path: '/library/books/b1',
      route: '/library/books/:id',
      replies: [
        contractReply(
          SimilarBooksResponse,
          { success: true, message: 'Books found', data: [] },
          { url: '/api/book/b1/similar' },
        ),
        contractReply(
          BookResponse,
          { success: true, message: 'Books found', data: withPdf('b1', 'Graph Notes', { semester: 3 }) },
          { url: '/api/book/b1' },
        ),
      ],
    });
    expect(await screen.findByText(/No other books of .*, semester 3 yet\./)).toBeInTheDocument();
  });
});

describe('/library/{id}', () => {
  const BOOK_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

  test('then it leads to the book’s page at /library/books/{id}', async () => {
    const screenState = renderRemoteScreen(<LibraryRoutes notFound={<p>Not found</p>} />, {
      user: null,
      path: `/library/${BOOK_ID}`,
      route: '/*',
      replies: [
        contractReply(
          SimilarBooksResponse,
          { success: true, message: 'Books found', data: [] },
          { url: `/api/book/${BOOK_ID}/similar` },
        ),
        contractReply(
          BookResponse,
          { success: true, message: 'Books found', data: withPdf(BOOK_ID, 'Graph Notes') },
          { url: `/api/book/${BOOK_ID}` },
        ),
      ],
    });
    expect(await screen.findByRole('img', { name: 'First page of Graph Notes' })).toBeInTheDocument();
    expect(screenState.location.pathname).toBe(`/library/books/${BOOK_ID}`);
  });

  test('when the path under /library is not a book id, then the friendly 404, as before', () => {
    renderRemoteScreen(<LibraryRoutes notFound={<p>Not found</p>} />, {
      user: null,
      path: '/library/no-such-page',
      route: '/*',
      replies: [],
    });
    expect(screen.getByText('Not found')).toBeInTheDocument();
  });
});
