import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { JobPost } from '@campus/contracts/careers';
import { JOB_TYPES, type JobType } from '@campus/contracts/careers-rules';
import { BackLink } from '@campus/ui/back-link';
import { ButtonLink } from '@campus/ui/button';
import { Checkbox } from '@campus/ui/checkbox';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Grid } from '@campus/ui/grid';
import { Input } from '@campus/ui/input';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { SearchBar } from '@campus/ui/search-bar';
import { Select } from '@campus/ui/select';
import { Skeleton } from '@campus/ui/skeleton';
import { Tabs } from '@campus/ui/tabs';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { useCardListFocus } from '@campus/web-kit/use-card-list-focus';
import { useDebouncedSearch } from '@campus/web-kit/use-debounced-search';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import {
  careersQueryKeys,
  fetchJobPage,
  fetchJobSearchPage,
  isJobSearch,
  type JobFilters,
} from '../careers-api';
import { JobCard } from './job-card';
import { useJobAnchor } from './use-job-anchor';
import styles from './jobs-page.module.css';

const jobKey = (job: JobPost) => job._id;

const TYPE_OPTIONS = [{ value: '', label: 'Any type' }, ...JOB_TYPES.map((t) => ({ value: t, label: t }))];
const CLOSING_OPTIONS = [
  { value: '', label: 'Any time' },
  { value: '3', label: 'Within 3 days' },
  { value: '7', label: 'Within a week' },
  { value: '30', label: 'Within a month' },
];

function jobFiltersFrom(params: URLSearchParams): JobFilters {
  const jobType = params.get('jobType') ?? '';
  const closing = params.get('closing') ?? '';
  return {
    q: params.get('q') ?? '',
    jobType: (JOB_TYPES as readonly string[]).includes(jobType) ? (jobType as JobType) : '',
    city: params.get('city') ?? '',
    closing: CLOSING_OPTIONS.some((o) => o.value === closing) ? closing : '',
    paid: params.get('paid') === 'true',
  };
}

/**
 * `/jobs` (All Job Posts, anyone) and `/jobs/myjobpost` (My Posted Job, signed in only: the user's
 * own posts with Delete; a guest sees the All tab). Spec §3, §4, §8.
 */
export default function JobsPage({ mine }: { mine: boolean }) {
  const { user } = useAuth();
  const showMine = mine && Boolean(user);
  usePageTitle(showMine ? 'My Posted Job' : 'All Job Posts');
  const api = useApiClient();
  // The search (issue 28), on All Job Posts only: applied 500 ms after the last change and kept in
  // the URL; with nothing set, the page is the spec's list.
  const [params, setParams] = useSearchParams();
  const search = useDebouncedSearch<JobFilters>(jobFiltersFrom(params));
  const applied = search.appliedFilters;
  const searching = !showMine && isJobSearch(applied);
  const wanted = useMemo(() => {
    const next = new URLSearchParams();
    if (applied.q.trim()) next.set('q', applied.q.trim());
    if (applied.jobType) next.set('jobType', applied.jobType);
    if (applied.city.trim()) next.set('city', applied.city.trim());
    if (applied.closing) next.set('closing', applied.closing);
    if (applied.paid) next.set('paid', 'true');
    return next.toString();
  }, [applied]);
  useEffect(() => {
    if (!showMine && wanted !== params.toString()) setParams(new URLSearchParams(wanted), { replace: true });
  }, [showMine, wanted, params, setParams]);
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) =>
      searching ? fetchJobSearchPage(api, applied, page, signal) : fetchJobPage(api, showMine, page, signal),
    [api, showMine, searching, applied],
  );
  const list = useLoadMoreList({
    queryKey: searching
      ? careersQueryKeys.jobSearch({
          ...applied,
          q: applied.q.trim(),
          city: applied.city.trim(),
        })
      : careersQueryKeys.jobList(showMine, user?._id),
    fetchPage,
    getItemKey: jobKey,
  });
  const ids = useMemo(() => list.items.map(jobKey), [list.items]);
  // /jobs#job-<id> (moderation's link to a post) brings its card into view.
  useJobAnchor(list.items);
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
        actions={
          // Saved jobs and where each application stands (issue 28); a guest is asked to log in there.
          <ButtonLink href="/jobs/tracker" variant="secondary" size="sm">
            My applications
          </ButtonLink>
        }
      />
      <Tabs items={tabs} label="Job posts" />
      {!showMine && (
        <div className={styles.filters}>
          <div className={styles.search}>
            <SearchBar
              label="Search job posts"
              placeholder="Search by company, role, city or skill..."
              value={search.filters.q}
              onValueChange={(q) => search.setFilter('q', q)}
            />
          </div>
          <label className={styles.filter}>
            <span className={styles.filterLabel}>Type</span>
            <Select
              options={TYPE_OPTIONS}
              value={search.filters.jobType}
              onChange={(e) => search.setFilter('jobType', e.target.value as JobFilters['jobType'])}
            />
          </label>
          <label className={styles.filter}>
            <span className={styles.filterLabel}>City</span>
            <Input
              type="search"
              placeholder="e.g. Pune"
              autoComplete="off"
              value={search.filters.city}
              onChange={(e) => search.setFilter('city', e.target.value)}
            />
          </label>
          <label className={styles.filter}>
            <span className={styles.filterLabel}>Closing</span>
            <Select
              options={CLOSING_OPTIONS}
              value={search.filters.closing}
              onChange={(e) => search.setFilter('closing', e.target.value)}
            />
          </label>
          <Checkbox
            label="Paid only"
            checked={search.filters.paid}
            onChange={(e) => search.setFilter('paid', e.target.checked)}
          />
        </div>
      )}
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
            title={
              showMine
                ? 'You have not posted a job yet.'
                : searching
                  ? 'No job posts match your search.'
                  : 'No job posts yet.'
            }
            description={user && !searching ? 'Share one from your profile: Create New Job Post.' : undefined}
          />
        )}
        {list.status === 'results' && (
          <div ref={container} onFocus={onFocus}>
            <Grid as="ul" minColumnWidth="18rem" className={styles.grid}>
              {list.items.map((job) => (
                <JobCard key={job._id} job={job} />
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
