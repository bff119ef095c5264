import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { AuthLayout } from './layout/auth-layout';
import { LandingPage } from './pages/landing-page';
import { RemoteRoutes } from './remotes/remote-routes';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error';

// The landing page is the first paint for most visitors; the other screens load on demand.
const RegisterPage = lazy(() => import('./pages/register-page'));
const LoginPage = lazy(() => import('./pages/login-page'));
const FeaturePage = lazy(() => import('./pages/feature-page'));
const LogoutPage = lazy(() => import('./pages/logout-page'));
const PrivacyPage = lazy(() => import('./pages/privacy-page'));

/**
 * The shell's routes, declared as elements under the page's <BrowserRouter>. No data router: the
 * shell has no loaders or actions, and react-router's data layer would be ~15 KB brotli more on
 * every screen (ADR 0032). A screen that throws shows RouteError inside its layout.
 */
export function ShellRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<LandingPage />} />
        <Route element={<AuthLayout />}>
          <Route element={<RouteErrorBoundary />}>
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/login" element={<LoginPage />} />
          </Route>
        </Route>
        <Route element={<AppLayout />}>
          {/* Errors render inside the layout, so the nav bar stays usable. */}
          <Route element={<RouteErrorBoundary />}>
            <Route path="/feature" element={<FeaturePage />} />
            <Route path="/logout" element={<LogoutPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            {/* Every other path belongs to a remote (per /remotes.json) or is the 404 page. */}
            <Route path="*" element={<RemoteRoutes />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
