import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FlatInterestListResponse,
  FlatInterestResponse,
  FlatResponse,
  type FlatInterest,
} from '@campus/contracts/housing';
import { FLAT_MESSAGES, INTEREST_MESSAGE_MAX } from '@campus/contracts/housing-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import FlatForm from '../src/create/flat-form';
import RoomFinderPage from '../src/flats/room-finder-page';
import { flat, flatsReply, student } from './housing-fixtures';

/**
 * Issue 28, contact on request, as each person sees it: a guest is asked to log in; a student taps
 * I'm interested and then sees where their request stands (sent, accepted with the contact,
 * declined); the owner never gets the button, sees how many requests came and answers each.
 */
const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

const LIST = { match: '/api/flat?' };
const MINE = { match: '/api/flat/my/' };
/** Rohan's request, contact on request: a student who is not its owner gets no contact. */
const rohans = (change: Parameters<typeof flat>[2] = {}) =>
  flat('f1', 'Quiet room', {
    userId: 'u-rohan',
    userName: 'Rohan Das',
    contactVisibility: 'on-request',
    contactInfo: undefined,
    ...change,
  });

const interest = (id: string, userName: string, change: Partial<FlatInterest> = {}): FlatInterest => ({
  _id: id,
  flatId: 'f1',
  userId: `u-${id}`,
  userName,
  message: `Hi, ${userName} here. Is it still free?`,
  status: 'pending',
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
  ...change,
});

describe('a guest', () => {
  test('when the owner shares the contact on request, then the card asks them to log in and has no I’m interested', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder',
      replies: [flatsReply([rohans()], LIST)],
    });
    const card = await cardOf('Quiet room');
    expect(card).toHaveTextContent('Log in to ask the owner for the contact details.');
    expect(within(card).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /interested/ })).not.toBeInTheDocument();
  });
});

describe('a student', () => {
  test('when they tap I’m interested and send a short message, then the request is sent with it and the card says Request sent', async () => {
    const screenState = renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply([rohans()], LIST),
        contractReply(
          FlatInterestResponse,
          {
            success: true,
            message: FLAT_MESSAGES.interestSent,
            data: interest('i1', 'Asha Rao', { userId: student._id }),
          },
          { status: 201, method: 'POST' },
        ),
        flatsReply([rohans({ myInterest: { _id: 'i1', status: 'pending' } })], LIST),
      ],
    });
    const card = await cardOf('Quiet room');
    expect(card).toHaveTextContent('The owner shares the contact once they accept your interest.');
    await userEvent.click(within(card).getByRole('button', { name: "I'm interested in Quiet room" }));
    const dialog = await screen.findByRole('dialog', { name: "I'm interested in “Quiet room”" });

    // An empty message is refused here, as the service would; nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText(FLAT_MESSAGES.interestMessageRequired)).toBeInTheDocument();
    expect(screenState.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const message = within(dialog).getByLabelText(/^Message to the owner/);
    expect(message).toHaveAttribute('maxLength', String(INTEREST_MESSAGE_MAX));

    await userEvent.type(message, '  Second-year, vegetarian, from July.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = screenState.requests.find((r) => r.method === 'POST');
    expect(sent?.url).toContain('/api/flat/f1/interest');
    expect(sent?.body).toEqual({ message: 'Second-year, vegetarian, from July.' });
    expect(await within(card).findByText('Request sent')).toBeInTheDocument();
    await waitFor(() => expect(card).toHaveFocus());
    expect(within(card).queryByRole('button', { name: /interested/ })).not.toBeInTheDocument();
  });

  test('when the service refuses the request, then the dialog says why and keeps the message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply([rohans()], LIST),
        errorReply(
          409,
          { message: FLAT_MESSAGES.interestNotOpen, code: 'FLAT_NOT_OPEN' },
          { method: 'POST' },
        ),
      ],
    });
    await userEvent.click(
      within(await cardOf('Quiet room')).getByRole('button', { name: "I'm interested in Quiet room" }),
    );
    const dialog = await screen.findByRole('dialog', { name: "I'm interested in “Quiet room”" });
    await userEvent.type(within(dialog).getByLabelText(/^Message to the owner/), 'Still free?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FLAT_MESSAGES.interestNotOpen);
    expect(within(dialog).getByLabelText(/^Message to the owner/)).toHaveValue('Still free?');
  });

  test('when they come back later, then each card says where their request stands: sent, accepted with the contact to tap, or declined', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply(
          [
            rohans({ _id: 'f1', name: 'Pending room', myInterest: { _id: 'i1', status: 'pending' } }),
            rohans({
              _id: 'f2',
              name: 'Accepted room',
              myInterest: { _id: 'i2', status: 'accepted' },
              contactInfo: '+91 90000 11111',
            }),
            rohans({ _id: 'f3', name: 'Declined room', myInterest: { _id: 'i3', status: 'declined' } }),
          ],
          LIST,
        ),
      ],
    });
    const pending = await cardOf('Pending room');
    expect(within(pending).getByText('Request sent')).toBeInTheDocument();
    expect(within(pending).queryByRole('link', { name: /Call/ })).not.toBeInTheDocument();

    const accepted = await cardOf('Accepted room');
    expect(within(accepted).getByText('Accepted:')).toBeInTheDocument();
    expect(within(accepted).getByRole('link', { name: 'Call +91 90000 11111' })).toHaveAttribute(
      'href',
      'tel:+919000011111',
    );

    const declined = await cardOf('Declined room');
    expect(within(declined).getByText('Declined')).toBeInTheDocument();
    expect(declined).toHaveTextContent('The owner declined your request for the contact.');
    for (const card of [pending, accepted, declined])
      expect(within(card).queryByRole('button', { name: /interested/ })).not.toBeInTheDocument();
  });

  test('when the owner shows the contact to every signed-in student, then there is no I’m interested, only the contact (the spec’s card)', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply(
          [
            flat('f1', 'Open room', {
              userId: 'u-rohan',
              userName: 'Rohan Das',
              contactVisibility: 'signed-in',
            }),
          ],
          LIST,
        ),
      ],
    });
    const card = await cardOf('Open room');
    expect(within(card).getByRole('link', { name: 'Call +91 98765 43210' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /interested/ })).not.toBeInTheDocument();
    expect(within(card).queryByText('Accepted:')).not.toBeInTheDocument();
  });
});

describe('the owner', () => {
  test('when their request has requests, then their card has "N requests (k new)" and never I’m interested; the list shows each student’s name, message and date', async () => {
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: '/roomfinder/myroomrequest',
      replies: [
        flatsReply(
          [
            flat('f1', 'My room', {
              contactVisibility: 'on-request',
              interestCounts: { total: 2, pending: 1 },
            }),
            flat('f2', 'My open room'),
          ],
          MINE,
        ),
        contractReply(
          FlatInterestListResponse,
          {
            success: true,
            message: FLAT_MESSAGES.interestsFound,
            data: [
              interest('i1', 'Rahul Verma', { status: 'accepted', decidedAt: '2026-03-02T10:00:00.000Z' }),
              interest('i2', 'Priya Nair'),
            ],
          },
          { match: '/api/flat/f1/interests' },
        ),
      ],
    });
    const card = await cardOf('My room');
    expect(within(card).queryByRole('button', { name: /interested/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Shown only to students you accept.');
    // The spec's default: no requests button when nobody asked and the contact is for everyone.
    expect(
      within(await cardOf('My open room')).queryByRole('button', { name: /request/ }),
    ).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: '2 requests (1 new) for My room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Requests for “My room”' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/Rahul|Priya/, { selector: 'strong' }).textContent)).toEqual([
      'Rahul Verma',
      'Priya Nair',
    ]);
    expect(items[1]).toHaveTextContent('Hi, Priya Nair here. Is it still free?');
    expect(items[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-03-01T10:00:00.000Z');
    expect(within(items[0]!).getByText('Accepted')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'Accept Rahul Verma' })).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('New')).toBeInTheDocument();
  });

  test('when the owner accepts a request, then it asks first, naming the contact to be shared; Cancel sends nothing; Accept sends it and the list says Accepted', async () => {
    const screenState = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: '/roomfinder/myroomrequest',
      replies: [
        flatsReply(
          [
            flat('f1', 'My room', {
              contactVisibility: 'on-request',
              interestCounts: { total: 1, pending: 1 },
            }),
          ],
          MINE,
        ),
        contractReply(
          FlatInterestListResponse,
          { success: true, message: FLAT_MESSAGES.interestsFound, data: [interest('i2', 'Priya Nair')] },
          { match: '/api/flat/f1/interests' },
        ),
        contractReply(
          FlatInterestResponse,
          {
            success: true,
            message: FLAT_MESSAGES.interestDecided('accepted'),
            data: interest('i2', 'Priya Nair', { status: 'accepted', decidedAt: '2026-03-02T10:00:00.000Z' }),
          },
          { method: 'PUT' },
        ),
        flatsReply(
          [
            flat('f1', 'My room', {
              contactVisibility: 'on-request',
              interestCounts: { total: 1, pending: 0 },
            }),
          ],
          MINE,
        ),
      ],
    });
    await userEvent.click(
      within(await cardOf('My room')).getByRole('button', { name: '1 request (1 new) for My room' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Requests for “My room”' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Accept Priya Nair' }));
    let ask = await screen.findByRole('dialog', { name: 'Accept Priya Nair?' });
    expect(ask).toHaveTextContent('Priya Nair will see your contact (+91 98765 43210)');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screenState.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Priya Nair' }));
    ask = await screen.findByRole('dialog', { name: 'Accept Priya Nair?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Accept and share contact' }));
    await waitFor(() => expect(within(dialog).getByText('Accepted')).toBeInTheDocument());
    const put = screenState.requests.find((r) => r.method === 'PUT');
    expect(put?.url).toContain('/api/flat/f1/interests/i2');
    expect(put?.body).toEqual({ status: 'accepted' });
    expect(within(dialog).queryByRole('button', { name: 'Accept Priya Nair' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Decline Priya Nair' })).toBeInTheDocument();
    expect(
      await within(await cardOf('My room')).findByRole('button', { name: '1 request for My room' }),
    ).toBeInTheDocument();
  });

  test('when the room shows the contact to every signed-in student, then accepting a request says so and promises no privacy', async () => {
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: '/roomfinder/myroomrequest',
      replies: [
        flatsReply(
          [
            flat('f1', 'My room', {
              contactVisibility: 'signed-in',
              interestCounts: { total: 1, pending: 1 },
            }),
          ],
          MINE,
        ),
        contractReply(
          FlatInterestListResponse,
          { success: true, message: FLAT_MESSAGES.interestsFound, data: [interest('i2', 'Priya Nair')] },
          { match: '/api/flat/f1/interests' },
        ),
      ],
    });
    await userEvent.click(
      within(await cardOf('My room')).getByRole('button', { name: '1 request (1 new) for My room' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Requests for “My room”' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Accept Priya Nair' }));
    const ask = await screen.findByRole('dialog', { name: 'Accept Priya Nair?' });
    expect(ask).toHaveTextContent('for every signed-in student, as you chose');
    expect(ask).not.toHaveTextContent('Nobody else will');
  });

  test('when the owner declines an accepted student, then it asks first and says the contact is taken back', async () => {
    const screenState = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: '/roomfinder/myroomrequest',
      replies: [
        flatsReply(
          [
            flat('f1', 'My room', {
              contactVisibility: 'on-request',
              interestCounts: { total: 1, pending: 0 },
            }),
          ],
          MINE,
        ),
        contractReply(
          FlatInterestListResponse,
          {
            success: true,
            message: FLAT_MESSAGES.interestsFound,
            data: [interest('i1', 'Rahul Verma', { status: 'accepted' })],
          },
          { match: '/api/flat/f1/interests' },
        ),
        contractReply(
          FlatInterestResponse,
          {
            success: true,
            message: FLAT_MESSAGES.interestDecided('declined'),
            data: interest('i1', 'Rahul Verma', { status: 'declined' }),
          },
          { method: 'PUT' },
        ),
        flatsReply([flat('f1', 'My room', { contactVisibility: 'on-request' })], MINE),
      ],
    });
    await userEvent.click(
      within(await cardOf('My room')).getByRole('button', { name: '1 request for My room' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Requests for “My room”' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Decline Rahul Verma' }));
    const ask = await screen.findByRole('dialog', { name: 'Decline Rahul Verma?' });
    expect(ask).toHaveTextContent('Rahul Verma will no longer see your contact.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(within(dialog).getByText('Declined')).toBeInTheDocument());
    expect(screenState.requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'declined' });
  });

  test('when nobody asked yet, then the list says so', async () => {
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: '/roomfinder/myroomrequest',
      replies: [
        flatsReply(
          [
            flat('f1', 'My room', {
              contactVisibility: 'on-request',
              interestCounts: { total: 0, pending: 0 },
            }),
          ],
          MINE,
        ),
        contractReply(
          FlatInterestListResponse,
          { success: true, message: FLAT_MESSAGES.interestsFound, data: [] },
          { match: '/api/flat/f1/interests' },
        ),
      ],
    });
    await userEvent.click(
      within(await cardOf('My room')).getByRole('button', { name: '0 requests for My room' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Requests for “My room”' });
    expect(await within(dialog).findByText(/No requests yet/)).toBeInTheDocument();
  });
});

describe('Who sees my contact', () => {
  test('when the owner posts with "Only students I accept", then the request says on-request (left at the default, the spec’s call goes as it was: flat-form.test)', async () => {
    const screenState = renderRemoteScreen(<FlatForm />, {
      user: student,
      path: '/profile/createflatrequest',
      replies: [
        contractReply(
          FlatResponse,
          {
            success: true,
            message: FLAT_MESSAGES.created,
            data: flat('f1', 'Sunny room', { contactVisibility: 'on-request' }),
          },
          { status: 201, method: 'POST' },
        ),
      ],
    });
    const who = screen.getByRole('combobox', { name: /^Who sees my contact/ });
    expect(who).toHaveValue('signed-in');
    expect(
      within(who)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Every signed-in student', 'Only students I accept']);
    await userEvent.type(screen.getByLabelText(/^Room heading/), 'Sunny room');
    await userEvent.type(screen.getByLabelText(/^Description/), 'One room in a 2BHK');
    await userEvent.type(screen.getByLabelText(/^Location/), 'Kothrud');
    await userEvent.type(screen.getByLabelText(/^Rent/), '8500');
    await userEvent.type(screen.getByLabelText(/^Move-in date/), '2026-07-01');
    await userEvent.type(screen.getByLabelText(/^Contact info/), '+91 98765 43210');
    await userEvent.selectOptions(who, 'on-request');
    await userEvent.click(screen.getByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(screenState.location.pathname).toBe('/roomfinder/myroomrequest'));
    expect(screenState.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      contactVisibility: 'on-request',
    });
  });

  test('when the owner edits an on-request request, then the choice comes filled and switching back sends signed-in alone', async () => {
    const edited = flat('f1', 'My room', {
      contactVisibility: 'signed-in',
      editedAt: '2026-03-02T10:00:00.000Z',
    });
    const screenState = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: '/roomfinder/myroomrequest',
      replies: [
        flatsReply(
          [
            flat('f1', 'My room', {
              contactVisibility: 'on-request',
              interestCounts: { total: 0, pending: 0 },
            }),
          ],
          MINE,
        ),
        contractReply(
          FlatResponse,
          { success: true, message: FLAT_MESSAGES.updated, data: edited },
          { method: 'PATCH' },
        ),
        flatsReply([edited], MINE),
      ],
    });
    await userEvent.click(within(await cardOf('My room')).getByRole('button', { name: 'Edit My room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit room request' });
    const who = within(dialog).getByRole('combobox', { name: /^Who sees my contact/ });
    expect(who).toHaveValue('on-request');
    await userEvent.selectOptions(who, 'signed-in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screenState.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      contactVisibility: 'signed-in',
    });
  });
});
