import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { NOTIFICATIONS_READ_RETENTION_DAYS } from '@campus/contracts/notifications-rules';
import { PRIVACY_CONTACT } from '@campus/contracts/privacy';
import { isShellPath } from '@campus/web-kit/shell-paths';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import FeaturePage from '../src/pages/feature-page';
import { LandingPage } from '../src/pages/landing-page';
import PrivacyPage from '../src/pages/privacy-page';
import RegisterPage from '../src/pages/register-page';

describe('the privacy page', () => {
  beforeEach(() => localStorage.clear());

  it('when a guest opens /privacy, then each part of the platform says what it collects, why, how long and who sees it', () => {
    renderRemoteScreen(<PrivacyPage />, { user: null, path: '/privacy' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your privacy on Campus Connect' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Privacy | Campus Connect');
    const parts = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(parts).toEqual([
      'Account',
      'Profile',
      'Library',
      'Community',
      'Careers',
      'Housing',
      'Events',
      'Notifications',
      'Moderation',
    ]);
    for (const item of screen.getAllByRole('listitem').filter((li) => li.querySelector('h3'))) {
      expect(
        within(item)
          .getAllByRole('term')
          .map((t) => t.textContent),
      ).toEqual(['What', 'Why', 'How long', 'Who sees it']);
    }
    expect(
      screen.getByText(
        new RegExp(`Read notifications are removed after ${NOTIFICATIONS_READ_RETENTION_DAYS} days`),
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/only a teacher may reveal its author, by giving a reason that is recorded/),
    ).toBeInTheDocument();
  });

  it('says where to exercise each right and whom to write to', () => {
    renderRemoteScreen(<PrivacyPage />, { user: null, path: '/privacy' });
    const rights = screen.getByRole('region', { name: 'Your rights' });
    expect(within(rights).getByText(/Download my data/)).toBeInTheDocument();
    expect(within(rights).getByText(/Delete my account/)).toBeInTheDocument();
    expect(within(rights).getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
    const contact = screen.getByRole('region', { name: 'Whom to contact' });
    expect(within(contact).getByRole('link', { name: PRIVACY_CONTACT.email })).toHaveAttribute(
      'href',
      `mailto:${PRIVACY_CONTACT.email}`,
    );
  });

  it('is a shell page (served with 200, not the 404 page)', () => {
    expect(isShellPath('/privacy')).toBe(true);
  });

  it('is linked from the landing page footer', () => {
    renderRemoteScreen(<LandingPage />, { user: null, path: '/' });
    expect(screen.getByRole('contentinfo')).toContainElement(screen.getByRole('link', { name: 'Privacy' }));
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('is linked from the feature page footer', async () => {
    renderRemoteScreen(<FeaturePage />, { user: null, path: '/feature' });
    const link = await screen.findByRole('link', { name: /^Privacy: what we collect/ });
    expect(screen.getByRole('contentinfo')).toContainElement(link);
    expect(link).toHaveAttribute('href', '/privacy');
  });

  it('is linked from the register form’s fine print', async () => {
    renderRemoteScreen(<RegisterPage />, { user: null, path: '/register' });
    const link = await screen.findByRole('link', { name: 'What we collect, why, and your rights' });
    expect(link).toHaveAttribute('href', '/privacy');
  });
});
