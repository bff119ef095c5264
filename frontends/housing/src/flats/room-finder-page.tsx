import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { FlatRequest } from '@campus/contracts/housing';
import {
  FLAT_MAX_RENT,
  FLAT_MESSAGES,
  FOOD_LABELS,
  FOOD_PREFERENCES,
  SLEEP_LABELS,
  SLEEP_SCHEDULES,
  SMOKING_LABELS,
  SMOKING_RULES,
} from '@campus/contracts/housing-rules';
import { BackLink } from '@campus/ui/back-link';
import { Button, ButtonLink } from '@campus/ui/button';
import { EmptyState } from '@campus/ui/empty-state';
import { Input } from '@campus/ui/input';
import { PageHeader } from '@campus/ui/page-header';
import { SearchBar } from '@campus/ui/search-bar';
import { Select, type SelectOption } from '@campus/ui/select';
import { Skeleton } from '@campus/ui/skeleton';
import { Tabs } from '@campus/ui/tabs';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { LoadMoreResults } from '@campus/web-kit/load-more-results';
import { useDebouncedSearch } from '@campus/web-kit/use-debounced-search';
import { useLoadMoreList, type LoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import {
  NO_FLAT_FILTERS,
  fetchFlatPage,
  fetchMyFlatPage,
  housingQueryKeys,
  useDeleteFlat,
  useManageFlat,
  type FlatFilters,
} from '../housing-api';
import { FlatCard } from './flat-card';
import {
  CREATE_FLAT_PATH,
  MY_ROOM_REQUESTS_PATH,
  ROOM_FINDER_PATH,
  ROOMS_I_ASKED_ABOUT_PATH,
} from './room-finder-paths';
import { useFlatAnchor } from './use-flat-anchor';
import styles from './room-finder-page.module.css';

// A student's own interests load only when they open that tab.
const RoomsIAskedAbout = lazy(() => import('../interests/rooms-i-asked-about'));

const GENDER_OPTIONS = [
  { value: '', label: 'Any preference' },
  { value: 'female', label: 'Open to female' },
  { value: 'male', label: 'Open to male' },
  { value: 'any', label: 'Open to anyone only' },
];
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'rent_asc', label: 'Rent: low to high' },
  { value: 'rent_desc', label: 'Rent: high to low' },
];
/** A lifestyle filter's choices: no filter first. */
const filterOptions = <T extends string>(none: string, values: readonly T[], labels: Record<T, string>) => [
  { value: '', label: none },
  ...values.map((v) => ({ value: v, label: labels[v] })),
];
const FOOD_FILTER = filterOptions('Any food', FOOD_PREFERENCES, {
  ...FOOD_LABELS,
  any: 'No food rule only',
});
const SMOKING_FILTER = filterOptions('Any smoking rule', SMOKING_RULES, SMOKING_LABELS);
const SLEEP_FILTER = filterOptions('Any sleep schedule', SLEEP_SCHEDULES, SLEEP_LABELS);
const flatKey = (flat: FlatRequest) => flat._id;
/** Only digits reach a rent filter (the service would refuse anything else). */
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, String(FLAT_MAX_RENT).length);

export interface RoomFinderPageProps {
  /**
   * `all`: Available Rooms (/roomfinder); `mine`: My Room Requests (/roomfinder/myroomrequest);
   * `asked`: Rooms I Asked About (/roomfinder/asked).
   */
  view: 'all' | 'mine' | 'asked';
}

const PAGE_TITLES: Record<RoomFinderPageProps['view'], string> = {
  all: 'Available Housing',
  mine: 'My Room Requests',
  asked: 'Rooms I Asked About',
};

/** The room finder: 'Available Housing' with its two tabs (the second for signed-in users only). */
export default function RoomFinderPage({ view }: RoomFinderPageProps) {
  usePageTitle(PAGE_TITLES[view]);
  const { user } = useAuth();

  return (
    <div className={styles.page}>
      <PageHeader
        back={<BackLink href="/feature">Back</BackLink>}
        title="Available Housing"
        subtitle="Rooms and flatmates around the campus, posted by students."
        actions={
          user ? (
            <ButtonLink href={CREATE_FLAT_PATH} variant="primary">
              Find a Roommate
            </ButtonLink>
          ) : undefined
        }
      />
      <Tabs
        label="Room finder"
        className={styles.tabs}
        items={[
          { id: 'rooms', label: 'Available Rooms', href: ROOM_FINDER_PATH, active: view === 'all' },
          ...(user
            ? [
                {
                  id: 'mine',
                  label: 'My Room Requests',
                  href: MY_ROOM_REQUESTS_PATH,
                  active: view === 'mine',
                },
                {
                  id: 'asked',
                  label: 'Rooms I Asked About',
                  href: ROOMS_I_ASKED_ABOUT_PATH,
                  active: view === 'asked',
                },
              ]
            : []),
        ]}
      />
      {view === 'all' ? (
        <AvailableRooms />
      ) : !user ? (
        <LoginToSee view={view} />
      ) : view === 'mine' ? (
        <MyRoomRequests userId={user._id} />
      ) : (
        <Suspense fallback={<Skeleton variant="card" label="Loading the rooms you asked about..." />}>
          <RoomsIAskedAbout userId={user._id} />
        </Suspense>
      )}
    </div>
  );
}

function AvailableRooms() {
  const { user } = useAuth();
  const api = useApiClient();
  const search = useDebouncedSearch(NO_FLAT_FILTERS);
  const applied = search.appliedFilters;
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => fetchFlatPage(api, applied, page, signal),
    [api, applied],
  );
  const list = useLoadMoreList({
    queryKey: housingQueryKeys.list(applied, user?._id ?? 'guest'),
    fetchPage,
    getItemKey: flatKey,
    // A search typed over the cards keeps them until its results arrive (keyed by id, a card still
    // in the results stays mounted): a Report or Delete dialog opened meanwhile is not swapped away.
    keepPreviousWhileLoading: true,
  });
  const [showFilters, setShowFilters] = useState(false);
  const remove = useDeleteFlat();
  const set = search.setFilter;
  /** One of the list's select filters: labelled, and bound to its key in the URL's filters. */
  const selectFilter = <K extends 'genderPreference' | 'food' | 'smoking' | 'sleep' | 'sort'>(
    label: string,
    key: K,
    options: readonly SelectOption[],
  ) => (
    <label className={styles.filter}>
      <span className={styles.filterLabel}>{label}</span>
      <Select
        options={options}
        value={search.filters[key]}
        onChange={(e) => set(key, e.target.value as FlatFilters[K])}
      />
    </label>
  );
  const active = Object.entries(search.filters).filter(
    ([key, value]) => key !== 'sort' && key !== 'q' && value !== '',
  ).length;

  return (
    <section aria-labelledby="available-rooms-title" className={styles.section}>
      <h2 id="available-rooms-title" className={styles.visuallyHidden}>
        Available Rooms
      </h2>
      <div className={styles.searchRow}>
        <div className={styles.search}>
          <SearchBar
            label="Search rooms"
            placeholder="Search by name, area or description..."
            value={search.filters.q}
            onValueChange={(q) => set('q', q)}
          />
        </div>
        <Button
          variant="secondary"
          className={styles.filterToggle}
          aria-expanded={showFilters}
          aria-controls="flat-filters"
          onClick={() => setShowFilters((shown) => !shown)}
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </Button>
      </div>
      <div id="flat-filters" className={styles.filters} data-open={showFilters || undefined}>
        <label className={styles.filter}>
          <span className={styles.filterLabel}>Min rent (₹)</span>
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            value={search.filters.minRent}
            onChange={(e) => set('minRent', digitsOnly(e.target.value))}
          />
        </label>
        <label className={styles.filter}>
          <span className={styles.filterLabel}>Max rent (₹)</span>
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="Any"
            value={search.filters.maxRent}
            onChange={(e) => set('maxRent', digitsOnly(e.target.value))}
          />
        </label>
        {selectFilter('Gender preference', 'genderPreference', GENDER_OPTIONS)}
        <label className={styles.filter}>
          <span className={styles.filterLabel}>Move in from</span>
          <Input
            type="date"
            value={search.filters.moveInFrom}
            onChange={(e) => set('moveInFrom', e.target.value)}
          />
        </label>
        {selectFilter('Food', 'food', FOOD_FILTER)}
        {selectFilter('Smoking', 'smoking', SMOKING_FILTER)}
        {selectFilter('Sleep', 'sleep', SLEEP_FILTER)}
        {selectFilter('Sort', 'sort', SORT_OPTIONS)}
        {(active > 0 || search.filters.q !== '') && (
          <Button variant="ghost" className={styles.clear} onClick={() => search.setFilters(NO_FLAT_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
      <FlatList
        list={list}
        empty={FLAT_MESSAGES.empty}
        viewerId={user?._id}
        onDelete={(flat) => remove.mutateAsync(flat)}
      />
    </section>
  );
}

function MyRoomRequests({ userId }: { userId: string }) {
  const api = useApiClient();
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => fetchMyFlatPage(api, userId, page, signal),
    [api, userId],
  );
  const list = useLoadMoreList({ queryKey: housingQueryKeys.mine(userId), fetchPage, getItemKey: flatKey });
  const remove = useDeleteFlat();
  const manage = useManageFlat();

  return (
    <section aria-labelledby="my-flat-requests-title" className={styles.section}>
      <h2 id="my-flat-requests-title" className={styles.sectionTitle}>
        My Flat Requests
      </h2>
      <FlatList
        list={list}
        empty={FLAT_MESSAGES.empty}
        viewerId={userId}
        onDelete={(flat) => remove.mutateAsync(flat)}
        onManage={(flat, action) => manage.mutate({ flat, do: action })}
        managingId={manage.isPending ? manage.variables?.flat._id : undefined}
        emptyAction={
          <ButtonLink href={CREATE_FLAT_PATH} variant="primary">
            Find a Roommate
          </ButtonLink>
        }
      />
    </section>
  );
}

function LoginToSee({ view }: { view: 'mine' | 'asked' }) {
  return (
    <EmptyState
      title={
        view === 'mine'
          ? 'Please log in to see your flat requests.'
          : 'Please log in to see the rooms you asked about.'
      }
      action={<LoginButtonLink />}
    />
  );
}

interface FlatListProps {
  list: LoadMoreList<FlatRequest>;
  empty: string;
  /** The signed-in viewer: their own cards get Edit and Delete, the others Report. */
  viewerId: string | undefined;
  onDelete: (flat: FlatRequest) => Promise<unknown>;
  /** My Room Requests: each card's state and its Mark as filled / Renew. */
  onManage?: (flat: FlatRequest, action: 'fill' | 'reopen' | 'renew') => void;
  managingId?: string;
  emptyAction?: ReactNode;
}

/** A list's four states: loading, error ('Error: {message}', spec §8), empty, the cards with Load More. */
function FlatList({ list, empty, viewerId, onDelete, onManage, managingId, emptyAction }: FlatListProps) {
  useFlatAnchor(list.items);
  return (
    <LoadMoreResults
      list={list}
      loadingLabel="Loading flat requests..."
      skeletonCards={4}
      minColumnWidth="18rem"
      errorMessage={(message) => `Error: ${message}`}
      empty={<EmptyState title={empty} action={emptyAction} />}
      itemKey={flatKey}
      renderItem={(flat) => (
        <FlatCard
          key={flat._id}
          flat={flat}
          own={flat.userId === viewerId}
          onDelete={onDelete}
          onManage={flat.userId === viewerId ? onManage : undefined}
          managing={managingId === flat._id}
        />
      )}
    />
  );
}
