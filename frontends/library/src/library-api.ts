import { useMemo, useState } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  Book,
  BookListResponse,
  BookResponse,
  BookSearchResponse,
  BookmarkResponse,
  BookmarksResponse,
  CreateBookRequest,
  LikeResponse,
} from '@campus/contracts/library';
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
import type { ListPage, LoadMoreStatus } from '@campus/web-kit/use-load-more-list';

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

export const createBook = (
  api: ApiClient,
  book: CreateBookRequest & { uploadedBy: string },
  idempotencyKey?: string,
) => api.post<BookResponse>('/api/book', book, { idempotencyKey });

/** One page of a list that also says how many books the whole list holds. */
export interface CountedBookPage extends ListPage<Book> {
  total: number;
}
type PagedBooksCache = InfiniteData<ListPage<Book> & { total?: number }>;

/** One page of GET /api/book/pending/{userId}: the teacher's review queue, oldest first. */
export async function fetchPendingPage(
  api: ApiClient,
  userId: string,
  page: number,
  signal: AbortSignal,
): Promise<CountedBookPage> {
  const body = await api.get<BookListResponse>(`/api/book/pending/${encodeURIComponent(userId)}`, {
    query: { page, limit: PENDING_PAGE_SIZE },
    signal,
  });
  return { items: body.data, hasMore: page < body.pages, total: body.total };
}

/** One page of GET /api/commonData/bookmarks/{userId}: the user's bookmarks, newest first. */
export async function fetchBookmarksPage(
  api: ApiClient,
  userId: string,
  page: number,
  signal: AbortSignal,
): Promise<CountedBookPage> {
  const { data } = await api.get<BookmarksResponse>(
    `/api/commonData/bookmarks/${encodeURIComponent(userId)}`,
    { query: { page, limit: BOOKMARKS_PAGE_SIZE }, signal },
  );
  return { items: data.booksBookmark, hasMore: page < data.pages, total: data.total };
}

/** A paged book list as a screen shows it: the books so far, how many there are, and Load More. */
export interface PagedBooks {
  status: LoadMoreStatus;
  /** Every loaded page in order, each book once (a list that shifted between pages repeats none). */
  books: Book[];
  /** How many books the whole list holds, kept in step with the changes made here. */
  total: number;
  error: Error | null;
  hasMore: boolean;
  /** True from a Load More until its page is shown (the books so far stay on screen). */
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

/**
 * A counted, paged book list: page 1 on load, the next page appended by `loadMore()`. The pages
 * are numbered (offsets), so a change made here (a book reviewed, a bookmark added or removed)
 * reloads the pages already loaded (see the mutations below), and a Load More asked for meanwhile
 * waits for that reload: otherwise the next page would start at an offset that moved, and skip or
 * repeat a book.
 */
function usePagedBooks(
  queryKey: QueryKey,
  fetchPage: (page: number, signal: AbortSignal) => Promise<CountedBookPage>,
  enabled: boolean,
): PagedBooks {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _allPages, lastPageParam) =>
      lastPage.hasMore ? lastPageParam + 1 : undefined,
    enabled,
  });
  const [loadMoreAsked, setLoadMoreAsked] = useState(false);

  const books = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((book) => {
        if (seen.has(book._id)) return false;
        seen.add(book._id);
        return true;
      });
  }, [query.data]);
  const pages = query.data?.pages ?? [];
  const loadingMore = loadMoreAsked || query.isFetchingNextPage;

  return {
    // A failed reload or Load More keeps the books shown; only a failed first page is an error screen.
    status:
      query.status === 'pending'
        ? 'loading'
        : query.status === 'error' && !query.data
          ? 'error'
          : books.length === 0
            ? 'empty'
            : 'results',
    books,
    total: pages[pages.length - 1]?.total ?? 0,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore,
    loadMore: () => {
      if (!query.hasNextPage || loadingMore) return;
      setLoadMoreAsked(true);
      const reloaded = query.isFetching ? query.refetch({ cancelRefetch: false }) : Promise.resolve();
      void reloaded.then(() => query.fetchNextPage()).finally(() => setLoadMoreAsked(false));
    },
    retry: () => void query.refetch(),
  };
}

/** The signed-in user's bookmarks, a page at a time; off for guests. */
export function useBookmarks(userId: string | undefined): PagedBooks {
  const api = useApiClient();
  return usePagedBooks(
    libraryQueryKeys.bookmarks(userId ?? ''),
    (page, signal) => fetchBookmarksPage(api, userId!, page, signal),
    Boolean(userId),
  );
}

/** The teacher's pending books, a page at a time. */
export function usePendingBooks(userId: string | undefined): PagedBooks {
  const api = useApiClient();
  return usePagedBooks(
    libraryQueryKeys.pending(userId ?? ''),
    (page, signal) => fetchPendingPage(api, userId!, page, signal),
    Boolean(userId),
  );
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
 * /api/book/bookmark/{bookId} removes it. The user's bookmarks list changes at once (the book first,
 * or gone, and the count with it), then its loaded pages reload. Failures: console only (spec §8).
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
 * PUT /api/book/{id}/status: 1 accepts, 2 declines (with the teacher's optional reason, which the
 * uploader sees in My uploads), recording the reviewer's name. On success the
 * book leaves the pending list at once, whichever page brought it (spec §4), the count drops by one,
 * and searches reload (an accepted book appears there). A book another teacher reviewed first (409)
 * is said so and the list reloads.
 */
export function useReviewBook(reviewer: SessionUser) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const pendingKey = libraryQueryKeys.pending(reviewer._id);
  return useMutation({
    mutationFn: ({ bookId, status, reason }: { bookId: string; status: 1 | 2; reason?: string }) =>
      api.put<BookResponse>(`${bookPath(bookId)}/status`, {
        status,
        verifiedBy: reviewer.name,
        ...(status === 2 && reason?.trim() ? { reason: reason.trim() } : {}),
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
