import {
  BOOK_MESSAGES,
  BookListResponse,
  BookmarksResponse,
  BookSearchResponse,
  type Book,
} from '@campus/contracts/library';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply } from '@campus/web-kit/testing/api-replies';

export const student: SessionUser = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: false,
};

export const teacher: SessionUser = {
  _id: 'u-teacher',
  name: 'Dr. Meera Iyer',
  email: 'meera@campus.test',
  isTeacher: true,
  isFirstTime: false,
};

/** An accepted book, as the library answers it; `change` overrides any field. */
export function book(id: string, title: string, change: Partial<Book> = {}): Book {
  const likes = change.likes ?? [];
  return {
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
    ...change,
  };
}

/** GET /api/book/search: one page of results. */
export const searchPage = (books: Book[], pages = 1) =>
  contractReply(
    BookSearchResponse,
    { success: true, data: books, pages, total: books.length, message: BOOK_MESSAGES.searchFound },
    { match: '/api/book/search', method: 'GET' },
  );

/** GET /api/commonData/bookmarks/{userId}. */
export const bookmarksOf = (books: Book[]) =>
  contractReply(
    BookmarksResponse,
    {
      success: true,
      message: BOOK_MESSAGES.searchFound,
      data: { booksBookmark: books, page: 1, pages: 1, total: books.length },
    },
    { match: '/api/commonData/bookmarks/', method: 'GET' },
  );

/** GET /api/book/pending/{userId}. */
export const pendingOf = (books: Book[]) =>
  contractReply(
    BookListResponse,
    {
      success: true,
      message: BOOK_MESSAGES.pendingFound,
      data: books,
      page: 1,
      pages: 1,
      total: books.length,
    },
    { match: '/api/book/pending/', method: 'GET' },
  );
