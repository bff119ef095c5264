import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RenderFailureBoundary } from '@campus/web-kit/render-failure-boundary';
import { LoadFailure } from './load-failure';

/** A shell screen that failed (its code did not load, or a bug), shown inside the layout. */
export function RouteError() {
  return <LoadFailure subject="This page" onRetry={() => window.location.reload()} />;
}

/**
 * A layout route that shows RouteError in place of its child screen when that screen throws, so
 * the layout around it (the nav bar) stays usable. Any navigation (a new path, a new search, the
 * same link again: a new location key) tries the screen again, as the data router's errorElement
 * did; a navigation that works never remounts the screen.
 */
export function RouteErrorBoundary() {
  const { key } = useLocation();
  return (
    <RenderFailureBoundary label="This page" resetKey={key} fallback={() => <RouteError />}>
      <Outlet />
    </RenderFailureBoundary>
  );
}

/** Last resort, when even a layout failed: the same message on a bare page. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <RenderFailureBoundary
      label="The page"
      resetKey=""
      fallback={() => (
        <main id="main">
          <RouteError />
        </main>
      )}
    >
      {children}
    </RenderFailureBoundary>
  );
}
