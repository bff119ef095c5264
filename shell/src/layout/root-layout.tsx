import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
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

export function RootLayout() {
  return (
    <AppLinkProvider component={RouterLink}>
      <Outlet />
      <ScrollRestoration />
      <FocusOnRouteChange />
    </AppLinkProvider>
  );
}
