import './text-encoding-polyfill';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppLinkProvider } from '@campus/ui/app-link';
import { ToastProvider } from '@campus/ui/toast';
import { AuthProvider } from '@campus/web-kit/auth-context';
import { createApiClient } from '@campus/web-kit/api-client';
import { createAuthStore } from '@campus/web-kit/auth-store';
import { scriptedFetch, type ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import { RouterLink } from '../src/layout/router-link';

/** Renders one screen at `path` with the shell's providers and a scripted API; other paths show their name. */
export function renderScreen(path: string, screen: ReactElement, replies: ScriptedReply[] = []) {
  const { fetch, requests } = scriptedFetch(replies);
  const store = createAuthStore(localStorage);
  const api = createApiClient({ fetch, onSignedOut: () => store.dispatch({ type: 'LOGOUT' }) });
  const location = { pathname: path };
  function LocationProbe() {
    location.pathname = useLocation().pathname;
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider store={store} api={api}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <AppLinkProvider component={RouterLink}>
              <LocationProbe />
              <Routes>
                <Route path={path} element={screen} />
                <Route path="*" element={<p>at another page</p>} />
              </Routes>
            </AppLinkProvider>
          </MemoryRouter>
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { requests, location, store };
}
