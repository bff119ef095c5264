import { useQuery } from '@tanstack/react-query';
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
import { SEARCH_PAGE_SIZE } from '@campus/contracts/library';
import { apiClient } from '@campus/web-kit/api-client';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

export interface LibraryFilters {
  q: string;
  subject: string;
  sort: '' | 'likes_desc' | 'likes_asc';
}

export const libraryQueryKeys = {
  search: (filters: LibraryFilters) => ['library', 'search', filters] as const,
  bookmarks: (userId: string) => ['library', 'bookmarks', userId] as const,
  pending: (userId: string) => ['library', 'pending', userId] as const,
};

/** One page of GET /api/book/search; `success: false` counts as a failure (spec §8). */
export async function fetchBookPage(
  filters: LibraryFilters,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<Book>> {
  const body = await apiClient.get<BookSearchResponse>('/api/book/search', {
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

export const likeBook = (bookId: string, userId: string) =>
  apiClient.patch<LikeResponse>(`/api/book/${encodeURIComponent(bookId)}/like`, { userId });

export const bookmarkBook = (bookId: string, userId: string) =>
  apiClient.patch<BookmarkResponse>('/api/book/bookmark', { userId, bookId });

export const removeBookmark = (bookId: string) =>
  apiClient.delete<BookmarkResponse>(`/api/book/bookmark/${encodeURIComponent(bookId)}`);

export const createBook = (book: CreateBookRequest & { uploadedBy: string }) =>
  apiClient.post<BookResponse>('/api/book', book);

export const reviewBook = (bookId: string, status: 1 | 2, verifiedBy: string) =>
  apiClient.put<BookResponse>(`/api/book/${encodeURIComponent(bookId)}/status`, { status, verifiedBy });

/** The signed-in user's bookmarks (GET /api/commonData/bookmarks/{userId}); off for guests. */
export function useBookmarks(userId: string | undefined) {
  return useQuery({
    queryKey: libraryQueryKeys.bookmarks(userId ?? ''),
    queryFn: ({ signal }) =>
      apiClient
        .get<BookmarksResponse>(`/api/commonData/bookmarks/${encodeURIComponent(userId!)}`, { signal })
        .then((r) => r.data.booksBookmark),
    enabled: Boolean(userId),
  });
}

export function usePendingBooks(userId: string | undefined) {
  return useQuery({
    queryKey: libraryQueryKeys.pending(userId ?? ''),
    queryFn: ({ signal }) =>
      apiClient
        .get<BookListResponse>(`/api/book/pending/${encodeURIComponent(userId!)}`, { signal })
        .then((r) => r.data),
    enabled: Boolean(userId),
  });
}
