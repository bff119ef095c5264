import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { BodyOf } from '@campus/contracts/api-operation';
import type { Campaign, Comment, Post } from '@campus/contracts/community';
import {
  COMMENTS_MAX_LIMIT,
  COMMUNITY_MESSAGES,
  POSTS_PAGE_SIZE,
  TRENDING_SIZE,
} from '@campus/contracts/community-rules';
import { communityApi } from '@campus/contracts/generated/community-api';
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

export interface PostPage {
  items: Post[];
  /** Where the next page starts, as the service said (`X-Next-Cursor`); undefined at the end. */
  nextCursor: string | undefined;
}

/** One page of the posts (communityApi.listPosts), newest first, and where the next one starts. */
export async function fetchPostPage(
  api: ApiClient,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<PostPage> {
  const page = await api.exchange(communityApi.listPosts, {
    query: { limit: POSTS_PAGE_SIZE, cursor },
    signal,
  });
  return { items: page.data, nextCursor: page.nextCursor ?? undefined };
}

/**
 * A post's whole thread (communityApi.listComments), oldest first: the replies are nested under
 * their parents, so every page is read, each from where the service said the last one ended
 * (`X-Next-Cursor`). A page holds up to 500 comments, so a campus thread is one request.
 */
export async function fetchThread(api: ApiClient, postId: string, signal: AbortSignal): Promise<Comment[]> {
  const thread: Comment[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.exchange(communityApi.listComments, {
      params: { postId },
      query: { limit: COMMENTS_MAX_LIMIT, cursor },
      signal,
    });
    thread.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return thread;
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
      api.call(communityApi.listPosts, { query: { sort: 'trending', limit: TRENDING_SIZE }, signal }),
  });
}

export function usePost(postId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: communityQueryKeys.post(postId),
    queryFn: ({ signal }) => api.call(communityApi.getPost, { params: { postId }, signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

/** The whole thread, oldest first (fetchThread). */
export function useComments(postId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: communityQueryKeys.comments(postId),
    queryFn: ({ signal }) => fetchThread(api, postId, signal),
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

/**
 * Publishes a post (communityApi.createPost; its author is the session's user): it goes first in the
 * grid (spec §4).
 */
export function useCreatePost() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // One Idempotency-Key per intent: a retry or a double tap of the same post creates one.
  const intent = useIdempotencyKey();
  return useMutation({
    mutationFn: (post: BodyOf<typeof communityApi.createPost>) =>
      api.call(communityApi.createPost, { body: post, idempotencyKey: intent.keyFor(post) }),
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

const voteOperations = { up: communityApi.upvotePost, down: communityApi.downvotePost };

/**
 * Votes on a post (communityApi.upvotePost / downvotePost; the voter is the session's user, so the
 * body is empty): the answer replaces the post wherever it shows.
 */
export function useVote(postId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (direction: 'up' | 'down') =>
      api.call(voteOperations[direction], { params: { postId }, body: {} }),
    onSuccess: (post) => {
      replaceCachedPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: communityQueryKeys.trending });
    },
    onError: (error) => console.error('Voting failed', error),
  });
}

/**
 * Comments on a post or replies to a comment (communityApi.createComment; its author is the
 * session's user): the new comment is appended (spec §4) and the post counts it.
 */
export function useAddComment(postId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const intent = useIdempotencyKey();
  return useMutation({
    mutationFn: (comment: BodyOf<typeof communityApi.createComment>) =>
      api.call(communityApi.createComment, {
        params: { postId },
        body: comment,
        idempotencyKey: intent.keyFor(comment),
      }),
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
    queryFn: async ({ signal }) => (await api.call(communityApi.listCampaigns, { signal })).data,
  });
}

/**
 * Records a pledge (communityApi.createPledge; the donor is the session's user): the campaign's new
 * total shows for everyone.
 */
export function usePledge() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const intent = useIdempotencyKey();
  return useMutation({
    mutationFn: ({ campaignId, amount }: { campaignId: string; amount: number }) =>
      api.call(communityApi.createPledge, {
        params: { campaignId },
        body: { amount },
        idempotencyKey: intent.keyFor({ campaignId, amount }),
      }),
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
