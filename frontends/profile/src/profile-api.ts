import { useQuery } from '@tanstack/react-query';
import type { ProfileCountsResponse, ProfileDataResponse } from '@campus/contracts/profile';
import { useApiClient } from '@campus/web-kit/auth-context';

export const profileQueryKeys = {
  counts: (userId: string) => ['profile', 'counts', userId] as const,
  data: (userId: string) => ['profile', 'data', userId] as const,
};

/**
 * The dashboard's three counts. They are kept from other domains' events, so right after a form
 * succeeds the new item may take a moment to count: `watchUntil` polls until then.
 */
export function useProfileCounts(userId: string | undefined, watchUntil = 0) {
  const api = useApiClient();
  return useQuery({
    queryKey: profileQueryKeys.counts(userId ?? ''),
    queryFn: ({ signal }) =>
      api.get<ProfileCountsResponse>(`/api/commonData/${encodeURIComponent(userId ?? '')}`, { signal }),
    enabled: Boolean(userId),
    staleTime: 0,
    refetchInterval: () => (Date.now() < watchUntil ? 1_000 : false),
  });
}

/** The user's own common data, to fill the form in when they edit it. */
export function useProfileData(userId: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: profileQueryKeys.data(userId ?? ''),
    queryFn: ({ signal }) =>
      api.get<ProfileDataResponse>(`/api/commonData/${encodeURIComponent(userId ?? '')}/profile`, {
        signal,
      }),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}
