import { Router } from 'express';
import {
  BOOK_MESSAGES,
  type BookListResponse,
  type BookResponse,
  type BookSearchResponse,
  type BookmarkResponse,
  type BookmarksResponse,
  type LikeResponse,
} from '@campus/contracts/library';
import { currentUser, requireSelf, requireTeacher, requireUser } from '@campus/service-kit/auth';
import type { Books } from '../domain/books';

/** The spec's /api/book calls (and the bookmarks list the gateway routes here), shaped as its table says. */
export function createBookRoutes({ books }: { books: Books }): Router {
  const router = Router();

  router.get('/api/book/search', async (req, res) => {
    const result = await books.search(req.query);
    const body: BookSearchResponse = {
      success: true,
      data: result.books,
      pages: result.pages,
      total: result.total,
      message: result.total === 0 ? BOOK_MESSAGES.searchEmpty : BOOK_MESSAGES.searchFound,
    };
    res.json(body);
  });

  router.post('/api/book', requireUser, async (req, res) => {
    const body: BookResponse = {
      success: true,
      message: BOOK_MESSAGES.created,
      data: await books.create(currentUser(req), req.body),
    };
    res.status(201).json(body);
  });

  router.patch('/api/book/bookmark', requireUser, async (req, res) => {
    const bookId = await books.bookmark(currentUser(req), req.body);
    const body: BookmarkResponse = {
      success: true,
      message: BOOK_MESSAGES.bookmarked,
      data: { bookId, bookmarked: true },
    };
    res.json(body);
  });

  router.delete('/api/book/bookmark/:bookId', requireUser, async (req, res) => {
    const bookId = await books.removeBookmark(currentUser(req), req.params.bookId);
    const body: BookmarkResponse = {
      success: true,
      message: BOOK_MESSAGES.bookmarkRemoved,
      data: { bookId, bookmarked: false },
    };
    res.json(body);
  });

  router.get('/api/commonData/bookmarks/:userId', requireSelf('userId'), async (req, res) => {
    const body: BookmarksResponse = {
      success: true,
      message: BOOK_MESSAGES.searchFound,
      data: { booksBookmark: await books.bookmarksOf(currentUser(req)) },
    };
    res.json(body);
  });

  router.get('/api/book/pending/:userId', requireTeacher, requireSelf('userId'), async (req, res) => {
    const data = await books.pendingFor(currentUser(req));
    const body: BookListResponse = {
      success: true,
      message: data.length ? BOOK_MESSAGES.pendingFound : BOOK_MESSAGES.pendingEmpty,
      data,
    };
    res.json(body);
  });

  router.patch('/api/book/:id/like', requireUser, async (req, res) => {
    const data = await books.like(currentUser(req), req.params.id);
    const body: LikeResponse = { success: true, message: BOOK_MESSAGES.liked, data };
    res.json(body);
  });

  router.put('/api/book/:id/status', requireTeacher, async (req, res) => {
    const data = await books.review(currentUser(req), req.params.id, req.body);
    const body: BookResponse = {
      success: true,
      message: data.status === 'accepted' ? BOOK_MESSAGES.accepted : BOOK_MESSAGES.declined,
      data,
    };
    res.json(body);
  });

  return router;
}
