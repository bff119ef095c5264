import './text-encoding-polyfill';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppLinkProvider, type AppLinkComponentProps } from '@campus/ui/app-link';
import { ToastProvider } from '@campus/ui/toast';
import { authStore, type SessionUser } from '@campus/web-kit/auth-store';

export interface ScriptedReply {
  status: number;
  body?: unknown;
  /** The reply waits for this, to observe the screen while a request is in flight. */
  hold?: Promise<void>;
  /** Answers only this URL (requests fired in one render may go out in any order). */
  url?: string;
}

function RouterLink({ href, ...rest }: AppLinkComponentProps) {
  return <Link to={href} {...rest} />;
}

/**
 * Renders a profile screen at `path` as `user` would see it inside the shell: the page's own API
 * client over a scripted fetch (one reply per request, in order, or the first naming its URL), the shared auth store, a router.
 */
export function renderProfileScreen(
  path: string,
  routePath: string,
  screen: ReactElement,
  user: SessionUser | null,
  replies: ScriptedReply[] = [],
) {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const index = replies.findIndex(
      (candidate) => candidate.url === undefined || candidate.url === String(input),
    );
    const reply = index >= 0 ? replies.splice(index, 1)[0] : undefined;
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
  }) as typeof fetch;
  authStore.dispatch(user ? { type: 'LOGIN_SUCCESS', payload: user } : { type: 'LOGOUT' });

  const location = { pathname: path };
  function LocationProbe() {
    const { pathname } = useLocation();
    useEffect(() => {
      location.pathname = pathname;
    }, [pathname]);
    return null;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppLinkProvider component={RouterLink}>
            <LocationProbe />
            <Routes>
              <Route path={routePath} element={screen} />
              <Route path="*" element={<p>at another page</p>} />
            </Routes>
          </AppLinkProvider>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { requests, location, queryClient };
}

export const emptyProfile = (user: SessionUser) => ({
  success: true,
  message: 'Profile fetched successfully',
  data: {
    userId: user._id,
    name: user.name,
    isTeacher: user.isTeacher,
    completed: false,
    department: null,
    subjects: [],
    graduationYear: null,
    branch: null,
    enrollmentNumber: null,
    updatedAt: null,
  },
});
