import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { LoadFailure } from './load-failure';
import { NotFoundPage } from '../pages/not-found-page';

/** Last-resort boundary for the shell's own routes (a lazy screen whose chunk failed, a bug). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <main id="main">
      <LoadFailure subject="This page" onRetry={() => window.location.reload()} />
    </main>
  );
}
