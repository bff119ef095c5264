import './text-encoding-polyfill';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppLinkProvider, type AppLinkComponentProps } from '@campus/ui/app-link';
import { ToastProvider } from '@campus/ui/toast';
import { scriptedFetch, type ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import { authStore, type SessionUser } from '@campus/web-kit/auth-store';

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
  const scripted = scriptedFetch(replies);
  globalThis.fetch = scripted.fetch;
  const { requests } = scripted;
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
