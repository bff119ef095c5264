import {
  BookListResponse,
  BookmarksResponse,
  BookSearchResponse,
  type Book,
} from '@campus/contracts/library';
import { BOOK_MESSAGES, BOOKMARKS_PAGE_SIZE, PENDING_PAGE_SIZE } from '@campus/contracts/library-rules';
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
    editedAt: null,
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

/** Which page of a paged list a reply is, and how long the whole list is (one page of these books unless told). */
export interface PageOf {
  page?: number;
  pages?: number;
  total?: number;
  /** Whose list: the student's bookmarks, the teacher's pending books, unless told. */
  userId?: string;
  /** The reply waits for this (to see the screen while the list reloads). */
  hold?: Promise<void>;
}

/** GET /api/commonData/bookmarks/{userId}?page=&limit=50: one page of the user's bookmarks. */
export const bookmarksOf = (
  books: Book[],
  { page = 1, pages = 1, total, userId = student._id, hold }: PageOf = {},
) =>
  contractReply(
    BookmarksResponse,
    {
      success: true,
      message: BOOK_MESSAGES.searchFound,
      data: { booksBookmark: books, page, pages, total: total ?? books.length },
    },
    {
      url: `/api/commonData/bookmarks/${userId}?page=${page}&limit=${BOOKMARKS_PAGE_SIZE}`,
      method: 'GET',
      hold,
    },
  );

/** GET /api/book/pending/{userId}?page=&limit=20: one page of the teacher's review queue. */
export const pendingOf = (
  books: Book[],
  { page = 1, pages = 1, total, userId = teacher._id, hold }: PageOf = {},
) =>
  contractReply(
    BookListResponse,
    {
      success: true,
      message: books.length ? BOOK_MESSAGES.pendingFound : BOOK_MESSAGES.pendingEmpty,
      data: books,
      page,
      pages,
      total: total ?? books.length,
    },
    { url: `/api/book/pending/${userId}?page=${page}&limit=${PENDING_PAGE_SIZE}`, method: 'GET', hold },
  );
