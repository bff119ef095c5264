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
import { RouterLink } from '../src/layout/router-link';

export interface ScriptedReply {
  status: number;
  body?: unknown;
  /** The reply waits for this, to observe the screen while a request is in flight. */
  hold?: Promise<void>;
}

/** Renders one screen at `path` with the shell's providers and a scripted API; other paths show their name. */
export function renderScreen(path: string, screen: ReactElement, replies: ScriptedReply[] = []) {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const reply = replies.shift();
    if (!reply) throw new TypeError('Failed to fetch');
    await reply.hold;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return {
      status: reply.status,
      ok: reply.status >= 200 && reply.status < 300,
      statusText: '',
      headers: { get: () => 'application/json' },
      text: async () => text,
    } as unknown as Response;
  };
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
