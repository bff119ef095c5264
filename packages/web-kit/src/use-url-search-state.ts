import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_PAUSE_MS, useDebouncedSearch, type DebouncedSearch } from './use-debounced-search';

/** Search filters that live in the URL: each is a text value, '' meaning "not filtered". */
export type UrlFilters = Record<string, string>;

export interface UrlSearchState<F extends UrlFilters> extends DebouncedSearch<F> {
  /** True when any applied filter differs from its default: an empty result can offer "Clear filters". */
  filtered: boolean;
  /** Back to the defaults at once (and in the URL). */
  clear(): void;
}

export interface UrlSearchStateOptions<F extends UrlFilters> {
  /**
   * Turns what a URL says into valid filters (an unknown subject, a sort that does not exist, a query
   * too long): return the default for anything not allowed. URLs are typed and shared by hand.
   */
  sanitize?: (filters: F) => F;
  pauseMs?: number;
}

function readFilters<F extends UrlFilters>(params: URLSearchParams, defaults: F): F {
  const read = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof F & string>) {
    const value = params.get(key);
    if (value !== null) read[key] = value as F[typeof key];
  }
  return read;
}

const keepAsIs = <F>(filters: F): F => filters;

const keyOf = (filters: UrlFilters) => JSON.stringify(Object.entries(filters).sort());

/**
 * A list's search state (query, filters, sort) kept in the URL's query string, so a refresh, Back
 * and a shared link show the same search. Inputs change at once; the list and the URL follow after
 * the search pause (as useDebouncedSearch). The URL entry is replaced, not pushed, so typing does
 * not fill the history: Back leaves the page, and coming back to it restores the search.
 *
 * Only the keys of `defaults` are read and written; a value equal to its default is left out of
 * the URL (`/library`, not `/library?q=&subject=&sort=`), and other parameters are kept. A URL
 * changed from outside (a link to `/library?subject=...`, Back/Forward) applies at once.
 *
 * Pass `defaults` and `sanitize` as module constants (they are compared by identity).
 */
export function useUrlSearchState<F extends UrlFilters>(
  defaults: F,
  { sanitize = keepAsIs, pauseMs = SEARCH_PAUSE_MS }: UrlSearchStateOptions<F> = {},
): UrlSearchState<F> {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => sanitize(readFilters(params, defaults)), [params, defaults, sanitize]);
  const search = useDebouncedSearch(fromUrl, pauseMs);
  const { appliedFilters, applyNow } = search;
  // The filters the URL holds now, as last written or read: tells our own writes from outside changes.
  const inUrl = useRef(keyOf(fromUrl));

  useEffect(() => {
    const applied = keyOf(appliedFilters);
    if (applied === inUrl.current) return;
    inUrl.current = applied;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(appliedFilters)) {
          if (value === defaults[key]) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }, [appliedFilters, setParams, defaults]);

  useEffect(() => {
    const url = keyOf(fromUrl);
    if (url === inUrl.current) return;
    inUrl.current = url;
    applyNow(fromUrl);
  }, [fromUrl, applyNow]);

  const clear = useCallback(() => applyNow(defaults), [applyNow, defaults]);
  return { ...search, filtered: keyOf(appliedFilters) !== keyOf(defaults), clear };
}
