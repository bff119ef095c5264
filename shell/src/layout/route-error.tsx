import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadFailure } from './load-failure';

/** A shell screen that failed (its code did not load, or a bug), shown inside the layout. */
export function RouteError() {
  return <LoadFailure subject="This page" onRetry={() => window.location.reload()} />;
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  /** When it changes while the fallback shows, the children are tried again. */
  resetKey?: unknown;
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
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
    <ErrorBoundary resetKey={key} fallback={<RouteError />}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** Last resort, when even a layout failed: the same message on a bare page. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={
        <main id="main">
          <RouteError />
        </main>
      }
    >
      {children}
    </ErrorBoundary>
  );
}
