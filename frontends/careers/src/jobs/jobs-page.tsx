import { useCallback, useMemo } from 'react';
import type { JobPost } from '@campus/contracts/careers';
import { BackLink } from '@campus/ui/back-link';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Grid } from '@campus/ui/grid';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { Tabs } from '@campus/ui/tabs';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { useCardListFocus } from '@campus/web-kit/use-card-list-focus';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { careersQueryKeys, fetchJobPage, useDeleteJob } from '../careers-api';
import { JobCard } from './job-card';
import styles from './jobs-page.module.css';

const jobKey = (job: JobPost) => job._id;

/**
 * `/jobs` (All Job Posts, anyone) and `/jobs/myjobpost` (My Posted Job, signed in only: the user's
 * own posts with Delete; a guest sees the All tab). Spec §3, §4, §8.
 */
export default function JobsPage({ mine }: { mine: boolean }) {
  const { user } = useAuth();
  const showMine = mine && Boolean(user);
  usePageTitle(showMine ? 'My Posted Job' : 'All Job Posts');
  const api = useApiClient();
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => fetchJobPage(api, showMine, page, signal),
    [api, showMine],
  );
  const list = useLoadMoreList({
    queryKey: careersQueryKeys.jobList(showMine, user?._id),
    fetchPage,
    getItemKey: jobKey,
  });
  // Deleting stays on My Posted Job (issue 23: jumping to /jobs lost the user's place).
  const remove = useDeleteJob();
  const ids = useMemo(() => list.items.map(jobKey), [list.items]);
  const { container, onFocus, beforeLoadMore } = useCardListFocus(ids, list.loadingMore);

  const tabs = [
    { label: 'All Job Posts', href: '/jobs', active: !showMine, controls: 'job-list' },
    ...(user
      ? [{ label: 'My Posted Job', href: '/jobs/myjobpost', active: showMine, controls: 'job-list' }]
      : []),
  ];

  return (
    <div className={styles.page}>
      <PageHeader
        back={<BackLink href="/feature">Back</BackLink>}
        title="Job Posts"
        subtitle="Jobs and internships shared by the campus community."
      />
      <Tabs items={tabs} label="Job posts" />
      <section
        id="job-list"
        role="tabpanel"
        aria-label={showMine ? 'My Posted Job' : 'All Job Posts'}
        aria-busy={list.status === 'loading'}
      >
        {list.status === 'loading' && (
          <Grid as="div" minColumnWidth="18rem">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="card" label={i === 0 ? 'Loading jobs...' : undefined} />
            ))}
          </Grid>
        )}
        {list.status === 'error' && <ErrorState message="Error fetching jobs" onRetry={list.retry} />}
        {list.status === 'empty' && (
          <EmptyState
            title={showMine ? 'You have not posted a job yet.' : 'No job posts yet.'}
            description={user ? 'Share one from your profile: Create New Job Post.' : undefined}
          />
        )}
        {list.status === 'results' && (
          <div ref={container} onFocus={onFocus}>
            <Grid as="ul" minColumnWidth="18rem" className={styles.grid}>
              {list.items.map((job) => (
                <JobCard
                  key={job._id}
                  job={job}
                  onDelete={showMine ? () => remove.mutateAsync(job._id) : undefined}
                />
              ))}
            </Grid>
            <div className={styles.more}>
              <LoadMoreButton
                hasMore={list.hasMore}
                loading={list.loadingMore}
                onLoadMore={() => {
                  beforeLoadMore();
                  list.loadMore();
                }}
              />
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
