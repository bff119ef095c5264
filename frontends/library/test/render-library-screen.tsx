import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ToastProvider } from '@campus/ui/toast';
import { authStore, type SessionUser } from '@campus/web-kit/auth-store';

export interface ScriptedReply {
  status: number;
  body?: unknown;
  /** Answers only requests whose URL contains this. */
  match?: string;
}

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
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({
      method: init?.method ?? 'GET',
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const index = replies.findIndex((r) => r.match === undefined || url.includes(r.match));
    const reply = index >= 0 ? replies.splice(index, 1)[0] : undefined;
    if (!reply) throw new TypeError('Failed to fetch');
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{screen}</ToastProvider>
    </QueryClientProvider>,
  );
  return { requests };
}
