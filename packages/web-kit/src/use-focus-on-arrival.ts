import { useEffect, useRef } from 'react';

/**
 * Brings the part of a page a user just chose into view and gives it focus: e.g. the profile's
 * panel when a side-menu item is tapped. On a phone the menu sits above the panel, so without this
 * the chosen form starts below the fold and the tap looks dead.
 *
 * Give the returned ref to the region (with `tabIndex={-1}` and an accessible name). Whenever `key`
 * changes, and on mount when `key` is set, the region takes focus, and is scrolled to the top of the
 * screen when its top is not in the upper part of the viewport. A `key` of undefined does nothing
 * (e.g. the overview, where the page heading keeps focus).
 *
 * It runs after layout effects, so after the router's scroll-to-top on navigation.
 */
export function useFocusOnArrival<T extends HTMLElement>(key: string | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (key === undefined || !element) return;
    element.focus({ preventScroll: true });
    const top = element.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 3) {
      // At once, not smoothly: the focused region must be on screen when the tap's answer is read.
      element.scrollIntoView?.({ block: 'start' });
    }
  }, [key]);
  return ref;
}
