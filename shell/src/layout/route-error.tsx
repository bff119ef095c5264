import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { LoadFailure } from './load-failure';
import { NotFoundPage } from '../pages/not-found-page';

/** A shell screen that failed (its code did not load, or a bug), shown inside the layout. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <LoadFailure subject="This page" onRetry={() => window.location.reload()} />;
}

/** Last resort, when even a layout failed: the same message on a bare page. */
export function RootError() {
  return (
    <main id="main">
      <RouteError />
    </main>
  );
}
