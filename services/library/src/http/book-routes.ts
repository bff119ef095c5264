import { z } from 'zod';
import {
  BookListResponse,
  BookResponse,
  BookSearchQuery,
  BookSearchResponse,
  BookmarkRequest,
  BookmarkResponse,
  BookmarksQuery,
  BookmarksResponse,
  CreateBookRequest,
  LikeResponse,
  PendingBooksQuery,
  ReviewRequest,
} from '@campus/contracts/library';
import {
  BOOK_MESSAGES,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_PAGE_SIZE,
  PENDING_PAGE_SIZE,
  BOOKMARKS_PAGE_SIZE,
} from '@campus/contracts/library-rules';
import { SelfParams } from '@campus/contracts/common';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Books } from '../domain/books';

const BookIdParams = z.object({ id: z.string().meta({ description: 'The book id' }) });
/** The spec's /api/book calls (and the bookmarks list the gateway routes here), shaped as its table says. */
export function createBookRoutes({ books }: { books: Books }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/book/search',
      operationId: 'searchBooks',
      summary:
        'Search accepted books by title, tags or subject (ranked, prefix-friendly), filter by subject, sort by likes',
      access: 'public',
      request: { query: BookSearchQuery },
      docs: {
        query: z.object({
          q: z.string().max(SEARCH_MAX_QUERY_LENGTH).optional(),
          subject: z.string().optional(),
          sort: z.enum(['likes_desc', 'likes_asc']).optional(),
          ...pageQueryDoc({ defaultLimit: SEARCH_PAGE_SIZE, maxLimit: SEARCH_MAX_LIMIT }),
        }),
      },
      response: { description: 'One page of books and the number of pages', body: BookSearchResponse },
      handler: async ({ query }) => {
        const result = await books.search(query);
        return {
          success: true as const,
          data: result.books,
          pages: result.pages,
          total: result.total,
          message: result.total === 0 ? BOOK_MESSAGES.searchEmpty : BOOK_MESSAGES.searchFound,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/book',
      operationId: 'createBook',
      summary: 'Upload a book or notes (pending until a teacher of its subject reviews it)',
      access: 'user',
      idempotencyKey: true,
      request: { body: CreateBookRequest },
      response: { status: 201, description: 'Created, pending review', body: BookResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: BOOK_MESSAGES.created,
        data: await books.create(user, body),
      }),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/book/bookmark',
      operationId: 'bookmarkBook',
      summary: 'Bookmark an accepted book (idempotent)',
      access: 'user',
      request: { body: BookmarkRequest },
      response: { description: 'Bookmarked', body: BookmarkResponse },
      errors: { 404: 'No such accepted book' },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: BOOK_MESSAGES.bookmarked,
        data: { bookId: await books.bookmark(user, body), bookmarked: true },
      }),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/book/bookmark/:bookId',
      operationId: 'removeBookmark',
      summary: 'Remove a bookmark (idempotent)',
      access: 'user',
      request: { params: z.object({ bookId: z.string().meta({ description: 'The book id' }) }) },
      response: { description: 'Removed', body: BookmarkResponse },
      handler: async ({ user, params }) => ({
        success: true as const,
        message: BOOK_MESSAGES.bookmarkRemoved,
        data: { bookId: await books.removeBookmark(user, params.bookId), bookmarked: false },
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/commonData/bookmarks/:userId',
      operationId: 'listBookmarks',
      summary: `The signed-in user's bookmarked books, newest first (self only; ${BOOKMARKS_PAGE_SIZE} a page)`,
      access: 'user',
      self: 'userId',
      request: { params: SelfParams, query: BookmarksQuery },
      docs: {
        query: z.object(pageQueryDoc({ defaultLimit: BOOKMARKS_PAGE_SIZE, maxLimit: SEARCH_MAX_LIMIT })),
      },
      response: { description: 'One page of bookmarked books', body: BookmarksResponse },
      handler: async ({ user, query }) => {
        const page = await books.bookmarksOf(user, query);
        return {
          success: true as const,
          message: BOOK_MESSAGES.searchFound,
          data: { booksBookmark: page.books, page: page.page, pages: page.pages, total: page.total },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/book/pending/:userId',
      operationId: 'listPendingBooks',
      summary: `Pending books in the signed-in teacher's subjects, oldest first (teachers only, self only; ${PENDING_PAGE_SIZE} a page)`,
      access: 'teacher',
      self: 'userId',
      request: { params: SelfParams, query: PendingBooksQuery },
      docs: {
        query: z.object(pageQueryDoc({ defaultLimit: PENDING_PAGE_SIZE, maxLimit: SEARCH_MAX_LIMIT })),
      },
      response: { description: 'One page of pending books', body: BookListResponse },
      handler: async ({ user, query }) => {
        const page = await books.pendingFor(user, query);
        return {
          success: true as const,
          message: page.total ? BOOK_MESSAGES.pendingFound : BOOK_MESSAGES.pendingEmpty,
          data: page.books,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/api/book/:id/like',
      operationId: 'likeBook',
      summary: 'Like an accepted book, once per user (no unlike)',
      access: 'user',
      request: { params: BookIdParams },
      response: { description: 'The likes after the call', body: LikeResponse },
      errors: { 404: 'No such accepted book' },
      handler: async ({ user, params }) => ({
        success: true as const,
        message: BOOK_MESSAGES.liked,
        data: await books.like(user, params.id),
      }),
    }),
    defineRoute({
      method: 'put',
      path: '/api/book/:id/status',
      operationId: 'reviewBook',
      summary: 'Accept (1) or decline (2) a pending book; verifiedBy is the reviewer',
      access: 'teacher',
      request: { params: BookIdParams, body: ReviewRequest },
      response: { description: 'Reviewed', body: BookResponse },
      errors: {
        403: 'Not a teacher of this subject, or the uploader',
        404: 'No such book',
        409: 'Already reviewed',
      },
      handler: async ({ user, params, body }) => {
        const data = await books.review(user, params.id, body);
        return {
          success: true as const,
          message: data.status === 'accepted' ? BOOK_MESSAGES.accepted : BOOK_MESSAGES.declined,
          data,
        };
      },
    }),
  ];
}
