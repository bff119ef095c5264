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
import { DELETED_PLACEHOLDER } from '@campus/contracts/moderation-rules';
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
  members: (q: string) => ['community', 'members', q] as const,
  /** The mutation key of a comment being sent on a post (useIsMutating tells the live comments). */
  addComment: (postId: string) => ['community', 'add-comment', postId] as const,
  campaigns: ['community', 'campaigns'] as const,
  /** One campaign (its page); its ledger, updates and the organiser's pledges are keyed under it. */
  campaign: (campaignId: string) => ['community', 'campaign', campaignId] as const,
};

export interface PostPage {
  items: Post[];
  /**
   * Where the next page starts: the service's `X-Next-Cursor` (newest first), or the next page's
   * number as text for the ranked orders (relevance, top, trending); undefined at the end.
   */
  nextCursor: string | undefined;
}

/** The hub's search (issue 27), as the URL keeps it: '' is "not filtered". */
// A type, not an interface: it must fit the kit's UrlFilters (a record of text values).
export type HubFilters = {
  q: string;
  /** '' (newest, or relevance while searching), 'top' or 'trending'. */
  sort: '' | 'new' | 'top' | 'trending';
  /** 'true': only questions without an accepted answer. */
  unsolved: '' | 'true';
};
export const NO_HUB_FILTERS: HubFilters = { q: '', sort: '', unsolved: '' };

/** Whether the list is ordered by rank (paged by page number) rather than newest first (by cursor). */
const rankedOrder = (f: HubFilters) =>
  f.sort === 'top' || f.sort === 'trending' || (f.q !== '' && f.sort === '');

/** One page of the posts (communityApi.listPosts) as filtered, and where the next one starts. */
export async function fetchPostPage(
  api: ApiClient,
  cursor: string | undefined,
  signal: AbortSignal,
  filters: HubFilters = NO_HUB_FILTERS,
): Promise<PostPage> {
  const ranked = rankedOrder(filters);
  const page = await api.exchange(communityApi.listPosts, {
    query: {
      limit: POSTS_PAGE_SIZE,
      ...(ranked ? (cursor ? { page: Number(cursor) } : {}) : { cursor }),
      ...(filters.q ? { q: filters.q } : {}),
      ...(filters.sort ? { sort: filters.sort } : {}),
      ...(filters.unsolved ? { solved: 'false' as const } : {}),
    },
    signal,
  });
  const next = ranked
    ? page.data.length === POSTS_PAGE_SIZE
      ? String((cursor ? Number(cursor) : 1) + 1)
      : undefined
    : (page.nextCursor ?? undefined);
  return { items: page.data, nextCursor: next };
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

/**
 * The hub's grid: the newest posts (or the search's), Load More for the next ones, each post once.
 * The unfiltered list keeps the plain key, which a new, edited or deleted post updates in place.
 */
export function useHubPosts(filters: HubFilters = NO_HUB_FILTERS) {
  const api = useApiClient();
  const filtered = filters.q !== '' || filters.sort !== '' || filters.unsolved !== '';
  const query = useInfiniteQuery({
    queryKey: filtered ? [...communityQueryKeys.posts, filters] : communityQueryKeys.posts,
    queryFn: ({ pageParam, signal }) => fetchPostPage(api, pageParam, signal, filters),
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
  // Every list that shows it: the newest, and each search, sort and Unsolved filter (their keys
  // start with the plain one).
  queryClient.setQueriesData<PostPages>({ queryKey: communityQueryKeys.posts }, (data) =>
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
 * Marks a comment as the post's accepted answer, or clears it with null (communityApi.acceptAnswer;
 * the service lets the asker or a teacher): the post's answer replaces the cached one.
 */
export function useAcceptAnswer(postId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (commentId: string | null) =>
      api.call(communityApi.acceptAnswer, { params: { postId }, body: { commentId } }),
    onSuccess: (post) => replaceCachedPost(queryClient, post),
    onError: (error) => {
      console.error('Marking the answer failed', error);
      toast.error(isApiError(error) ? error.message : 'The answer could not be marked. Please try again.');
    },
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
    mutationKey: communityQueryKeys.addComment(postId),
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
      // A commenter follows the post unless they muted it before: the service knows which, so the
      // Follow toggle asks it again rather than guess.
      if (post && post.following !== true)
        void queryClient.invalidateQueries({ queryKey: communityQueryKeys.post(postId), exact: true });
    },
    onError: (error) => console.error('Commenting failed', error),
  });
}

/** What a failed request says to the user: the service's sentence, else the error's. */
export const failureMessage = (error: unknown) =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);

/**
 * Its author's edit of a post (communityApi.updatePost; only the fields changed are sent): the
 * answer replaces the post wherever it shows. A failure is the caller's to show (the form keeps
 * what was typed).
 */
export function useEditPost(postId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BodyOf<typeof communityApi.updatePost>) =>
      api.call(communityApi.updatePost, { params: { postId }, body: changes }),
    onSuccess: (post) => {
      replaceCachedPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: communityQueryKeys.trending });
    },
    onError: (error) => console.error('Editing the post failed', error),
  });
}

/**
 * Its author's delete of a post (communityApi.deletePost): it leaves the grid (searched or not),
 * Trending and its own page's cache at once; the toast says so, or why not.
 */
export function useDeletePost(postId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => api.call(communityApi.deletePost, { params: { postId } }),
    onSuccess: ({ message }) => {
      // Out of every list at once: the newest and each search, sort and filter.
      queryClient.setQueriesData<PostPages>({ queryKey: communityQueryKeys.posts }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((p) => p._id !== postId),
              })),
            }
          : data,
      );
      queryClient.setQueryData<Post[]>(communityQueryKeys.trending, (data) =>
        data?.filter((p) => p._id !== postId),
      );
      queryClient.removeQueries({ queryKey: communityQueryKeys.post(postId), exact: true });
      queryClient.removeQueries({ queryKey: communityQueryKeys.comments(postId), exact: true });
      void queryClient.invalidateQueries({ queryKey: communityQueryKeys.trending });
      toast.success(message);
    },
    onError: (error) => {
      console.error('Deleting the post failed', error);
      toast.error(failureMessage(error));
    },
  });
}

/** Its author's new text for a comment (communityApi.updateComment): the thread shows the answer. */
export function useEditComment(postId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      api.call(communityApi.updateComment, { params: { postId, commentId }, body: { content } }),
    onSuccess: (comment) =>
      queryClient.setQueryData<Comment[]>(communityQueryKeys.comments(postId), (data) =>
        data?.map((c) => (c._id === comment._id ? comment : c)),
      ),
    onError: (error) => console.error('Editing the comment failed', error),
  });
}

/**
 * Its author's delete of a comment (communityApi.deleteComment): with replies it stays as
 * '[deleted]', else it leaves the thread; the post counts one fewer. The thread and the post are
 * then read again, as the service now has them.
 */
export function useDeleteComment(postId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (commentId: string) =>
      api.call(communityApi.deleteComment, { params: { postId, commentId } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Comment[]>(communityQueryKeys.comments(postId), (list) =>
        data.placeholder
          ? list?.map((c) =>
              c._id === data._id
                ? {
                    _id: c._id,
                    postId: c.postId,
                    parentId: c.parentId,
                    createdAt: c.createdAt,
                    content: DELETED_PLACEHOLDER,
                    createdBy: { _id: null, name: DELETED_PLACEHOLDER },
                    isAnonymous: false,
                    editedAt: null,
                    deleted: true,
                  }
                : c,
            )
          : list?.filter((c) => c._id !== data._id),
      );
      const post = queryClient.getQueryData<Post>(communityQueryKeys.post(postId));
      if (post)
        replaceCachedPost(queryClient, {
          ...post,
          comments: post.comments.filter((id) => id !== data._id),
          commentCount: Math.max(0, post.commentCount - (post.comments.includes(data._id) ? 1 : 0)),
        });
      void queryClient.invalidateQueries({ queryKey: communityQueryKeys.comments(postId) });
    },
    onError: (error) => {
      console.error('Deleting the comment failed', error);
      toast.error(failureMessage(error));
    },
  });
}

/**
 * Follows or mutes a post's new activity (communityApi.followPost): the toggle shows the new state at
 * once and goes back to what it was when the service refuses (the caller shows why).
 */
export function useFollow(postId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const key = communityQueryKeys.post(postId);
  // A press leaves the reader following or muted (never "none" again); a rollback puts both back.
  const setFollowing = (following: boolean | undefined, followState?: Post['followState']) =>
    queryClient.setQueryData<Post>(key, (post) =>
      post
        ? {
            ...post,
            following,
            followState:
              followState ?? (following === undefined ? post.followState : following ? 'following' : 'muted'),
          }
        : post,
    );
  return useMutation({
    mutationFn: (following: boolean) =>
      api.call(communityApi.followPost, { params: { postId }, body: { following } }),
    onMutate: async (following) => {
      // A read in flight would put the old state back over the new one.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<Post>(key);
      setFollowing(following);
      return { before: previous?.following, beforeState: previous?.followState };
    },
    onError: (error, _following, context) => {
      console.error('Following the post failed', error);
      setFollowing(context?.before, context?.beforeState);
    },
    onSuccess: (state) => setFollowing(state.following),
  });
}

/** How long typing after `@` pauses before the picker asks who matches. */
export const MEMBER_SEARCH_PAUSE_MS = 200;

/**
 * Who the @mention picker offers for `q` (communityApi.suggestMembers; signed-in users only). While
 * the next letters are looked up, the answer for the letters before them stays (no flicker).
 */
export function useMemberSuggestions(q: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: communityQueryKeys.members(q),
    queryFn: ({ signal }) => api.call(communityApi.suggestMembers, { query: { q }, signal }),
    enabled: enabled && q !== '',
    staleTime: 60_000,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return typeof before === 'string' && q.toLowerCase().startsWith(before.toLowerCase())
        ? previous
        : undefined;
    },
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
 * A pay link for one pledge (communityApi.createPledgeIntent): the service's `upi://pay` URL with
 * the amount and a payment reference (`tr`) of this donor's own, so neither can be mistyped in the
 * UPI app; the pledge later names the reference. A refusal (a closed campaign) is the caller's to show.
 */
export function usePledgeIntent() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async ({ campaignId, amount }: { campaignId: string; amount: number }) =>
      (await api.call(communityApi.createPledgeIntent, { params: { campaignId }, body: { amount } })).data,
    onError: (error) => console.error('Creating the pay link failed', error),
  });
}

/**
 * Records a pledge (communityApi.createPledge; the donor is the session's user) with the UPI
 * transaction reference (UTR) the donor got: it stays pending, shown apart from the confirmed total,
 * until the campaign's organiser confirms it (issue 28).
 */
export function usePledge() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const intent = useIdempotencyKey();
  return useMutation({
    mutationFn: ({
      campaignId,
      amount,
      utr,
      tr,
    }: {
      campaignId: string;
      amount: number;
      utr: string;
      /** The payment reference of the pay link the donor used (usePledgeIntent), when they asked for one. */
      tr?: string;
    }) =>
      api.call(communityApi.createPledge, {
        params: { campaignId },
        body: tr === undefined ? { amount, utr } : { amount, utr, tr },
        idempotencyKey: intent.keyFor({ campaignId, amount, utr, tr }),
      }),
    onSuccess: ({ data, message }) => {
      intent.succeeded();
      queryClient.setQueryData<Campaign[]>(communityQueryKeys.campaigns, (list) =>
        list?.map((c) => (c.id === data.campaign.id ? data.campaign : c)),
      );
      // Its page: the campaign's totals as answered, and the organiser's pending list asks again.
      queryClient.setQueryData<Campaign>(communityQueryKeys.campaign(data.campaign.id), data.campaign);
      void queryClient.invalidateQueries({
        queryKey: [...communityQueryKeys.campaign(data.campaign.id), 'pledges'],
      });
      toast.success(message);
    },
    onError: (error) => {
      console.error('Pledge failed', error);
      toast.error(isApiError(error) ? error.message : COMMUNITY_MESSAGES.invalidAmount);
    },
  });
}
