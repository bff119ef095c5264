import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { LoadFailure } from '../layout/load-failure';
import { PageFallback } from '../layout/page-fallback';
import { NotFoundPage } from '../pages/not-found-page';
import { remoteForPath, remoteRoutesQuery, remotesConfigQuery, type RemoteEntry } from './remote-registry';
import { RemoteErrorBoundary } from './remote-error-boundary';

const remoteTitles: Record<string, string> = {
  library: 'The library',
  community: 'The community hub',
  careers: 'Careers',
  housing: 'The room finder',
  events: 'Campus events',
  profile: 'Your profile',
};

function RemoteOutlet({ name, entry }: { name: string; entry: RemoteEntry }) {
  const { pathname } = useLocation();
  const subject = remoteTitles[name] ?? `The ${name} section`;
  const remote = useQuery(remoteRoutesQuery(name, entry));

  if (remote.isPending || (remote.isError && remote.isFetching)) return <PageFallback />;
  if (remote.isError) return <LoadFailure subject={subject} onRetry={() => void remote.refetch()} />;
  const Routes = remote.data;
  return (
    <RemoteErrorBoundary subject={subject} resetKey={pathname} onRetry={() => void remote.refetch()}>
      <Routes notFound={<NotFoundPage />} />
    </RemoteErrorBoundary>
  );
}

/** Every path the shell does not own: the remote that serves it per /remotes.json, or the 404 page. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const config = useQuery(remotesConfigQuery);

  if (config.isPending || (config.isError && config.isFetching)) return <PageFallback />;
  if (config.isError) return <LoadFailure subject="This section" onRetry={() => void config.refetch()} />;
  const name = remoteForPath(config.data, pathname);
  const entry = name ? config.data[name] : undefined;
  if (!name || !entry) return <NotFoundPage />;
  return <RemoteOutlet key={name} name={name} entry={entry} />;
}
