import {
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  BOOK_MESSAGES,
  SEARCH_PAGE_SIZE,
  type Book,
  type BookListResponse,
  type BookResponse,
  type BookSearchResponse,
  type BookmarkResponse,
  type BookmarksResponse,
  type CreateBookRequest,
  type LikeResponse,
} from '@campus/contracts/library';
import { useToast } from '@campus/ui/toast';
import type { ApiClient } from '@campus/web-kit/api-client';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';
import type { SessionUser } from '@campus/web-kit/auth-store';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

export interface LibraryFilters {
  q: string;
  subject: string;
  sort: '' | 'likes_desc' | 'likes_asc';
}

export const libraryQueryKeys = {
  all: ['library'] as const,
  searches: ['library', 'search'] as const,
  search: (filters: LibraryFilters) => ['library', 'search', filters] as const,
  bookmarks: (userId: string) => ['library', 'bookmarks', userId] as const,
  pending: (userId: string) => ['library', 'pending', userId] as const,
};

const bookPath = (bookId: string) => `/api/book/${encodeURIComponent(bookId)}`;

/** One page of GET /api/book/search; `success: false` counts as a failure (spec §8). */
export async function fetchBookPage(
  api: ApiClient,
  filters: LibraryFilters,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<Book>> {
  const body = await api.get<BookSearchResponse>('/api/book/search', {
    query: {
      q: filters.q.trim(),
      subject: filters.subject,
      sort: filters.sort,
      page,
      limit: SEARCH_PAGE_SIZE,
    },
    signal,
  });
  if (!body.success) throw new Error((body as { message?: string }).message ?? 'Unknown error');
  return { items: body.data, hasMore: page < body.pages };
}

export const createBook = (api: ApiClient, book: CreateBookRequest & { uploadedBy: string }) =>
  api.post<BookResponse>('/api/book', book);

/** The signed-in user's bookmarks (GET /api/commonData/bookmarks/{userId}); off for guests. */
export function useBookmarks(userId: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: libraryQueryKeys.bookmarks(userId ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<BookmarksResponse>(`/api/commonData/bookmarks/${encodeURIComponent(userId!)}`, { signal })
        .then((r) => r.data.booksBookmark),
    enabled: Boolean(userId),
  });
}

export function usePendingBooks(userId: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: libraryQueryKeys.pending(userId ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<BookListResponse>(`/api/book/pending/${encodeURIComponent(userId!)}`, { signal })
        .then((r) => r.data),
    enabled: Boolean(userId),
  });
}

/** Changes one book wherever the cache shows it: every loaded search page and every bookmarks list. */
function updateCachedBook(queryClient: QueryClient, bookId: string, change: Partial<Book>): void {
  const update = (book: Book) => (book._id === bookId ? { ...book, ...change } : book);
  queryClient.setQueriesData<InfiniteData<ListPage<Book>>>(
    { queryKey: libraryQueryKeys.searches },
    (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) },
  );
  queryClient.setQueriesData<Book[]>({ queryKey: ['library', 'bookmarks'] }, (books) => books?.map(update));
}

/**
 * PATCH /api/book/{id}/like. The answer's likes replace the book's in the cache, so every card of
 * it shows Liked and the new count (spec §4; there is no unlike). Failures: console only (spec §8).
 */
export function useLikeBook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, userId }: { bookId: string; userId: string }) =>
      api.patch<LikeResponse>(`${bookPath(bookId)}/like`, { userId }),
    onSuccess: ({ data }, { bookId }) => updateCachedBook(queryClient, bookId, data),
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
 * PATCH /api/book/bookmark adds a bookmark ('Book bookmarked successfully'), DELETE
 * /api/book/bookmark/{bookId} removes it. The user's bookmarks list changes at once and is then
 * reloaded. Failures: console only (spec §8).
 */
export function useToggleBookmark() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ book, user, bookmarked }: BookmarkChange) =>
      bookmarked
        ? api.delete<BookmarkResponse>(`/api/book/bookmark/${encodeURIComponent(book._id)}`)
        : api.patch<BookmarkResponse>('/api/book/bookmark', { userId: user._id, bookId: book._id }),
    onSuccess: (_answer, { book, user, bookmarked }) => {
      const key = libraryQueryKeys.bookmarks(user._id);
      queryClient.setQueryData<Book[]>(key, (books) =>
        bookmarked ? books?.filter((b) => b._id !== book._id) : books && [book, ...books],
      );
      if (bookmarked) toast.info(BOOK_MESSAGES.bookmarkRemoved);
      else toast.success(BOOK_MESSAGES.bookmarked);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => console.error('Bookmark failed', error),
  });
}

/**
 * PUT /api/book/{id}/status: 1 accepts, 2 declines, recording the reviewer's name. On success the
 * book leaves the pending list (spec §4) and searches reload (an accepted book appears there). A
 * book another teacher reviewed first (409) is said so and the list reloads.
 */
export function useReviewBook(reviewer: SessionUser) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const pendingKey = libraryQueryKeys.pending(reviewer._id);
  return useMutation({
    mutationFn: ({ bookId, status }: { bookId: string; status: 1 | 2 }) =>
      api.put<BookResponse>(`${bookPath(bookId)}/status`, { status, verifiedBy: reviewer.name }),
    onSuccess: (answer, { bookId }) => {
      toast.success(answer.message);
      queryClient.setQueryData<Book[]>(pendingKey, (books) => books?.filter((b) => b._id !== bookId));
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
