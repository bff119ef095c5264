import '@testing-library/jest-dom';
import { identityApi } from '@campus/contracts/generated/identity-api';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '../src/api-client';
import { AuthProvider, useAuth } from '../src/auth-context';
import { createAuthStore, USER_STORAGE_KEY } from '../src/auth-store';
import { draftKey } from '../src/draft-storage';
import { scriptedFetch, type ScriptedReply } from '../src/testing/scripted-fetch';

function AuthProbe() {
  const { user, loading, error, isTeacher, login, logout } = useAuth();
  return (
    <div>
      <p>user: {user ? user.name : 'none'}</p>
      <p>teacher: {String(isTeacher)}</p>
      <p>loading: {String(loading)}</p>
      <p>error: {error ? String(error) : 'none'}</p>
      <button
        onClick={() => login({ email: 'asha@campus.test', password: 'secret-pass' }).catch(() => undefined)}
      >
        log in
      </button>
      <button onClick={() => void logout().catch(() => undefined)}>log out</button>
    </div>
  );
}

function renderWith(replies: Array<ScriptedReply | Error>) {
  const { fetch, requests: calls } = scriptedFetch(replies);
  const store = createAuthStore(localStorage);
  const api = createApiClient({ fetch, onSignedOut: () => store.dispatch({ type: 'LOGOUT' }) });
  render(
    <AuthProvider store={store} api={api}>
      <AuthProbe />
    </AuthProvider>,
  );
  return { calls, store };
}

describe('useAuth', () => {
  beforeEach(() => localStorage.clear());

  it('when a teacher logs in, then the user and role show and the login answer is stored', async () => {
    const teacher = {
      _id: 't1',
      name: 'Dr Rao',
      email: 't@campus.test',
      isTeacher: true,
      isFirstTime: false,
    };
    renderWith([{ status: 200, body: teacher }]);

    await userEvent.click(screen.getByRole('button', { name: 'log in' }));

    expect(await screen.findByText('user: Dr Rao')).toBeInTheDocument();
    expect(screen.getByText('teacher: true')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(teacher);
  });

  it('when the password is wrong, then there is no user and the server message is the error', async () => {
    renderWith([
      { status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'Wrong Credentials' } },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'log in' }));

    expect(await screen.findByText('error: Wrong Credentials')).toBeInTheDocument();
    expect(screen.getByText('user: none')).toBeInTheDocument();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it("when the request fails without an answer, then the error is 'Something went wrong'", async () => {
    renderWith([new TypeError('Failed to fetch')]);

    await userEvent.click(screen.getByRole('button', { name: 'log in' }));

    expect(await screen.findByText('error: Something went wrong')).toBeInTheDocument();
  });

  it('when the user logs out, then the server session is ended and the stored user removed', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ _id: 'u1', name: 'Asha', isTeacher: false }));
    const { calls } = renderWith([{ status: 200, body: { success: true } }]);
    expect(screen.getByText('user: Asha')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'log out' }));

    expect(await screen.findByText('user: none')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/auth/logout']);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it("when the user logs out, then their drafts on this device are forgotten and other users' drafts are kept", async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ _id: 'u1', name: 'Asha', isTeacher: false }));
    localStorage.setItem(draftKey('community/post', 'u1'), '{"title":"An anonymous worry"}');
    localStorage.setItem(draftKey('careers/interview', 'u1'), '{"companyName":"Zephyr"}');
    localStorage.setItem(draftKey('community/post', 'u2'), '{"title":"Ravi on the same laptop"}');
    renderWith([{ status: 200, body: { success: true } }]);

    await userEvent.click(screen.getByRole('button', { name: 'log out' }));

    expect(await screen.findByText('user: none')).toBeInTheDocument();
    expect(localStorage.getItem(draftKey('community/post', 'u1'))).toBeNull();
    expect(localStorage.getItem(draftKey('careers/interview', 'u1'))).toBeNull();
    expect(localStorage.getItem(draftKey('community/post', 'u2'))).not.toBeNull();
  });

  it('when the session cannot be refreshed, then the drafts stay for when the user signs in again', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ _id: 'u1', name: 'Asha', isTeacher: false }));
    localStorage.setItem(draftKey('community/post', 'u1'), '{"title":"Half written"}');
    const { store } = renderWith([]);

    act(() => store.dispatch({ type: 'LOGOUT' }));

    expect(await screen.findByText('user: none')).toBeInTheDocument();
    expect(localStorage.getItem(draftKey('community/post', 'u1'))).not.toBeNull();
  });

  it('when the logout call fails, then the user is still signed out locally', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ _id: 'u1', name: 'Asha', isTeacher: false }));
    renderWith([new TypeError('Failed to fetch')]);

    await userEvent.click(screen.getByRole('button', { name: 'log out' }));

    expect(await screen.findByText('user: none')).toBeInTheDocument();
  });

  it('when the session cannot be refreshed, then every screen sees the user signed out', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ _id: 'u1', name: 'Asha', isTeacher: false }));
    const { fetch } = scriptedFetch([
      { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'expired' } },
      { status: 401, body: { code: 'UNAUTHENTICATED', message: 'no session' } },
    ]);
    const store = createAuthStore(localStorage);
    const api = createApiClient({ fetch, onSignedOut: () => store.dispatch({ type: 'LOGOUT' }) });
    render(
      <AuthProvider store={store} api={api}>
        <AuthProbe />
      </AuthProvider>,
    );

    await act(() => api.call(identityApi.getSession).catch(() => undefined));

    expect(screen.getByText('user: none')).toBeInTheDocument();
  });
});
