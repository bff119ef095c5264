import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InterviewExperience } from '@campus/contracts/careers';
import { CAREERS_MESSAGES, INTERVIEW_SORTS } from '@campus/contracts/careers-rules';
import { BackLink } from '@campus/ui/back-link';
import { Input } from '@campus/ui/input';
import { PageHeader } from '@campus/ui/page-header';
import { SearchBar } from '@campus/ui/search-bar';
import { Select } from '@campus/ui/select';
import { useApiClient } from '@campus/web-kit/auth-context';
import { LoadMoreResults } from '@campus/web-kit/load-more-results';
import { useDebouncedSearch } from '@campus/web-kit/use-debounced-search';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { careersQueryKeys, fetchInterviewPage, type InterviewFilters } from '../careers-api';
import { InterviewCard } from './interview-card';
import styles from './interviews-page.module.css';

export const SEARCH_PLACEHOLDER = 'Search by company, role or anything in the experience...';
const SORT_OPTIONS = [
  { value: '', label: 'Default' },
  { value: 'date_desc', label: 'Newest First' },
  { value: 'date_asc', label: 'Oldest First' },
];
const interviewKey = (interview: InterviewExperience) => interview._id;

function filtersFrom(params: URLSearchParams): InterviewFilters {
  const sort = params.get('sort') ?? '';
  return {
    q: params.get('q') ?? '',
    company: params.get('company') ?? '',
    sort: (INTERVIEW_SORTS as readonly string[]).includes(sort) ? (sort as InterviewFilters['sort']) : '',
  };
}

/**
 * `/interviews`: search, company filter and date sort, applied 500 ms after the last change (a
 * fresh search from page 1 with an empty list), kept in the URL so a search can be shared or
 * returned to; a grid of cards with Load More.
 */
export default function InterviewsPage() {
  usePageTitle('Interview Experiences');
  const api = useApiClient();
  const [params, setParams] = useSearchParams();
  const search = useDebouncedSearch<InterviewFilters>(filtersFrom(params));
  const applied = search.appliedFilters;

  // The applied search goes into the URL (replacing, so Back leaves the page rather than each keystroke).
  const wanted = useMemo(() => {
    const next = new URLSearchParams();
    if (applied.q.trim()) next.set('q', applied.q.trim());
    if (applied.company.trim()) next.set('company', applied.company.trim());
    if (applied.sort) next.set('sort', applied.sort);
    return next.toString();
  }, [applied]);
  useEffect(() => {
    if (wanted !== params.toString()) setParams(new URLSearchParams(wanted), { replace: true });
  }, [wanted, params, setParams]);

  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => fetchInterviewPage(api, applied, page, signal),
    [api, applied],
  );
  const list = useLoadMoreList({
    queryKey: careersQueryKeys.search({
      q: applied.q.trim(),
      company: applied.company.trim(),
      sort: applied.sort,
    }),
    fetchPage,
    getItemKey: interviewKey,
  });

  return (
    <div className={styles.page}>
      <PageHeader
        back={<BackLink href="/feature">Back</BackLink>}
        title="Interview Experiences"
        subtitle="What the interview at each company was really like, from students who sat it."
      />
      <div className={styles.filters}>
        <div className={styles.search}>
          <SearchBar
            label="Search interview experiences"
            placeholder={SEARCH_PLACEHOLDER}
            value={search.filters.q}
            onValueChange={(q) => search.setFilter('q', q)}
          />
        </div>
        <label className={styles.filter}>
          <span className={styles.filterLabel}>Company</span>
          <Input
            type="search"
            placeholder="e.g. Google"
            autoComplete="off"
            value={search.filters.company}
            onChange={(e) => search.setFilter('company', e.target.value)}
          />
        </label>
        <label className={styles.filter}>
          <span className={styles.filterLabel}>Sort by date</span>
          <Select
            options={SORT_OPTIONS}
            value={search.filters.sort}
            onChange={(e) => search.setFilter('sort', e.target.value as InterviewFilters['sort'])}
          />
        </label>
      </div>

      <LoadMoreResults
        label="Results"
        list={list}
        loadingLabel="Loading experiences..."
        minColumnWidth="16rem"
        errorMessage={(message) => `Error loading experiences: ${message}`}
        empty={CAREERS_MESSAGES.searchEmpty}
        itemKey={interviewKey}
        renderItem={(interview) => <InterviewCard key={interview._id} interview={interview} />}
      />
    </div>
  );
}
