import { useCallback, useMemo, useRef } from 'react';
import {
  BOOK_MESSAGES,
  BOOK_SUBJECTS,
  DSA_BOOK_SPELLING,
  SEARCH_MAX_QUERY_LENGTH,
} from '@campus/contracts/library-rules';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { EmptyState } from '@campus/ui/empty-state';
import { FilterBar } from '@campus/ui/filter-bar';
import { PageHeader } from '@campus/ui/page-header';
import { SearchBar } from '@campus/ui/search-bar';
import { Select } from '@campus/ui/select';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { LoadMoreResults } from '@campus/web-kit/load-more-results';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useUrlSearchState } from '@campus/web-kit/use-url-search-state';
import { bookKey, fetchBookPage, libraryQueryKeys, useBookmarks, type LibraryFilters } from '../library-api';
import { BookCard } from './book-card';
import styles from './library-page.module.css';

export const SEARCH_PLACEHOLDER = 'Search books by title, tags or subject...';

// The spec's filter shows "Data Structure & Algorithm" for the subject books spell "Alogrithm".
const SUBJECT_OPTIONS = [
  { value: '', label: 'All Subjects' },
  ...BOOK_SUBJECTS.map((s) => ({
    value: s,
    label: s === DSA_BOOK_SPELLING ? 'Data Structure & Algorithm' : s,
  })),
];
const SORT_OPTIONS = [
  { value: '', label: 'Default' },
  { value: 'likes_desc', label: 'Most Liked' },
  { value: 'likes_asc', label: 'Least Liked' },
];
const INITIAL_FILTERS: LibraryFilters = { q: '', subject: '', sort: '' };
const SUBJECT_VALUES = new Set<string>(BOOK_SUBJECTS);
const SORT_VALUES = new Set<string>(['likes_desc', 'likes_asc']);

/** A search from a URL (typed or shared by hand): an unknown subject or sort is no filter. */
function validFilters(filters: LibraryFilters): LibraryFilters {
  return {
    q: filters.q.slice(0, SEARCH_MAX_QUERY_LENGTH),
    subject: SUBJECT_VALUES.has(filters.subject) ? filters.subject : '',
    sort: SORT_VALUES.has(filters.sort) ? filters.sort : '',
  };
}

/**
 * `/library`: the Virtual Library search with subject and likes filters, a grid and Load More. The
 * search lives in the URL (`/library?q=trees&subject=...&sort=likes_desc`): refresh, Back and a
 * shared link keep it.
 */
export default function LibraryPage() {
  usePageTitle('Virtual Library');
  const { user } = useAuth();
  const api = useApiClient();
  const search = useUrlSearchState(INITIAL_FILTERS, { sanitize: validFilters });
  const searchBox = useRef<HTMLInputElement>(null);
  const applied = search.appliedFilters;
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => fetchBookPage(api, applied, page, signal),
    [api, applied],
  );
  const list = useLoadMoreList({
    queryKey: libraryQueryKeys.search(applied),
    fetchPage,
    getItemKey: bookKey,
  });
  const bookmarks = useBookmarks(user?._id);
  // Known from the bookmarks loaded so far (a page of 50, more if the panel loaded more): a book
  // bookmarked further down shows "Bookmark" here until then (bookmarking it again is harmless).
  const bookmarkedIds = useMemo(() => new Set(bookmarks.items.map(bookKey)), [bookmarks.items]);

  return (
    <div className={styles.page}>
      <PageHeader
        back={<BackLink href="/feature">Back</BackLink>}
        title="Virtual Library"
        subtitle="Books and notes shared by students, verified by teachers."
      />
      <FilterBar
        activeCount={(search.filters.subject ? 1 : 0) + (search.filters.sort ? 1 : 0)}
        search={
          <SearchBar
            ref={searchBox}
            label="Search books"
            placeholder={SEARCH_PLACEHOLDER}
            value={search.filters.q}
            onValueChange={(q) => search.setFilter('q', q)}
          />
        }
      >
        <label className={styles.filter}>
          <span className={styles.filterLabel}>Subject</span>
          <Select
            options={SUBJECT_OPTIONS}
            value={search.filters.subject}
            onChange={(e) => search.setFilter('subject', e.target.value)}
          />
        </label>
        <label className={styles.filter}>
          <span className={styles.filterLabel}>Sort by likes</span>
          <Select
            options={SORT_OPTIONS}
            value={search.filters.sort}
            onChange={(e) => search.setFilter('sort', e.target.value as LibraryFilters['sort'])}
          />
        </label>
      </FilterBar>

      <LoadMoreResults
        label="Results"
        list={list}
        loadingLabel="Loading books..."
        minColumnWidth="18rem"
        errorMessage={(message) => `Error loading books: ${message}`}
        empty={
          <EmptyState
            title={BOOK_MESSAGES.searchEmpty}
            description={search.filtered ? 'Try other words, or look through every book.' : undefined}
            action={
              search.filtered ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    search.clear();
                    // The button goes with the empty result: focus to where a new search starts.
                    searchBox.current?.focus();
                  }}
                >
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        }
        itemKey={bookKey}
        renderItem={(book) => (
          <BookCard key={book._id} book={book} bookmarked={user ? bookmarkedIds.has(book._id) : undefined} />
        )}
        endLabel="You have seen every book that matches."
      />
    </div>
  );
}
