import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import LogoutPage from '../src/pages/logout-page';

describe('the logout screen', () => {
  beforeEach(() => localStorage.clear());

  it('when a signed-in user logs out, then the session ends on the server and the landing page opens', async () => {
    const { location, requests, authStore } = renderRemoteScreen(<LogoutPage />, {
      user: { _id: 'u1', name: 'Asha Verma', isTeacher: false },
      path: '/logout',
      replies: [{ status: 204, url: '/api/auth/logout' }],
    });
    expect(screen.getByRole('heading', { name: 'Access More Features or Leave Early?' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(requests.map(({ method, url }) => `${method} ${url}`)).toEqual(['POST /api/auth/logout']);
    expect(authStore.getState().user).toBeNull();
  });

  it('when a guest opens it, then Login is offered instead of Logout', async () => {
    const { location } = renderRemoteScreen(<LogoutPage />, { user: null, path: '/logout' });

    expect(screen.getByRole('heading', { name: 'Access More Features or Leave Early?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Login' }));

    expect(location.pathname).toBe('/login');
  });
});
