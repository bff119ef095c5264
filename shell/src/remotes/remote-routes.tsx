import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { FederatedModule } from '@campus/web-kit/federated-module';
import { remotesConfigQuery } from '@campus/web-kit/federated-module-loader';
import { LoadFailure } from '../layout/load-failure';
import { PageFallback } from '../layout/page-fallback';
import { NotFoundPage } from '../pages/not-found-page';
import { REMOTE_ROUTES_MODULE, type RemoteRoutesModule } from '@campus/web-kit/remote-contract';
import { remoteForPath } from '@campus/web-kit/remotes-registry';

const remoteTitles: Record<string, string> = {
  library: 'The library',
  community: 'The community hub',
  careers: 'Careers',
  housing: 'The room finder',
  events: 'Campus events',
  profile: 'Your profile',
};

/** Every path the shell does not own: the remote that serves it per /remotes.json, or the 404 page. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const config = useQuery(remotesConfigQuery);

  if (config.isPending || (config.isError && config.isFetching)) return <PageFallback />;
  if (config.isError) return <LoadFailure subject="This section" onRetry={() => void config.refetch()} />;
  const name = remoteForPath(config.data, pathname);
  if (!name) return <NotFoundPage />;
  const subject = remoteTitles[name] ?? `The ${name} section`;
  return (
    <FederatedModule<RemoteRoutesModule['default']>
      key={name}
      remote={name}
      exposed={REMOTE_ROUTES_MODULE}
      label={subject}
      resetKey={pathname}
      loading={<PageFallback />}
      failed={(_failure, retry) => <LoadFailure subject={subject} onRetry={retry} />}
    >
      {(Routes) => <Routes notFound={<NotFoundPage />} />}
    </FederatedModule>
  );
}
