import { act, renderHook } from '@testing-library/react';
import { SEARCH_PAUSE_MS, useDebouncedSearch } from '../src/use-debounced-search';

describe('useDebouncedSearch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('applies a change only after a 500 ms pause', () => {
    const { result } = renderHook(() => useDebouncedSearch({ q: '', subject: '' }));
    expect(SEARCH_PAUSE_MS).toBe(500);

    act(() => result.current.setFilter('q', 'graph'));
    expect(result.current.filters.q).toBe('graph');
    expect(result.current.appliedFilters.q).toBe('');
    expect(result.current.pending).toBe(true);

    act(() => jest.advanceTimersByTime(499));
    expect(result.current.appliedFilters.q).toBe('');

    act(() => jest.advanceTimersByTime(1));
    expect(result.current.appliedFilters).toEqual({ q: 'graph', subject: '' });
    expect(result.current.pending).toBe(false);
  });

  it('restarts the pause on every keystroke, so only the last value is searched', () => {
    const { result } = renderHook(() => useDebouncedSearch({ q: '' }));

    act(() => result.current.setFilter('q', 'g'));
    act(() => jest.advanceTimersByTime(300));
    act(() => result.current.setFilter('q', 'gr'));
    act(() => jest.advanceTimersByTime(300));
    expect(result.current.appliedFilters.q).toBe('');

    act(() => jest.advanceTimersByTime(200));
    expect(result.current.appliedFilters.q).toBe('gr');
  });

  it('treats a filter change like a query change', () => {
    const { result } = renderHook(() => useDebouncedSearch({ q: 'trees', sort: '' }));

    act(() => result.current.setFilters({ q: 'trees', sort: 'likes_desc' }));
    act(() => jest.advanceTimersByTime(SEARCH_PAUSE_MS));

    expect(result.current.appliedFilters).toEqual({ q: 'trees', sort: 'likes_desc' });
  });
});
