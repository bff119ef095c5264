import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ToastProvider } from '@campus/ui/toast';
import { scriptedFetch, type ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import { authStore, type SessionUser } from '@campus/web-kit/auth-store';

export const student: SessionUser = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: false,
};

/** Renders a library screen as `user` sees it, over a scripted fetch; returns what was requested. */
export function renderLibraryScreen(
  screen: ReactElement,
  user: SessionUser | null,
  replies: ScriptedReply[] = [],
) {
  const scripted = scriptedFetch(replies);
  globalThis.fetch = scripted.fetch;
  const { requests } = scripted;
  authStore.dispatch(user ? { type: 'LOGIN_SUCCESS', payload: user } : { type: 'LOGOUT' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{screen}</ToastProvider>
    </QueryClientProvider>,
  );
  return { requests };
}
