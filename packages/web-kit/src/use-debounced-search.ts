import { useCallback, useEffect, useState } from 'react';

/** The spec's search pause: lists reload this long after the last change of query or filter. */
export const SEARCH_PAUSE_MS = 500;

export interface DebouncedSearch<F> {
  /** What the inputs show, updated on every keystroke. */
  filters: F;
  /** What the list is loaded with: `filters` once they have been still for the pause. */
  appliedFilters: F;
  /** True while a change waits for the pause to pass. */
  pending: boolean;
  setFilter<K extends keyof F>(key: K, value: F[K]): void;
  setFilters(next: F): void;
  /** Shows and applies `next` at once, without the pause (a link followed, Back, "Clear filters"). */
  applyNow(next: F): void;
}

function sameFilters<F>(a: F, b: F): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Search inputs that apply after a pause. Use `appliedFilters` in the list's query key: each new
 * value starts a fresh search at page 1 with an empty list (see useLoadMoreList).
 */
export function useDebouncedSearch<F extends object>(
  initialFilters: F,
  pauseMs = SEARCH_PAUSE_MS,
): DebouncedSearch<F> {
  const [filters, setFilters] = useState(initialFilters);
  const [appliedFilters, setAppliedFilters] = useState(initialFilters);

  useEffect(() => {
    if (sameFilters(filters, appliedFilters)) return;
    const timer = setTimeout(() => setAppliedFilters(filters), pauseMs);
    return () => clearTimeout(timer);
  }, [filters, appliedFilters, pauseMs]);

  const setFilter = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
  }, []);

  const applyNow = useCallback((next: F) => {
    setFilters(next);
    setAppliedFilters(next);
  }, []);

  return {
    filters,
    appliedFilters,
    pending: !sameFilters(filters, appliedFilters),
    setFilter,
    setFilters,
    applyNow,
  };
}
