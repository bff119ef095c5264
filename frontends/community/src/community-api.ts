import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Campaign,
  CampaignListResponse,
  Comment,
  CreatePostRequest,
  PledgeResponse,
  Post,
} from '@campus/contracts/community';
import {
  COMMENTS_MAX_LIMIT,
  COMMUNITY_MESSAGES,
  POSTS_PAGE_SIZE,
  TRENDING_SIZE,
} from '@campus/contracts/community-rules';
import { encodeCursor } from '@campus/contracts/cursor';
import { useToast } from '@campus/ui/toast';
import type { ApiClient } from '@campus/web-kit/api-client';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';
import { useIdempotencyKey } from '@campus/web-kit/use-idempotency-key';

export const communityQueryKeys = {
  all: ['community'] as const,
  posts: ['community', 'posts'] as const,
  trending: ['community', 'trending'] as const,
  post: (postId: string) => ['community', 'post', postId] as const,
  comments: (postId: string) => ['community', 'comments', postId] as const,
  campaigns: ['community', 'campaigns'] as const,
};

const postPath = (postId: string) => `/api/community/${encodeURIComponent(postId)}`;

export interface PostPage {
  items: Post[];
  /** Where the next page starts (after the last post of this one); undefined at the end. */
  nextCursor: string | undefined;
}

/** One page of GET /api/community: a bare array, newest first; the next starts after its last post. */
export async function fetchPostPage(
  api: ApiClient,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<PostPage> {
  const items = await api.get<Post[]>('/api/community', {
    query: { limit: POSTS_PAGE_SIZE, cursor },
    signal,
  });
  const last = items[items.length - 1];
  return {
    items,
    nextCursor:
      last && items.length === POSTS_PAGE_SIZE
        ? encodeCursor({ createdAt: last.createdAt, id: last._id })
        : undefined,
  };
}

/** The hub's grid: the newest posts, Load More for older ones, each post once. */
export function useHubPosts() {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: communityQueryKeys.posts,
    queryFn: ({ pageParam, signal }) => fetchPostPage(api, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
  const seen = new Set<string>();
  const posts = (query.data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((post) => (seen.has(post._id) ? false : (seen.add(post._id), true)));
  return {
    status:
      query.status === 'pending'
        ? ('loading' as const)
        : query.status === 'error' && posts.length === 0
          ? ('error' as const)
          : posts.length === 0
            ? ('empty' as const)
            : ('results' as const),
    posts,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    retry: () => void query.refetch(),
  };
}

/** Trending Discussions: the top posts by upvotes, computed by the service. */
export function useTrending() {
  const api = useApiClient();
  return useQuery({
    queryKey: communityQueryKeys.trending,
    queryFn: ({ signal }) =>
      api.get<Post[]>('/api/community', { query: { sort: 'trending', limit: TRENDING_SIZE }, signal }),
  });
}

export function usePost(postId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: communityQueryKeys.post(postId),
    queryFn: ({ signal }) => api.get<Post>(postPath(postId), { signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

/** The whole thread, oldest first (a page of up to 500 comments: more than any campus thread). */
export function useComments(postId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: communityQueryKeys.comments(postId),
    queryFn: ({ signal }) =>
      api.get<Comment[]>(`/api/comments/${encodeURIComponent(postId)}`, {
        query: { limit: COMMENTS_MAX_LIMIT },
        signal,
      }),
  });
}

type PostPages = InfiniteData<PostPage, string | undefined>;

/** Puts the server's answer for a post everywhere the cache shows it (spec §4: it replaces the local one). */
function replaceCachedPost(queryClient: QueryClient, post: Post) {
  const swap = (p: Post) => (p._id === post._id ? post : p);
  queryClient.setQueryData<PostPages>(communityQueryKeys.posts, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(swap) })) } : data,
  );
  queryClient.setQueryData<Post[]>(communityQueryKeys.trending, (data) => data?.map(swap));
  queryClient.setQueryData<Post>(communityQueryKeys.post(post._id), post);
}

/** POST /api/community; the new post goes first in the grid (spec §4). */
export function useCreatePost() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // One Idempotency-Key per intent: a retry or a double tap of the same post creates one.
  const intent = useIdempotencyKey();
  return useMutation({
    mutationFn: (post: CreatePostRequest & { createdBy: string }) =>
      api.post<Post>('/api/community', post, { idempotencyKey: intent.keyFor(post) }),
    onSuccess: (post) => {
      intent.succeeded();
      queryClient.setQueryData<PostPages>(communityQueryKeys.posts, (data) =>
        data && data.pages.length > 0
          ? {
              ...data,
              pages: data.pages.map((page, i) =>
                i === 0 ? { ...page, items: [post, ...page.items] } : page,
              ),
            }
          : data,
      );
      queryClient.setQueryData(communityQueryKeys.post(post._id), post);
      void queryClient.invalidateQueries({ queryKey: communityQueryKeys.trending });
    },
    // Spec §8: community failures are console only.
    onError: (error) => console.error('Creating the post failed', error),
  });
}

/** PATCH /api/community/{id}/upvote|downvote: the answer replaces the post wherever it shows. */
export function useVote(postId: string, userId: string | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (direction: 'up' | 'down') =>
      api.patch<Post>(`${postPath(postId)}/${direction}vote`, { userId }),
    onSuccess: (post) => {
      replaceCachedPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: communityQueryKeys.trending });
    },
    onError: (error) => console.error('Voting failed', error),
  });
}

/** POST /api/comments/{postId}: the new comment is appended (spec §4) and the post counts it. */
export function useAddComment(postId: string, userId: string | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const intent = useIdempotencyKey();
  return useMutation({
    mutationFn: (comment: { content: string; isAnonymous: boolean; parentId: string | null }) => {
      const body = { ...comment, createdBy: userId };
      return api.post<Comment>(`/api/comments/${encodeURIComponent(postId)}`, body, {
        idempotencyKey: intent.keyFor(body),
      });
    },
    onSuccess: (comment) => {
      intent.succeeded();
      queryClient.setQueryData<Comment[]>(communityQueryKeys.comments(postId), (data) =>
        data ? [...data, comment] : [comment],
      );
      const post = queryClient.getQueryData<Post>(communityQueryKeys.post(postId));
      if (post)
        replaceCachedPost(queryClient, {
          ...post,
          comments: [...post.comments, comment._id],
          commentCount: post.commentCount + 1,
        });
    },
    onError: (error) => console.error('Commenting failed', error),
  });
}

export function useCampaigns() {
  const api = useApiClient();
  return useQuery({
    queryKey: communityQueryKeys.campaigns,
    queryFn: async ({ signal }) => (await api.get<CampaignListResponse>('/api/fundraising', { signal })).data,
  });
}

/** POST /api/fundraising/{id}/pledges: the campaign's new total shows for everyone. */
export function usePledge() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const intent = useIdempotencyKey();
  return useMutation({
    mutationFn: ({ campaignId, amount }: { campaignId: string; amount: number }) =>
      api.post<PledgeResponse>(
        `/api/fundraising/${encodeURIComponent(campaignId)}/pledges`,
        { amount },
        { idempotencyKey: intent.keyFor({ campaignId, amount }) },
      ),
    onSuccess: ({ data, message }) => {
      intent.succeeded();
      queryClient.setQueryData<Campaign[]>(communityQueryKeys.campaigns, (list) =>
        list?.map((c) => (c.id === data.campaign.id ? data.campaign : c)),
      );
      toast.success(message);
    },
    onError: (error) => {
      console.error('Pledge failed', error);
      toast.error(isApiError(error) ? error.message : COMMUNITY_MESSAGES.invalidAmount);
    },
  });
}
