import { useState } from 'react';
import { BackLink } from '@campus/ui/back-link';
import { Card } from '@campus/ui/card';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { FloatingActionButton } from '@campus/ui/floating-action-button';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { AppLink } from '@campus/ui/app-link';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useUrlSearchState } from '@campus/web-kit/use-url-search-state';
import { SEARCH_Q_MAX } from '@campus/contracts/community-rules';
import { NO_HUB_FILTERS, useHubPosts, useTrending, type HubFilters } from '../community-api';
import { CreatePostPanel } from './create-post-panel';
import { PostCard } from './post-card';
import styles from './hub-page.module.css';

function TrendingDiscussions() {
  const trending = useTrending();
  return (
    <Card as="aside" className={styles.trending} aria-labelledby="trending-heading">
      <h2 id="trending-heading" className={styles.trendingTitle}>
        Trending Discussions
      </h2>
      {trending.isPending ? (
        // As tall as five discussions with two-line titles, so the posts below do not jump down when
        // they arrive (Lighthouse measured a layout shift of 0.07 on a phone with a five-line placeholder).
        <Skeleton lines={15} label="Loading trending discussions..." className={styles.trendingLoading} />
      ) : trending.isError ? (
        <p className={styles.muted}>Trending discussions could not be loaded.</p>
      ) : trending.data.length === 0 ? (
        <p className={styles.muted}>No discussions yet.</p>
      ) : (
        <ol className={styles.trendingList}>
          {trending.data.map((post) => (
            <li key={post._id}>
              <AppLink href={`/post/${encodeURIComponent(post._id)}`} className={styles.trendingLink}>
                {post.title}
              </AppLink>
              <span className={styles.trendingVotes}>
                {post.upvote.length} {post.upvote.length === 1 ? 'upvote' : 'upvotes'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

const SORTS: Array<{ value: HubFilters['sort']; label: string }> = [
  { value: '', label: 'New' },
  { value: 'top', label: 'Top' },
  { value: 'trending', label: 'Trending' },
];

/** A URL typed or shared by hand: anything not allowed reads as its default. */
function validFilters(f: HubFilters): HubFilters {
  return {
    q: f.q.slice(0, SEARCH_Q_MAX),
    sort: SORTS.some((s) => s.value === f.sort) ? f.sort : '',
    unsolved: f.unsolved === 'true' ? 'true' : '',
  };
}

/**
 * The hub's search (issue 27): words (searched after a pause, kept in ?q=), New / Top / Trending
 * and Unsolved, one row on a 360 px phone under the search box.
 */
function HubSearch({ search }: { search: ReturnType<typeof useUrlSearchState<HubFilters>> }) {
  const { filters, setFilter } = search;
  return (
    <div className={styles.search} role="search" aria-label="Search posts">
      <input
        type="search"
        className={styles.searchBox}
        aria-label="Search posts"
        placeholder="Search posts"
        maxLength={SEARCH_Q_MAX}
        value={filters.q}
        onChange={(e) => setFilter('q', e.target.value)}
      />
      <div className={styles.chips} role="group" aria-label="Order">
        {SORTS.map((s) => (
          <button
            key={s.label}
            type="button"
            className={styles.chip}
            aria-pressed={filters.sort === s.value}
            onClick={() => search.applyNow({ ...filters, sort: s.value })}
          >
            {s.label}
          </button>
        ))}
        <button
          type="button"
          className={styles.chip}
          aria-pressed={filters.unsolved === 'true'}
          onClick={() => search.applyNow({ ...filters, unsolved: filters.unsolved ? '' : 'true' })}
        >
          Unsolved
        </button>
      </div>
    </div>
  );
}

/** `/community`: Trending Discussions, the grid of posts with Load More, and the Create New Post panel. */
export default function HubPage() {
  usePageTitle('Community');
  const search = useUrlSearchState(NO_HUB_FILTERS, { sanitize: validFilters });
  const list = useHubPosts(search.appliedFilters);
  const [panelOpen, setPanelOpen] = useState(false);

  return (
    <div className={styles.page}>
      <PageHeader
        back={<BackLink href="/feature">Back</BackLink>}
        title="Community"
        subtitle="Ask, advise and discuss with students and teachers of the campus."
      />
      <div className={styles.layout}>
        <TrendingDiscussions />
        <section aria-label="All posts" className={styles.posts}>
          <HubSearch search={search} />
          {list.status === 'loading' && <Skeleton variant="card" label="Loading posts..." />}
          {list.status === 'error' && (
            <ErrorState message="Posts could not be loaded." onRetry={list.retry} retryLabel="Try Again" />
          )}
          {list.status === 'empty' &&
            (search.filtered ? (
              <EmptyState title="No posts found" description="Try other words, or clear the filters." />
            ) : (
              <EmptyState title="No posts yet" description="Be the first to start a discussion." />
            ))}
          {list.status === 'results' && (
            <>
              <ul className={styles.grid}>
                {list.posts.map((post) => (
                  <PostCard key={post._id} post={post} />
                ))}
              </ul>
              <div className={styles.more}>
                <LoadMoreButton
                  onLoadMore={list.loadMore}
                  hasMore={list.hasMore}
                  loading={list.loadingMore}
                />
              </div>
            </>
          )}
        </section>
      </div>
      <FloatingActionButton
        label="Create New Post"
        expanded={panelOpen}
        onClick={() => setPanelOpen((open) => !open)}
      />
      <CreatePostPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </div>
  );
}
