import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { AppLinkProvider } from '@campus/ui/app-link';
import { focusMainHeading } from '@campus/web-kit/focus-main-heading';
import { RouterLink } from './router-link';

/**
 * After every route change (not the first paint): a new page starts at its top (back and forward,
 * POP, leave the scroll position to the browser, which restores it), and focus goes to the new
 * page's main heading.
 */
function OnRouteChange() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const firstPath = useRef<string | null>(pathname);
  useLayoutEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = null;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  // Runs after the layout effect above, which has cleared firstPath on the first change.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    return focusMainHeading(document.querySelector<HTMLElement>('main') ?? document.body);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <AppLinkProvider component={RouterLink}>
      <Outlet />
      <OnRouteChange />
    </AppLinkProvider>
  );
}
