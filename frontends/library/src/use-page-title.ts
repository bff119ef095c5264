import { useEffect } from 'react';

/** Names the browser tab (and what screen readers announce on navigation) after the screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Campus Connect` : 'Campus Connect';
  }, [title]);
}
