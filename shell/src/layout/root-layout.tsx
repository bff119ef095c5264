import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AppLinkProvider } from '@campus/ui/app-link';
import { RouterLink } from './router-link';

export function RootLayout() {
  return (
    <AppLinkProvider component={RouterLink}>
      <Outlet />
      <ScrollRestoration />
    </AppLinkProvider>
  );
}
