import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { AppLinkProvider } from '@campus/ui/app-link';
import { focusMainHeading } from '@campus/web-kit/focus-main-heading';
import { RouterLink } from './router-link';

/** After every route change (not the first paint), focus goes to the new page's main heading. */
function FocusOnRouteChange() {
  const { pathname } = useLocation();
  const firstPath = useRef<string | null>(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = null;
    return focusMainHeading(document.querySelector<HTMLElement>('main') ?? document.body);
  }, [pathname]);
  return null;
}

/**
 * A new page starts at its top; back and forward (POP) leave the scroll position to the browser,
 * which restores it. The first paint keeps whatever the browser chose (a reload keeps its place).
 */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const firstPath = useRef<string | null>(pathname);
  useLayoutEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = null;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

export function RootLayout() {
  return (
    <AppLinkProvider component={RouterLink}>
      <Outlet />
      <ScrollToTopOnNavigate />
      <FocusOnRouteChange />
    </AppLinkProvider>
  );
}
