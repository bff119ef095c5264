import { useEffect } from 'react';

/**
 * Names the browser tab (and what screen readers announce on navigation) after the screen:
 * "<title> | Campus Connect", or "Campus Connect" alone for an empty title (the landing page).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Campus Connect` : 'Campus Connect';
  }, [title]);
}
