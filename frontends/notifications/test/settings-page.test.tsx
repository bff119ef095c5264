import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { operationUrl } from '@campus/contracts/api-operation';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import { NotificationPreferences } from '@campus/contracts/notifications';
import { NOTIFICATION_KINDS, NOTIFICATIONS_MESSAGES } from '@campus/contracts/notifications-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import NotificationSettingsPage, { EMAIL_UNAVAILABLE } from '../src/settings-page';

const asha = { _id: 'u-asha', name: 'Asha Rao', isTeacher: false };
const preferencesUrl = operationUrl(notificationsApi.getNotificationPreferences);

/** What the service answers for a student: every kind they may receive, with its label. */
const studentPreferences = (emailAvailable = true): NotificationPreferences => ({
  kinds: [
    {
      kind: 'community.reply',
      label: NOTIFICATION_KINDS['community.reply'].label,
      inApp: true,
      email: 'instant',
    },
    {
      kind: 'community.thread',
      label: NOTIFICATION_KINDS['community.thread'].label,
      inApp: true,
      email: 'daily',
    },
    { kind: 'events.new', label: NOTIFICATION_KINDS['events.new'].label, inApp: false, email: 'off' },
  ],
  emailAvailable,
});

const preferencesReply = (body: NotificationPreferences, method: 'GET' | 'PUT' = 'GET') =>
  contractReply(NotificationPreferences, body, { url: preferencesUrl, method });

const open = (replies: ScriptedReply[], user: typeof asha | null = asha) =>
  renderRemoteScreen(<NotificationSettingsPage />, { user, path: '/notifications/settings', replies });

const kind = (label: string) => screen.getByRole('group', { name: label });

describe('/notifications/settings', () => {
  test('when a guest opens it, then a sign-in prompt, and nothing is asked of the service', () => {
    const { requests } = open([], null);
    expect(screen.getByRole('heading', { level: 1, name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see your notification settings.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  test('when a user opens it, then every kind they may receive, with its in-app switch and email choice', async () => {
    open([preferencesReply(studentPreferences())]);

    expect(screen.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeInTheDocument();
    const replies = await screen.findByRole('group', { name: NOTIFICATION_KINDS['community.reply'].label });
    expect(within(replies).getByRole('switch', { name: 'In the app' })).toBeChecked();
    expect(within(replies).getByRole('radio', { name: 'Instant' })).toBeChecked();
    const thread = kind(NOTIFICATION_KINDS['community.thread'].label);
    expect(within(thread).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
    const events = kind(NOTIFICATION_KINDS['events.new'].label);
    expect(within(events).getByRole('switch', { name: 'In the app' })).not.toBeChecked();
    expect(within(events).getByRole('radio', { name: 'Off' })).toBeChecked();
    // A student is not offered the teachers' kind.
    expect(
      screen.queryByRole('group', { name: NOTIFICATION_KINDS['library.review-waiting'].label }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(EMAIL_UNAVAILABLE)).not.toBeInTheDocument();
  });

  test('when choices are changed and saved, then every kind is sent and the saved message shows', async () => {
    const saved = studentPreferences();
    saved.kinds[2] = { ...saved.kinds[2]!, inApp: true, email: 'daily' };
    saved.kinds[0] = { ...saved.kinds[0]!, email: 'off' };
    const { requests } = open([preferencesReply(studentPreferences()), preferencesReply(saved, 'PUT')]);
    const events = await screen.findByRole('group', { name: NOTIFICATION_KINDS['events.new'].label });

    await userEvent.click(within(events).getByRole('switch', { name: 'In the app' }));
    await userEvent.click(within(events).getByRole('radio', { name: 'Daily digest' }));
    await userEvent.click(
      within(kind(NOTIFICATION_KINDS['community.reply'].label)).getByRole('radio', { name: 'Off' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(NOTIFICATIONS_MESSAGES.preferencesSaved)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      url: preferencesUrl,
      body: {
        kinds: [
          { kind: 'community.reply', inApp: true, email: 'off' },
          { kind: 'community.thread', inApp: true, email: 'daily' },
          { kind: 'events.new', inApp: true, email: 'daily' },
        ],
      },
    });
    expect(within(kind(NOTIFICATION_KINDS['events.new'].label)).getByRole('switch')).toBeChecked();
  });

  test('when saving fails, then it says why and the choices stay as they were set', async () => {
    open([
      preferencesReply(studentPreferences()),
      errorReply(
        503,
        { message: 'Notifications is unavailable', code: 'SERVICE_UNAVAILABLE' },
        { method: 'PUT' },
      ),
    ]);
    const events = await screen.findByRole('group', { name: NOTIFICATION_KINDS['events.new'].label });
    await userEvent.click(within(events).getByRole('switch', { name: 'In the app' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(
      await screen.findByText('Could not save your settings: Notifications is unavailable'),
    ).toBeInTheDocument();
    expect(within(events).getByRole('switch', { name: 'In the app' })).toBeChecked();
  });

  test('when the platform sends no email, then it says so and the email choices are disabled', async () => {
    open([preferencesReply(studentPreferences(false))]);

    expect(await screen.findByText(EMAIL_UNAVAILABLE)).toBeInTheDocument();
    const replies = kind(NOTIFICATION_KINDS['community.reply'].label);
    for (const radio of within(replies).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(replies).getByRole('switch', { name: 'In the app' })).toBeEnabled();
  });

  test('when the settings fail to load, then the error, and Try Again loads them', async () => {
    open([
      errorReply(503, { message: 'Notifications is unavailable', code: 'SERVICE_UNAVAILABLE' }),
      preferencesReply(studentPreferences()),
    ]);
    expect(
      await screen.findByText('Could not load your settings: Notifications is unavailable'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('group', { name: NOTIFICATION_KINDS['community.reply'].label }),
    ).toBeInTheDocument();
  });

  test('when the service lists the moderation outcome kind (issue 26), then it shows under its declared label, on in the app and instant by email, and can be turned off', async () => {
    const { label, defaults } = NOTIFICATION_KINDS['moderation.outcome'];
    const withModeration = studentPreferences();
    // Without a label, as an answer may: the screen names the kind from its declaration.
    withModeration.kinds.push({ kind: 'moderation.outcome', ...defaults });
    const saved = studentPreferences();
    saved.kinds.push({ kind: 'moderation.outcome', label, inApp: false, email: 'off' });
    const { requests } = open([preferencesReply(withModeration), preferencesReply(saved, 'PUT')]);

    const moderation = await screen.findByRole('group', { name: 'When a moderator acts on what I wrote' });
    expect(within(moderation).getByRole('switch', { name: 'In the app' })).toBeChecked();
    expect(within(moderation).getByRole('radio', { name: 'Instant' })).toBeChecked();

    await userEvent.click(within(moderation).getByRole('switch', { name: 'In the app' }));
    await userEvent.click(within(moderation).getByRole('radio', { name: 'Off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(NOTIFICATIONS_MESSAGES.preferencesSaved)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      kinds: expect.arrayContaining([{ kind: 'moderation.outcome', inApp: false, email: 'off' }]),
    });
  });
});
