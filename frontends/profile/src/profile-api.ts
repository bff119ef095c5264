import { useQuery } from '@tanstack/react-query';
import { profileApi } from '@campus/contracts/generated/profile-api';
import type { BookUpload } from '@campus/contracts/profile';
import { BOOK_UPLOADS_PAGE_SIZE } from '@campus/contracts/profile-rules';
import { useApiClient } from '@campus/web-kit/auth-context';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';

export const profileQueryKeys = {
  counts: (userId: string) => ['profile', 'counts', userId] as const,
  data: (userId: string) => ['profile', 'data', userId] as const,
  uploads: (userId: string) => ['profile', 'uploads', userId] as const,
};

/**
 * The dashboard's three counts (profileApi.getProfileCounts). They are kept from other domains'
 * events, so right after a form succeeds the new item may take a moment to count: `watchUntil` polls
 * until then.
 */
export function useProfileCounts(userId: string | undefined, watchUntil = 0) {
  const api = useApiClient();
  return useQuery({
    queryKey: profileQueryKeys.counts(userId ?? ''),
    queryFn: ({ signal }) =>
      api.call(profileApi.getProfileCounts, { params: { userId: userId ?? '' }, signal }),
    enabled: Boolean(userId),
    staleTime: 0,
    refetchInterval: () => (Date.now() < watchUntil ? 1_000 : false),
  });
}

/** The user's own common data (profileApi.getProfileData), to fill the form in when they edit it. */
export function useProfileData(userId: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: profileQueryKeys.data(userId ?? ''),
    queryFn: ({ signal }) =>
      api.call(profileApi.getProfileData, { params: { userId: userId ?? '' }, signal }),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}

/**
 * The user's uploaded books with the verdict on each (profileApi.listUploads), newest first, page by
 * page. Always fetched fresh: a verdict may have arrived since the last visit.
 */
export function useMyUploads(userId: string) {
  const api = useApiClient();
  const list = useLoadMoreList<BookUpload>({
    queryKey: profileQueryKeys.uploads(userId),
    fetchPage: async (page, signal) => {
      const answer = await api.call(profileApi.listUploads, {
        params: { userId },
        query: { page, limit: BOOK_UPLOADS_PAGE_SIZE },
        signal,
      });
      return { items: answer.data, hasMore: answer.page < answer.pages, total: answer.total };
    },
    getItemKey: uploadKey,
  });
  return list;
}

const uploadKey = (upload: BookUpload) => upload.bookId;
