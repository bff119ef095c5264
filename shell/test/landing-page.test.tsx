import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import { LandingPage } from '../src/pages/landing-page';

describe('the landing page', () => {
  beforeEach(() => localStorage.clear());

  it('when a guest opens it, then Login, Register and "Join your campus" are offered', () => {
    renderRemoteScreen(<LandingPage />, { user: null, path: '/' });

    const topBar = screen.getByRole('navigation', { name: 'Main' });
    expect(topBar).toContainElement(screen.getByRole('link', { name: 'Home' }));
    expect(topBar).toContainElement(screen.getByRole('link', { name: 'Login' }));
    expect(topBar).toContainElement(screen.getByRole('link', { name: 'Register' }));
    expect(screen.getByRole('link', { name: 'Join your campus' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Browse as a guest' })).toHaveAttribute('href', '/feature');
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
  });

  it('when a signed-in user opens it, then their way in is offered instead of Login and Register', async () => {
    const { location } = renderRemoteScreen(<LandingPage />, {
      user: { _id: 'u1', name: 'Asha Verma', isTeacher: false },
      path: '/',
    });

    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join your campus' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Asha Verma' })).toHaveAttribute('href', '/profile');

    await userEvent.click(screen.getByRole('link', { name: 'Go to your dashboard' }));

    expect(location.pathname).toBe('/feature');
  });
});
