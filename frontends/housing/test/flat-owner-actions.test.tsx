import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlatResponse } from '@campus/contracts/housing';
import { FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import RoomFinderPage from '../src/flats/room-finder-page';
import { flat, flatsReply, student } from './housing-fixtures';

const MINE = '/roomfinder/myroomrequest';
const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('the owner edits a flat request', () => {
  test('when the owner presses Edit, then the Find a Roommate fields come filled; Save sends only what changed, and the card shows it as edited', async () => {
    const edited = flat('f1', 'Sunny room', { rent: 9000, editedAt: new Date().toISOString() });
    const { requests } = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([flat('f1', 'Sunny room')]),
        contractReply(
          FlatResponse,
          { success: true, message: FLAT_MESSAGES.updated, data: edited },
          { method: 'PATCH' },
        ),
        flatsReply([edited]),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sunny room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit room request' });
    expect(within(dialog).getByLabelText(/^Room heading/)).toHaveValue('Sunny room');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('One room in a furnished 2BHK.');
    expect(within(dialog).getByLabelText(/^Location/)).toHaveValue('https://maps.google.com/?q=Kothrud');
    expect(within(dialog).getByLabelText(/^Gender preference/)).toHaveValue('female');
    expect(within(dialog).getByLabelText(/^Rent/)).toHaveValue(8500);
    expect(within(dialog).getByLabelText(/^Move-in date/)).toHaveValue('2026-07-01');
    expect(within(dialog).getByLabelText(/^Contact info/)).toHaveValue('+91 98765 43210');

    const rent = within(dialog).getByLabelText(/^Rent/);
    await userEvent.clear(rent);
    await userEvent.type(rent, '9000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url).toContain('/api/flat/f1');
    expect(patch?.body).toEqual({ rent: 9000 });
    const card = await cardOf('Sunny room');
    await waitFor(() => expect(within(card).getByText('₹9,000')).toBeInTheDocument());
    expect(within(card).getByText(/edited/)).toBeInTheDocument();
  });

  test('when the server refuses the edit, then its message shows under the field, the dialog keeps what was typed, and a reopened Edit restores it', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([flat('f1', 'Sunny room')]),
        errorReply(
          400,
          {
            message: FLAT_MESSAGES.locationLink,
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'location', message: FLAT_MESSAGES.locationLink }],
          },
          { method: 'PATCH' },
        ),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sunny room' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit room request' });
    const description = within(dialog).getByLabelText(/^Description/);
    await userEvent.clear(description);
    await userEvent.type(description, 'Now with a balcony.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText(FLAT_MESSAGES.locationLink)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Now with a balcony.');
    expect(consoleError).toHaveBeenCalledWith('Flat request edit failed', expect.anything());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Edit Sunny room' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit room request' });
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Now with a balcony.');
    expect(within(dialog).getByText(/Draft restored/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('One room in a furnished 2BHK.');
    consoleError.mockRestore();
  });

  test('when the owner saves without changing anything, then nothing is sent and the dialog closes', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [flatsReply([flat('f1', 'Sunny room')])],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sunny room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit room request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });
});

describe('who sees Edit, Delete and Report', () => {
  test('when a student browses Available Rooms, then their own card has Edit and Delete, someone else’s has Report only', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply([
          flat('f1', 'My room'),
          flat('f2', 'Rohan’s room', { userId: 'u-rohan', userName: 'Rohan Das' }),
        ]),
      ],
    });
    const mine = await cardOf('My room');
    expect(within(mine).getByRole('button', { name: 'Edit My room' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete My room' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();

    const theirs = await cardOf('Rohan’s room');
    expect(within(theirs).getByRole('button', { name: 'Report this flat request' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  test('when a guest browses, then every card has Report (which asks them to log in) and none has Edit or Delete', async () => {
    const screenState = renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder',
      replies: [flatsReply([flat('f1', 'Sunny room', { contactInfo: undefined })])],
    });
    const card = await cardOf('Sunny room');
    expect(within(card).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Report this flat request' }));
    await waitFor(() => expect(screenState.location.pathname).toBe('/login'));
  });

  test('when a request was edited, then its card says edited with the exact time as its title; a fresh one says nothing', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder',
      replies: [
        flatsReply([
          flat('f1', 'Edited room', { contactInfo: undefined, editedAt: '2026-03-02T10:00:00.000Z' }),
          flat('f2', 'Fresh room', { contactInfo: undefined }),
        ]),
      ],
    });
    const edited = await cardOf('Edited room');
    expect(within(edited).getByText(/edited/)).toBeInTheDocument();
    const time = edited.querySelector('time[datetime="2026-03-02T10:00:00.000Z"]');
    expect(time).toHaveAttribute('title', expect.stringContaining('2026'));
    expect(within(await cardOf('Fresh room')).queryByText(/edited/)).not.toBeInTheDocument();
  });
});

describe('a request a moderator hid', () => {
  test('when its owner opens My Room Requests, then the card says "Hidden by a moderator: <reason>"', async () => {
    const reason = 'Asks for a deposit before a visit.';
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([
          flat('f1', 'Hidden room', { moderation: { state: 'hidden', reason } }),
          flat('f2', 'Visible room'),
        ]),
      ],
    });
    const hidden = await cardOf('Hidden room');
    expect(within(hidden).getByText(`Hidden by a moderator: ${reason}`)).toBeInTheDocument();
    expect(within(hidden).getByRole('button', { name: 'Edit Hidden room' })).toBeInTheDocument();
    expect(within(await cardOf('Visible room')).queryByText(/Hidden by a moderator/)).not.toBeInTheDocument();
  });
});

describe('a link to one request', () => {
  test('when the room finder opens at /roomfinder#flat-<id> (the link moderators and notifications carry), then that card gets focus', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder#flat-f2',
      route: '/roomfinder',
      replies: [
        flatsReply([
          flat('f1', 'First room', { contactInfo: undefined }),
          flat('f2', 'Linked room', { contactInfo: undefined }),
        ]),
      ],
    });
    const linked = await cardOf('Linked room');
    expect(linked).toHaveAttribute('id', 'flat-f2');
    await waitFor(() => expect(linked).toHaveFocus());
  });
});
