import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginResponse, type UserRecord } from '@campus/contracts/identity';
import { contractReply, errorReply, networkFailure } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import LoginPage from '../src/pages/login-page';

const student: UserRecord = { _id: 'u1', name: 'Asha', email: 'asha@campus.test', isTeacher: false };
const openLogin = (replies: Parameters<typeof renderRemoteScreen>[1]['replies'] = []) =>
  renderRemoteScreen(<LoginPage />, { user: null, path: '/login', replies });

async function logIn(password = 'student-demo-pass') {
  await userEvent.type(screen.getByLabelText(/^Email/), 'asha@campus.test');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the login screen', () => {
  beforeEach(() => localStorage.clear());

  it('when a returning user logs in, then the user is stored and the feature grid opens', async () => {
    const { location, requests } = openLogin([
      contractReply(LoginResponse, { ...student, isFirstTime: false }, { url: '/api/auth/login' }),
    ]);

    await logIn();

    await waitFor(() => expect(location.pathname).toBe('/feature'));
    expect(requests[0]).toEqual({
      method: 'POST',
      url: '/api/auth/login',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: { email: 'asha@campus.test', password: 'student-demo-pass' },
    });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({
      name: 'Asha',
      isFirstTime: false,
    });
  });

  it('when a guest came from a post, then logging in returns to that post', async () => {
    const { location } = renderRemoteScreen(<LoginPage />, {
      user: null,
      path: '/login?next=%2Fpost%2F123',
      route: '/login',
      replies: [contractReply(LoginResponse, { ...student, isFirstTime: false }, { url: '/api/auth/login' })],
    });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register?next=%2Fpost%2F123',
    );

    await logIn();

    await waitFor(() => expect(location.pathname).toBe('/post/123'));
  });

  it('when the return path names another site, then logging in opens the feature grid instead', async () => {
    const { location } = renderRemoteScreen(<LoginPage />, {
      user: null,
      path: '/login?next=%2F%2Fevil.test%2Fpost',
      route: '/login',
      replies: [contractReply(LoginResponse, { ...student, isFirstTime: false }, { url: '/api/auth/login' })],
    });

    await logIn();

    await waitFor(() => expect(location.pathname).toBe('/feature'));
  });

  it('when a first-time user logs in, then the profile form opens', async () => {
    const { location } = openLogin([contractReply(LoginResponse, { ...student, isFirstTime: true })]);

    await logIn();

    await waitFor(() => expect(location.pathname).toBe('/commondataform'));
  });

  it("shows a loading label while waiting, then 'Wrong Credentials' when the password is wrong", async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { location } = openLogin([
      errorReply(401, { code: 'INVALID_CREDENTIALS', message: 'Wrong Credentials' }, { hold }),
    ]);

    await logIn('wrong-password');
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Wrong Credentials')).toBeInTheDocument();
    // Focus does not fall to the page with the disabled button: it is back on the password, to retry.
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(location.pathname).toBe('/login');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("when too many attempts were made, then the server's message says when to try again", async () => {
    const tooMany = 'Too many login attempts. Please try again in 5 minutes.';
    openLogin([errorReply(429, { code: 'RATE_LIMITED', message: tooMany })]);

    await logIn();

    expect(await screen.findByText(tooMany)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Wrong Credentials')).not.toBeInTheDocument();
  });

  it.each([
    ['the request gets no answer', networkFailure()],
    ['the server fails without naming an error', { status: 502 }],
    [
      'the gateway answers that the service is down',
      errorReply(503, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'This part of Campus Connect is not available yet.',
      }),
    ],
  ])(
    "when %s, then the screen says the server cannot be reached, not 'Wrong Credentials'",
    async (_case, reply) => {
      const { location } = openLogin([reply]);

      await logIn();

      expect(
        await screen.findByText(
          'Cannot reach Campus Connect right now. Please check your connection and try again.',
        ),
      ).toHaveAttribute('role', 'alert');
      expect(screen.queryByText('Wrong Credentials')).not.toBeInTheDocument();
      expect(location.pathname).toBe('/login');
    },
  );

  it.each([
    ['a returning user', false, '/feature'],
    ['a first-time user', true, '/commondataform'],
  ])('when %s is already signed in, then /login sends them on to %s', async (_who, isFirstTime, target) => {
    const { location, requests } = renderRemoteScreen(<LoginPage />, {
      user: { ...student, isFirstTime },
      path: '/login',
    });

    await waitFor(() => expect(location.pathname).toBe(target));
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('requires both fields before sending', async () => {
    const { requests } = openLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
