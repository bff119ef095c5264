import '@campus/ui/tokens.css';
import './global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '@campus/web-kit/auth-context';
import { queryClient } from '@campus/web-kit/query-client';
import { ToastProvider } from '@campus/ui/toast';
import { prefetchRemoteForPath } from './remotes/remote-registry';
import { RootErrorBoundary } from './layout/route-error';
import { isShellPath } from '@campus/web-kit/shell-paths';
import { ShellRoutes } from './router';
import { verifyStoredSession } from './session-check';

// A development build checks every API answer against its contract, so a drifting service shows in
// the developer's console; production builds drop this branch and never load the schemas.
if (process.env.NODE_ENV !== 'production')
  void Promise.all([
    import('@campus/contracts/generated/api-answer-schemas'),
    import('@campus/web-kit/api-client'),
  ]).then(([{ apiAnswerSchemas }, { installApiAnswerChecks }]) => installApiAnswerChecks(apiAnswerSchemas));

verifyStoredSession();
if (!isShellPath(window.location.pathname)) void prefetchRemoteForPath(queryClient, window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition: React renders the first page in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task that keeps a phone from answering a tap.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ToastProvider>
            <BrowserRouter>
              <RootErrorBoundary>
                <ShellRoutes />
              </RootErrorBoundary>
            </BrowserRouter>
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
