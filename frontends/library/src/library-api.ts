import {
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { BodyOf } from '@campus/contracts/api-operation';
import { libraryApi } from '@campus/contracts/generated/library-api';
import type { Book } from '@campus/contracts/library';
import {
  BOOK_MESSAGES,
  BOOKMARKS_PAGE_SIZE,
  PENDING_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
} from '@campus/contracts/library-rules';
import { useToast } from '@campus/ui/toast';
import type { ApiClient } from '@campus/web-kit/api-client';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { useLoadMoreList, type ListPage, type LoadMoreList } from '@campus/web-kit/use-load-more-list';

export type LibraryFilters = {
  q: string;
  subject: string;
  sort: '' | 'likes_desc' | 'likes_asc';
};

/** Every query under `libraryQueryKeys.all` is a paged book list: `InfiniteData<ListPage<Book>>`. */
export const libraryQueryKeys = {
  all: ['library'] as const,
  searches: ['library', 'search'] as const,
  search: (filters: LibraryFilters) => ['library', 'search', filters] as const,
  bookmarks: (userId: string) => ['library', 'bookmarks', userId] as const,
  pending: (userId: string) => ['library', 'pending', userId] as const,
};

/** One page of the book search (libraryApi.searchBooks); `success: false` counts as a failure (spec §8). */
export async function fetchBookPage(
  api: ApiClient,
  filters: LibraryFilters,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<Book>> {
  const body = await api.call(libraryApi.searchBooks, {
    // Blank filters are left out of the URL.
    query: {
      q: filters.q.trim() || undefined,
      subject: filters.subject || undefined,
      sort: filters.sort || undefined,
      page,
      limit: SEARCH_PAGE_SIZE,
    },
    signal,
  });
  if (!body.success) throw new Error((body as { message?: string }).message ?? 'Unknown error');
  return { items: body.data, hasMore: page < body.pages };
}

/** A new book or notes (libraryApi.createBook); the service takes the uploader from the session. */
export const createBook = (
  api: ApiClient,
  book: BodyOf<typeof libraryApi.createBook>,
  idempotencyKey?: string,
) => api.call(libraryApi.createBook, { body: book, idempotencyKey });

type PagedBooksCache = InfiniteData<ListPage<Book>>;

/** One page of the teacher's review queue (libraryApi.listPendingBooks), oldest first. */
export async function fetchPendingPage(
  api: ApiClient,
  userId: string,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<Book>> {
  const body = await api.call(libraryApi.listPendingBooks, {
    params: { userId },
    query: { page, limit: PENDING_PAGE_SIZE },
    signal,
  });
  return { items: body.data, hasMore: page < body.pages, total: body.total };
}

/** One page of the user's bookmarks (libraryApi.listBookmarks), newest first. */
export async function fetchBookmarksPage(
  api: ApiClient,
  userId: string,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<Book>> {
  const { data } = await api.call(libraryApi.listBookmarks, {
    params: { userId },
    query: { page, limit: BOOKMARKS_PAGE_SIZE },
    signal,
  });
  return { items: data.booksBookmark, hasMore: page < data.pages, total: data.total };
}

/** A book's identity in a list: a list that shifted between pages shows it once. */
export const bookKey = (book: Book) => book._id;

/*
 * The bookmarks and the review queue are counted, paged lists (useLoadMoreList, each book once). Their
 * pages are numbered, so a change made here (a book reviewed, a bookmark added or removed) reloads the
 * pages already loaded (see the mutations below); a Load More asked meanwhile waits for that reload.
 */

/** The signed-in user's bookmarks, a page at a time; off for guests. */
export function useBookmarks(userId: string | undefined): LoadMoreList<Book> {
  const api = useApiClient();
  return useLoadMoreList({
    queryKey: libraryQueryKeys.bookmarks(userId ?? ''),
    fetchPage: (page, signal) => fetchBookmarksPage(api, userId!, page, signal),
    getItemKey: bookKey,
    enabled: Boolean(userId),
  });
}

/** The teacher's pending books, a page at a time. */
export function usePendingBooks(userId: string | undefined): LoadMoreList<Book> {
  const api = useApiClient();
  return useLoadMoreList({
    queryKey: libraryQueryKeys.pending(userId ?? ''),
    fetchPage: (page, signal) => fetchPendingPage(api, userId!, page, signal),
    getItemKey: bookKey,
    enabled: Boolean(userId),
  });
}

/** The same pages with `change` applied to each page's books; the same object when nothing changed. */
function changeBooks(
  data: PagedBooksCache | undefined,
  change: (books: Book[], pageIndex: number) => Book[],
  totalChange = 0,
): PagedBooksCache | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page, pageIndex) => {
    const items = change(page.items, pageIndex);
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  if (!changed) return data;
  return {
    ...data,
    pages: pages.map((page) =>
      page.total === undefined ? page : { ...page, total: Math.max(0, page.total + totalChange) },
    ),
  };
}

/** A list without one book (a review decided it, a bookmark was removed); its count one less. */
const withoutBook = (data: PagedBooksCache | undefined, bookId: string) =>
  changeBooks(
    data,
    (books) => (books.some((b) => b._id === bookId) ? books.filter((b) => b._id !== bookId) : books),
    -1,
  );

/** A newest-first list with `book` at its head (a new bookmark), unless it shows it already. */
function withBookFirst(data: PagedBooksCache | undefined, book: Book): PagedBooksCache | undefined {
  if (data?.pages.some((page) => page.items.some((b) => b._id === book._id))) return data;
  return changeBooks(data, (books, pageIndex) => (pageIndex === 0 ? [book, ...books] : books), 1);
}

/** Changes one book wherever the cache shows it: every loaded page of every library list. */
function updateCachedBook(queryClient: QueryClient, bookId: string, change: Partial<Book>): void {
  queryClient.setQueriesData<PagedBooksCache>({ queryKey: libraryQueryKeys.all }, (data) =>
    changeBooks(data, (books) =>
      books.some((b) => b._id === bookId)
        ? books.map((b) => (b._id === bookId ? { ...b, ...change } : b))
        : books,
    ),
  );
}

/**
 * Likes a book (libraryApi.likeBook; the service takes who likes it from the session). The answer's likes replace the book's in the cache, so every card of
 * it shows Liked and the new count (spec §4; there is no unlike). Failures: console only (spec §8).
 */
export function useLikeBook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) => api.call(libraryApi.likeBook, { params: { id: bookId } }),
    onSuccess: ({ data }, bookId) => updateCachedBook(queryClient, bookId, data),
    onError: (error) => console.error('Like failed', error),
  });
}

export interface BookmarkChange {
  book: Book;
  user: SessionUser;
  /** Whether the book is bookmarked now: true removes the bookmark, false adds it. */
  bookmarked: boolean;
}

/**
 * libraryApi.bookmarkBook adds a bookmark ('Book bookmarked successfully'), libraryApi.removeBookmark
 * removes it (whose bookmark is the session's). The user's bookmarks list changes at once (the book
 * first, or gone, and the count with it), then its loaded pages reload. Failures: console only (spec §8).
 */
export function useToggleBookmark() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ book, bookmarked }: BookmarkChange) =>
      bookmarked
        ? api.call(libraryApi.removeBookmark, { params: { bookId: book._id } })
        : api.call(libraryApi.bookmarkBook, { body: { bookId: book._id } }),
    onSuccess: (_answer, { book, user, bookmarked }) => {
      const key = libraryQueryKeys.bookmarks(user._id);
      queryClient.setQueryData<PagedBooksCache>(key, (data) =>
        bookmarked ? withoutBook(data, book._id) : withBookFirst(data, book),
      );
      if (bookmarked) toast.info(BOOK_MESSAGES.bookmarkRemoved);
      else toast.success(BOOK_MESSAGES.bookmarked);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => console.error('Bookmark failed', error),
  });
}

/**
 * Reviews a book (libraryApi.reviewBook): 1 accepts, 2 declines (with the teacher's optional reason,
 * which the uploader sees in My uploads); the service records the signed-in reviewer's name. On
 * success the book leaves the pending list at once, whichever page brought it (spec §4), the count
 * drops by one, and searches reload (an accepted book appears there). The book's `version` as the card
 * showed it goes with the verdict: a book its uploader changed since (a new link, say) is not judged
 * unseen. A book another teacher reviewed first, or one changed since (409 ALREADY_REVIEWED,
 * BOOK_CHANGED), is said so and the list reloads.
 */
export function useReviewBook(reviewer: SessionUser) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const pendingKey = libraryQueryKeys.pending(reviewer._id);
  return useMutation({
    mutationFn: ({
      bookId,
      status,
      reason,
      version,
    }: {
      bookId: string;
      status: 1 | 2;
      reason?: string;
      version?: number;
    }) =>
      api.call(libraryApi.reviewBook, {
        params: { id: bookId },
        body: {
          status,
          ...(status === 2 && reason?.trim() ? { reason: reason.trim() } : {}),
          ...(version === undefined ? {} : { version }),
        },
      }),
    onSuccess: (answer, { bookId }) => {
      toast.success(answer.message);
      queryClient.setQueryData<PagedBooksCache>(pendingKey, (data) => withoutBook(data, bookId));
      // The books after it moved up a place: reload the pages shown, so Load More goes on where it should.
      void queryClient.invalidateQueries({ queryKey: pendingKey });
      void queryClient.invalidateQueries({ queryKey: libraryQueryKeys.searches });
    },
    onError: (error) => {
      console.error('Review failed', error);
      if (isApiError(error) && error.status === 409) {
        toast.info(error.message);
        void queryClient.invalidateQueries({ queryKey: pendingKey });
      } else toast.error(isApiError(error) ? error.message : 'The review could not be saved.');
    },
  });
}

/**
 * The query key of one book (its page and its edit form): outside `libraryQueryKeys.all`, whose
 * queries are all paged lists.
 */
export const bookQueryKey = (bookId: string) => ['library-book', bookId] as const;

/**
 * One book (libraryApi.getBook): an accepted one for anyone; the uploader's own in any state, with
 * `moderation` while a moderator hides it.
 */
export function useBook(bookId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: bookQueryKey(bookId),
    queryFn: async ({ signal }) =>
      (await api.call(libraryApi.getBook, { params: { id: bookId }, signal })).data,
    // A book that is not there (or not this user's to see) does not come back by asking again.
    retry: false,
  });
}

/** "More like this" on a book's page: accepted books of its subject and semester (libraryApi.similarBooks). */
export function useSimilarBooks(bookId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['library-book', bookId, 'similar'] as const,
    queryFn: async ({ signal }) =>
      (await api.call(libraryApi.similarBooks, { params: { id: bookId }, signal })).data,
    enabled,
    retry: false,
  });
}

/** Every list and page that may show a book: reloaded after its uploader changed or deleted it. */
function reloadBooks(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: libraryQueryKeys.all });
  // The profile's My uploads and counts follow through events; its lists reload when next shown.
  void queryClient.invalidateQueries({ queryKey: ['profile'] });
}

/**
 * Saves the uploader's edit (libraryApi.updateBook). The answer is the book as it is now (a declined
 * one back to pending review); its page shows it at once and the lists reload. Failures are the
 * form's to show (it keeps what was typed).
 */
export function useUpdateBook(bookId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BodyOf<typeof libraryApi.updateBook>) =>
      api.call(libraryApi.updateBook, { params: { id: bookId }, body: changes }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(bookQueryKey(bookId), data);
      reloadBooks(queryClient);
    },
  });
}

/**
 * Deletes the uploader's book (libraryApi.deleteBook): it leaves every loaded list at once, then the
 * lists reload; "Book deleted" or the server's refusal as a toast.
 */
export function useDeleteBook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (bookId: string) => api.call(libraryApi.deleteBook, { params: { id: bookId } }),
    onSuccess: (answer, bookId) => {
      toast.success(answer.message);
      queryClient.setQueriesData<PagedBooksCache>({ queryKey: libraryQueryKeys.all }, (data) =>
        withoutBook(data, bookId),
      );
      queryClient.removeQueries({ queryKey: bookQueryKey(bookId) });
      reloadBooks(queryClient);
    },
    onError: (error) =>
      toast.error(`Error deleting book: ${isApiError(error) ? error.message : 'please try again.'}`),
  });
}
