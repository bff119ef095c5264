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
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('lifestyle tags and filters', () => {
  test('when a request has lifestyle tags, then its card shows them; one without shows none', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply([
          flat('f1', 'Veg flat', { userId: 'u-other', food: 'veg', smoking: 'outside', sleep: 'late' }),
          flat('f2', 'Plain flat', { userId: 'u-other' }),
        ]),
      ],
    });
    const tagged = within(await cardOf('Veg flat')).getByRole('list', { name: 'Lifestyle' });
    expect(
      within(tagged)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Veg', 'Smoking outside only', 'Night owl']);
    expect(
      within(await cardOf('Plain flat')).queryByRole('list', { name: 'Lifestyle' }),
    ).not.toBeInTheDocument();
    // The public list is no place for the owner's state or actions.
    expect(screen.queryByRole('button', { name: /Mark as filled|Renew/ })).not.toBeInTheDocument();
  });

  test('when food, smoking and sleep filters are chosen, then the list reloads with them in the query and the count says 3', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder',
      replies: [flatsReply([flat('f1', 'Sunny room')]), flatsReply([flat('f1', 'Sunny room')])],
    });
    await screen.findByRole('heading', { name: 'Sunny room' });
    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await userEvent.selectOptions(screen.getByLabelText('Food'), 'veg');
    await userEvent.selectOptions(screen.getByLabelText('Smoking'), 'no');
    await userEvent.selectOptions(screen.getByLabelText('Sleep'), 'early');
    await waitFor(() => expect(requests).toHaveLength(2), { timeout: 3000 });
    const url = new URL(requests[1]!.url, 'http://campus.test');
    expect([
      url.searchParams.get('food'),
      url.searchParams.get('smoking'),
      url.searchParams.get('sleep'),
    ]).toEqual(['veg', 'no', 'early']);
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeInTheDocument();
  });
});

describe('contact on request', () => {
  test('when a signed-in student sees an on-request card without the contact, then it says the owner shares it on acceptance (not "Log in")', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply([
          flat('f1', 'Private room', {
            userId: 'u-other',
            contactVisibility: 'on-request',
            contactInfo: undefined,
          }),
        ]),
      ],
    });
    const card = await cardOf('Private room');
    expect(
      within(card).getByText('The owner shares the contact once they accept your interest.'),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/to see the contact details/)).not.toBeInTheDocument();
  });
});

describe('My Room Requests: state, Mark as filled, Renew', () => {
  test('when the owner opens it, then each card says where it stands: listed until, filled, expired', async () => {
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([
          flat('f1', 'Open room', { expiresAt: inDays(20) }),
          flat('f2', 'Taken room', { filled: true, expiresAt: inDays(20) }),
          flat('f3', 'Old room', { expiresAt: inDays(-2) }),
        ]),
      ],
    });
    expect(within(await cardOf('Open room')).getByRole('status')).toHaveTextContent(/^Listed until /);
    expect(within(await cardOf('Taken room')).getByRole('status')).toHaveTextContent(
      'Filled: not in the list',
    );
    expect(within(await cardOf('Old room')).getByRole('status')).toHaveTextContent(
      /^Expired on .*: renew to list it again$/,
    );
    expect(
      within(await cardOf('Taken room')).getByRole('button', { name: 'Open again: Taken room' }),
    ).toBeEnabled();
  });

  test('when the owner presses Mark as filled, then PUT /api/flat/{id}/filled {filled: true} and the card says Filled at once', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([flat('f1', 'Open room', { expiresAt: inDays(20) })]),
        contractReply(
          FlatResponse,
          {
            success: true,
            message: FLAT_MESSAGES.filledSet,
            data: flat('f1', 'Open room', { filled: true, expiresAt: inDays(20) }),
          },
          { method: 'PUT' },
        ),
        flatsReply([flat('f1', 'Open room', { filled: true, expiresAt: inDays(20) })]),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as filled: Open room' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('heading', { name: 'Open room' }).closest('li')!).getByRole('status'),
      ).toHaveTextContent('Filled: not in the list'),
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toContain('/api/flat/f1/filled');
    expect(put?.body).toEqual({ filled: true });
    expect(await screen.findByText(FLAT_MESSAGES.filledSet)).toBeInTheDocument();
  });

  test('when the owner renews an expired request, then POST /api/flat/{id}/renew and the card is listed again', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([flat('f1', 'Old room', { expiresAt: inDays(-2) })]),
        contractReply(
          FlatResponse,
          {
            success: true,
            message: FLAT_MESSAGES.renewed,
            data: flat('f1', 'Old room', { expiresAt: inDays(60) }),
          },
          { method: 'POST' },
        ),
        flatsReply([flat('f1', 'Old room', { expiresAt: inDays(60) })]),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Renew Old room' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('heading', { name: 'Old room' }).closest('li')!).getByRole('status'),
      ).toHaveTextContent(/^Listed until /),
    );
    expect(requests.find((r) => r.method === 'POST')?.url).toContain('/api/flat/f1/renew');
  });

  test('when a renew fails, then the alert says why and the card stays expired', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([flat('f1', 'Old room', { expiresAt: inDays(-2) })]),
        errorReply(404, { message: FLAT_MESSAGES.notFound, code: 'NOT_FOUND' }, { method: 'POST' }),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Renew Old room' }));
    expect(
      await screen.findByText(`Error updating flat request: ${FLAT_MESSAGES.notFound}`),
    ).toBeInTheDocument();
    expect(within(await cardOf('Old room')).getByRole('status')).toHaveTextContent(/^Expired on /);
    consoleError.mockRestore();
  });
});
