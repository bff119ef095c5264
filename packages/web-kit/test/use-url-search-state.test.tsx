import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { useUrlSearchState } from '../src/use-url-search-state';

type Filters = { q: string; sort: string };
const DEFAULTS: Filters = { q: '', sort: '' };
const onlyKnownSorts = (filters: Filters): Filters => ({
  ...filters,
  sort: ['asc', 'desc'].includes(filters.sort) ? filters.sort : '',
});

function renderAt(initialUrl: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const location = useLocation();
      return {
        search: useUrlSearchState(DEFAULTS, { sanitize: onlyKnownSorts, pauseMs: 300 }),
        navigate: useNavigate(),
        url: `${location.pathname}${location.search}`,
      };
    },
    { wrapper },
  ).result;
}

describe('useUrlSearchState', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('when the page opens with a search in the URL, then it is the applied search at once', () => {
    const result = renderAt('/books?q=trees&sort=desc&page=keep');
    expect(result.current.search.filters).toEqual({ q: 'trees', sort: 'desc' });
    expect(result.current.search.appliedFilters).toEqual({ q: 'trees', sort: 'desc' });
    expect(result.current.search.filtered).toBe(true);
  });

  it('when the URL holds a value the sanitizer refuses, then the default is used', () => {
    const result = renderAt('/books?sort=sideways');
    expect(result.current.search.appliedFilters).toEqual({ q: '', sort: '' });
    expect(result.current.search.filtered).toBe(false);
  });

  it('when the user types, then the URL follows after the pause (defaults left out, other parameters kept)', () => {
    const result = renderAt('/books?page=keep');
    act(() => result.current.search.setFilter('q', 'graphs'));
    expect(result.current.url).toBe('/books?page=keep');
    act(() => jest.advanceTimersByTime(300));
    expect(result.current.url).toBe('/books?page=keep&q=graphs');
    act(() => result.current.search.setFilter('q', ''));
    act(() => jest.advanceTimersByTime(300));
    expect(result.current.url).toBe('/books?page=keep');
  });

  it('when the URL changes from outside (a link, Back), then the search follows at once', () => {
    const result = renderAt('/books?q=trees');
    act(() => void result.current.navigate('/books?q=heaps&sort=asc'));
    expect(result.current.search.filters).toEqual({ q: 'heaps', sort: 'asc' });
    expect(result.current.search.appliedFilters).toEqual({ q: 'heaps', sort: 'asc' });
  });

  it('when cleared, then the defaults apply at once and the URL loses the search', () => {
    const result = renderAt('/books?q=trees&sort=desc');
    act(() => result.current.search.clear());
    expect(result.current.search.appliedFilters).toEqual(DEFAULTS);
    expect(result.current.url).toBe('/books');
    expect(result.current.search.filtered).toBe(false);
  });
});
