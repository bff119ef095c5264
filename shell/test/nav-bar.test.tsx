import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { operationUrl } from '@campus/contracts/api-operation';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import { UnreadCount } from '@campus/contracts/notifications';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { installFakeEventSource, type FakeStreams } from '@campus/web-kit/testing/fake-event-source';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import { NavBar } from '../src/layout/nav-bar';

const student = { _id: 'u-asha', name: 'Asha Rao', isTeacher: false };
const teacher = { _id: 'u-meera', name: 'Meera Iyer', isTeacher: true };

// A signed-in nav bar has the bell, which asks for the unread count: none here.
const noUnread = () =>
  contractReply(UnreadCount, { count: 0 }, { url: operationUrl(notificationsApi.countUnreadNotifications) });

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

let streams: FakeStreams;
beforeEach(() => {
  streams = installFakeEventSource();
});
afterEach(() => streams.uninstall());

describe('the nav bar’s Moderation link', () => {
  test('when a teacher is signed in, then Moderation is in the nav bar and leads to /moderation', async () => {
    renderRemoteScreen(<NavBar />, { user: teacher, path: '/feature', replies: [noUnread()] });
    expect(within(mainNav()).getByRole('link', { name: 'Moderation' })).toHaveAttribute(
      'href',
      '/moderation',
    );
    await screen.findByRole('button', { name: /^Notifications/ });
  });

  test('when a student is signed in, then there is no Moderation link', async () => {
    renderRemoteScreen(<NavBar />, { user: student, path: '/feature', replies: [noUnread()] });
    expect(within(mainNav()).getByRole('link', { name: 'Community' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: /^Notifications/ });
  });

  test('when a guest visits, then there is no Moderation link', () => {
    renderRemoteScreen(<NavBar />, { user: null, path: '/feature' });
    expect(within(mainNav()).queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
  });
});
