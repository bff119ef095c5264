// A .ts file written with createElement, not a .tsx: the package exports `./*` as `./src/*.ts`, and
// an explicit export would make the shell provide this test code as a shared module in production.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createElement, Fragment, useEffect, type ReactElement } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppLinkProvider, type AppLinkComponentProps } from '@campus/ui/app-link';
import { ToastProvider } from '@campus/ui/toast';
import { createApiClient } from '@campus/web-kit/api-client';
import { AuthProvider } from '@campus/web-kit/auth-context';
import { createAuthStore, type AuthStore, type SessionUser } from '@campus/web-kit/auth-store';
import { createQueryClient } from '@campus/web-kit/query-client';
import {
  scriptedFetch,
  type RecordedRequest,
  type ScriptedReply,
} from '@campus/web-kit/testing/scripted-fetch';

export interface RemoteScreenOptions {
  /** Who is signed in; null for a guest. */
  user: SessionUser | null;
  /** The URL the screen opens at; '/' unless given. */
  path?: string;
  /** The route the screen is mounted at (e.g. '/profile/:form'); `path` unless given. */
  route?: string;
  /** The API's answers, typed from the contracts (see api-replies), in the order they are taken. */
  replies?: Array<ScriptedReply | Error>;
}

export interface RemoteScreen {
  /** Every request the screen made, API calls and federation fetches alike. */
  requests: RecordedRequest[];
  /** Where the router is now: other paths render "at another page". */
  location: { pathname: string; search: string };
  queryClient: QueryClient;
  authStore: AuthStore;
}

function RouterLink({ href, ...rest }: AppLinkComponentProps) {
  return createElement(Link, { to: href, ...rest });
}

/**
 * Renders one screen as it runs inside the shell: a router at `path` (with @campus/ui's links going
 * through it), the page's query client defaults (without retries, so failures show at once), the
 * toasts, and an auth state with `user` signed in whose API client answers from `replies`. The
 * global fetch answers from the same script, for what loads without the API client (/remotes.json,
 * remote manifests).
 */
export function renderRemoteScreen(screen: ReactElement, options: RemoteScreenOptions): RemoteScreen {
  const { user, path = '/', route = path, replies = [] } = options;
  const { fetch, requests } = scriptedFetch(replies);
  globalThis.fetch = fetch;

  const authStore = createAuthStore(localStorage);
  authStore.dispatch(user ? { type: 'LOGIN_SUCCESS', payload: user } : { type: 'LOGOUT' });
  const api = createApiClient({ fetch, onSignedOut: () => authStore.dispatch({ type: 'LOGOUT' }) });

  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });

  const location = {
    pathname: path.split('?')[0]!,
    search: path.includes('?') ? `?${path.split('?')[1]}` : '',
  };
  function LocationProbe() {
    const { pathname, search } = useLocation();
    useEffect(() => {
      location.pathname = pathname;
      location.search = search;
    }, [pathname, search]);
    return null;
  }

  // The screen inside the shell's providers, innermost first (see shell/src/bootstrap.tsx).
  const routes = createElement(
    Fragment,
    null,
    createElement(LocationProbe),
    createElement(
      Routes,
      null,
      createElement(Route, { path: route, element: screen }),
      createElement(Route, { path: '*', element: createElement('p', null, 'at another page') }),
    ),
  );
  const router = createElement(
    MemoryRouter,
    { initialEntries: [path] },
    createElement(AppLinkProvider, { component: RouterLink, children: routes }),
  );
  const session = createElement(AuthProvider, {
    store: authStore,
    api,
    children: createElement(ToastProvider, { children: router }),
  });
  render(createElement(QueryClientProvider, { client: queryClient, children: session }));
  return { requests, location, queryClient, authStore };
}
