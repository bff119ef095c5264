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
  BookUploadResponse,
  CreateBookRequest,
  DeleteBookResponse,
  LikeResponse,
  PendingBooksQuery,
  ReviewRequest,
  SimilarBooksResponse,
  UpdateBookRequest,
} from '@campus/contracts/library';
import {
  BOOK_MESSAGES,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_PAGE_SIZE,
  PENDING_PAGE_SIZE,
  BOOKMARKS_PAGE_SIZE,
  BOOK_FILE_MAX_BYTES,
  SIMILAR_BOOKS_LIMIT,
} from '@campus/contracts/library-rules';
import { SelfParams } from '@campus/contracts/common';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { currentUser } from '@campus/service-kit/auth';
import { requireOwner } from '@campus/service-kit/require-owner';
import type { Request } from 'express';
import type { BookFiles } from '../domain/book-files';
import type { Books } from '../domain/books';
import { sendBookFile } from './send-book-file';

const BookIdParams = z.object({ id: z.string().meta({ description: 'The book id' }) });
/** The uploader's check before an edit or a delete: 401 for a guest, 404 for no such book, else 403 NOT_OWNER. */
const uploaderOnly = (req: Request, books: Books, id: string) =>
  requireOwner(req, {
    load: () => books.findForOwnerCheck(id, currentUser(req)),
    // A book kept from a deleted account has no uploader: nobody owns it any more.
    ownerOf: (book) => book.uploadedBy ?? '',
    notFoundMessage: BOOK_MESSAGES.bookNotFound,
    forbiddenMessage: BOOK_MESSAGES.notOwner,
  });

/** The spec's /api/book calls (and the bookmarks list the gateway routes here), shaped as its table says. */
export function createBookRoutes({ books, files }: { books: Books; files: BookFiles }): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/book/upload',
      operationId: 'uploadBookFile',
      summary: `Upload the notes as a PDF (multipart, field \`file\`), judged by content (it must start %PDF- and open), at most ${BOOK_FILE_MAX_BYTES / (1024 * 1024)} MB; page 1 is rendered once to a WebP preview. Then POST /api/book with \`fileUrl\``,
      access: 'user',
      docs: { upload: { field: 'file' } },
      response: {
        status: 201,
        description: 'Where the PDF and its preview are served',
        body: BookUploadResponse,
      },
      errors: {
        413: 'Over 20 MB (PAYLOAD_TOO_LARGE)',
        415: 'Not multipart, or not a PDF (NOT_PDF)',
        422: 'A PDF the renderer cannot open (PDF_UNREADABLE)',
        429: 'Over the user’s PDF quota (per hour, and MB per day): UPLOAD_QUOTA_EXCEEDED with Retry-After',
        503: 'Too many previews being rendered now (IMAGE_WORK_BUSY), with Retry-After',
      },
      handler: ({ user, req }) => files.upload(user, req),
    }),
    defineRoute({
      method: 'get',
      path: '/api/book/file/:key',
      operationId: 'getBookFile',
      summary:
        'A book’s PDF (`<sha256>.pdf`: application/pdf, Content-Disposition with its name, Range requests answered 206/416) or its preview (`<sha256>.webp`). Everyone once its book is accepted (cached, immutable); before that only its uploader and teachers (while pending)',
      access: 'public',
      request: { params: z.object({ key: z.string().meta({ description: 'The file’s key' }) }) },
      response: { description: 'The bytes (206 for a Range request)', body: z.any() },
      errors: { 404: 'No such file, or not one this user may read (a Range past the end: 416)' },
      handler: async ({ req, res, user, params }) => {
        const access = await files.access(params.key, user);
        sendBookFile(req, res, access.blob, {
          cache: access.cache,
          ...(access.name === undefined ? {} : { downloadName: access.name }),
        });
      },
    }),
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
        409: 'Already reviewed (ALREADY_REVIEWED), or changed since the `version` sent (BOOK_CHANGED)',
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
    // After /api/book/search and /api/book/bookmark, which `:id` would otherwise take.
    defineRoute({
      method: 'get',
      path: '/api/book/:id',
      operationId: 'getBook',
      summary:
        'One book: an accepted book no moderator has hidden for anyone; its uploader sees it in any state (pending, declined, or hidden with `moderation`)',
      access: 'public',
      request: { params: BookIdParams },
      response: { description: 'The book', body: BookResponse },
      errors: { 404: 'No such book (or not one this user may see)' },
      handler: async ({ user, params, res }) => {
        const data = await books.get(user, params.id);
        // The uploader's own view may hold what nobody else gets (a pending or declined book, a
        // moderator's reason): no shared cache keeps it, no browser shows it stale to the next user.
        res.vary('Authorization').vary('Cookie');
        if (user && data.uploadedBy === user.id) res.set('Cache-Control', 'private, no-store');
        return { success: true as const, message: BOOK_MESSAGES.searchFound, data };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/book/:id/similar',
      operationId: 'similarBooks',
      summary: `More like this: up to ${SIMILAR_BOOKS_LIMIT} accepted books of the same subject and semester, most liked first, never the book itself`,
      access: 'public',
      request: { params: BookIdParams },
      response: { description: 'Similar books', body: SimilarBooksResponse },
      errors: { 404: 'No such book (or not one this user may see)' },
      handler: async ({ user, params }) => ({
        success: true as const,
        message: BOOK_MESSAGES.searchFound,
        data: await books.similar(user, params.id),
      }),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/book/:id',
      operationId: 'updateBook',
      summary:
        "Edit your upload (uploader only; the upload form's fields, each optional). A declined book goes back to review; an accepted one only when its link or subject changes",
      access: 'user',
      request: { params: BookIdParams, body: UpdateBookRequest },
      response: { description: 'The edited book', body: BookResponse },
      errors: { 403: 'Not the uploader (NOT_OWNER)', 404: 'No such book' },
      handler: async ({ req, user, params, body }) => {
        await uploaderOnly(req, books, params.id);
        const { book, toReview } = await books.edit(user, params.id, body);
        return {
          success: true as const,
          message: toReview ? BOOK_MESSAGES.resubmitted : BOOK_MESSAGES.updated,
          data: book,
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/book/:id',
      operationId: 'deleteBook',
      summary: 'Delete your upload (uploader only); its likes and bookmarks go with it',
      access: 'user',
      request: { params: BookIdParams },
      response: { description: 'Deleted', body: DeleteBookResponse },
      errors: { 403: 'Not the uploader (NOT_OWNER)', 404: 'No such book' },
      handler: async ({ req, user, params }) => {
        await uploaderOnly(req, books, params.id);
        return {
          success: true as const,
          message: BOOK_MESSAGES.deleted,
          data: { bookId: await books.remove(user, params.id) },
        };
      },
    }),
  ];
}
