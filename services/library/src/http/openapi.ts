import {
  BookListResponse,
  BookResponse,
  BookSearchResponse,
  BookmarkRequest,
  BookmarkResponse,
  BookmarksResponse,
  CreateBookRequest,
  LikeResponse,
  ReviewRequest,
} from '@campus/contracts/library';
import { ErrorBody } from '@campus/contracts/common';
import { openApiDocument } from '@campus/service-kit/openapi';
import { z } from 'zod';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const error = (description: string) => ({ description, ...json(ErrorBody) });
const bookIdParam = z.object({ id: z.string() });
const userIdParam = z.object({ userId: z.string() });
// The documented form of BookSearchQuery (whose transforms OpenAPI cannot describe).
const searchQueryDoc = z.object({
  q: z.string().max(200).optional(),
  subject: z.string().optional(),
  sort: z.enum(['likes_desc', 'likes_asc']).optional(),
  page: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(50).optional(),
});

export const libraryOpenApi = openApiDocument('Library API', [
  {
    method: 'get',
    path: '/api/book/search',
    summary:
      'Search accepted books by title, tags or subject (ranked, prefix-friendly), filter by subject, sort by likes',
    request: { query: searchQueryDoc },
    responses: {
      200: { description: 'One page of books and the number of pages', ...json(BookSearchResponse) },
    },
  },
  {
    method: 'post',
    path: '/api/book',
    summary: 'Upload a book or notes (pending until a teacher of its subject reviews it)',
    request: { body: json(CreateBookRequest) },
    responses: { 201: { description: 'Created, pending review', ...json(BookResponse) } },
  },
  {
    method: 'patch',
    path: '/api/book/{id}/like',
    summary: 'Like an accepted book, once per user (no unlike)',
    request: { params: bookIdParam },
    responses: {
      200: { description: 'The likes after the call', ...json(LikeResponse) },
      404: error('No such accepted book'),
    },
  },
  {
    method: 'patch',
    path: '/api/book/bookmark',
    summary: 'Bookmark an accepted book (idempotent)',
    request: { body: json(BookmarkRequest) },
    responses: {
      200: { description: 'Bookmarked', ...json(BookmarkResponse) },
      404: error('No such accepted book'),
    },
  },
  {
    method: 'delete',
    path: '/api/book/bookmark/{id}',
    summary: 'Remove a bookmark (idempotent)',
    request: { params: bookIdParam },
    responses: { 200: { description: 'Removed', ...json(BookmarkResponse) } },
  },
  {
    method: 'get',
    path: '/api/commonData/bookmarks/{userId}',
    summary: "The signed-in user's bookmarked books (self only)",
    request: { params: userIdParam },
    responses: {
      200: { description: 'Bookmarked books', ...json(BookmarksResponse) },
      403: error('Not your bookmarks'),
    },
  },
  {
    method: 'get',
    path: '/api/book/pending/{userId}',
    summary: "Pending books in the signed-in teacher's subjects (teachers only, self only)",
    request: { params: userIdParam },
    responses: {
      200: { description: 'Pending books, oldest first', ...json(BookListResponse) },
      403: error('Not a teacher, or not self'),
    },
  },
  {
    method: 'put',
    path: '/api/book/{id}/status',
    summary: 'Accept (1) or decline (2) a pending book; verifiedBy is the reviewer',
    request: { params: bookIdParam, body: json(ReviewRequest) },
    responses: {
      200: { description: 'Reviewed', ...json(BookResponse) },
      403: error('Not a teacher of this subject, or the uploader'),
      404: error('No such book'),
      409: error('Already reviewed'),
    },
  },
]);
