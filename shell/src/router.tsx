import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { AuthLayout } from './layout/auth-layout';
import { LandingPage } from './pages/landing-page';
import { RemoteRoutes } from './remotes/remote-routes';
import { RootLayout } from './layout/root-layout';
import { RootError, RouteError } from './layout/route-error';

// The landing page is the first paint for most visitors; the other screens load on demand.
const RegisterPage = lazy(() => import('./pages/register-page'));
const LoginPage = lazy(() => import('./pages/login-page'));
const FeaturePage = lazy(() => import('./pages/feature-page'));
const LogoutPage = lazy(() => import('./pages/logout-page'));

const SHELL_PATHS = new Set(['/', '/register', '/login', '/feature', '/logout']);

/** The screens the shell renders itself; every other path is a remote's (or the 404 page). */
export function isShellPath(pathname: string): boolean {
  return SHELL_PATHS.has(pathname);
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        element: <AuthLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: '/register', element: <RegisterPage /> },
              { path: '/login', element: <LoginPage /> },
            ],
          },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          {
            // Errors render inside the layout, so the nav bar stays usable.
            errorElement: <RouteError />,
            children: [
              { path: '/feature', element: <FeaturePage /> },
              { path: '/logout', element: <LogoutPage /> },
              // Every other path belongs to a remote (per /remotes.json) or is the 404 page.
              { path: '*', element: <RemoteRoutes /> },
            ],
          },
        ],
      },
    ],
  },
]);
