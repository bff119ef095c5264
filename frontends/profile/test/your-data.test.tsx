import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteAccountResponse } from '@campus/contracts/identity';
import {
  ACCOUNT_DELETED_MESSAGE,
  DELETE_ACCOUNT_CHOICE_MESSAGE,
  DELETE_ACCOUNT_PASSWORD_MESSAGE,
  DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE,
} from '@campus/contracts/identity-rules';
import { PERSONAL_DATA_ARCHIVE_PATH } from '@campus/contracts/privacy';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import ProfilePage from '../src/dashboard/profile-page';
import { countsReply, profileOf, profileReply, student } from './profile-fixtures';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const open = (replies: ScriptedReply[] = []) =>
  renderRemoteScreen(<ProfilePage />, {
    user: student,
    path: '/profile',
    replies: [countsReply(student._id), profileReply(profileOf(student)), ...replies],
  });

const deleted = contractReply(
  DeleteAccountResponse,
  { success: true, message: ACCOUNT_DELETED_MESSAGE },
  { url: '/api/me', method: 'DELETE' },
);

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('Your data on the profile page', () => {
  it('offers the archive as a download of the gateway’s export, and says where the privacy page is', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'Your data' });
    const download = within(section).getByRole('link', { name: 'Download my data' });
    expect(download).toHaveAttribute('href', PERSONAL_DATA_ARCHIVE_PATH);
    expect(download).toHaveAttribute('download');
    expect(within(section).getByRole('link', { name: 'What we collect and why' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('when the user deletes their account and keeps their posts as "Deleted user", then the choice and password are sent, they are signed out locally and land on the landing page with a message', async () => {
    const { requests, location, authStore } = open([deleted]);
    const dialog = await openDialog();
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Keep them as "Deleted user"/ }));
    await userEvent.type(within(dialog).getByLabelText(/Your password/), 'correct-horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(requests.find((r) => r.method === 'DELETE')).toMatchObject({
      url: '/api/me',
      body: { password: 'correct-horse', contributions: 'anonymise' },
    });
    expect(authStore.getState().user).toBeNull();
    expect(await screen.findByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument();
  });

  it('when nothing is chosen or typed, then the dialog says what is missing and sends nothing', async () => {
    const { requests } = open();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText(DELETE_ACCOUNT_CHOICE_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(DELETE_ACCOUNT_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('when the password is wrong, then the server’s sentence shows at the password and the user stays signed in', async () => {
    const { authStore, location } = open([
      errorReply(
        403,
        { code: 'WRONG_PASSWORD', message: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE },
        { url: '/api/me', method: 'DELETE' },
      ),
    ]);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Delete them/ }));
    await userEvent.type(within(dialog).getByLabelText(/Your password/), 'wrong-one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(authStore.getState().user).toMatchObject({ _id: student._id });
    expect(location.pathname).toBe('/profile');
  });

  it('when the user cancels, then the dialog closes and nothing is sent', async () => {
    const { requests } = open();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
