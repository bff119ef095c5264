import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, Link } from 'react-router-dom';
import { AppLinkProvider, type AppLinkComponentProps } from '@campus/ui/app-link';
import { Container } from '@campus/ui/container';
import { ToastProvider } from '@campus/ui/toast';
import { AuthProvider } from '@campus/web-kit/auth-context';
import { queryClient } from '@campus/web-kit/query-client';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';

function RouterLink({ href, ...rest }: AppLinkComponentProps) {
  return <Link to={href} {...rest} />;
}

/**
 * Mounts one remote on its own page (its build's index.html, e.g. /remotes/library/#/library),
 * with the same providers the shell gives it, for working on a domain without the shell.
 */
export function mountStandaloneRemote(Routes: ComponentType<RemoteRoutesProps>): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ToastProvider>
            <HashRouter>
              <AppLinkProvider component={RouterLink}>
                <Container as="main" style={{ paddingBlock: 'var(--space-5)' }}>
                  <Routes notFound={<p>No route here: this page only serves this remote&apos;s routes.</p>} />
                </Container>
              </AppLinkProvider>
            </HashRouter>
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
