import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlatDeletedResponse } from '@campus/contracts/housing';
import { FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { apiReads, firstHtmlPreloads } from '@campus/web-kit/testing/first-html-preloads';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import RoomFinderPage from '../src/flats/room-finder-page';
import { flat, flatsReply, student } from './housing-fixtures';

const MINE = '/roomfinder/myroomrequest';

describe('Available Housing (/roomfinder)', () => {
  test('when a guest opens it, then the heading, Back to /feature, only the Available Rooms tab, and cards without contact details', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder',
      replies: [flatsReply([flat('f1', 'Sunny room', { contactInfo: undefined })])],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Available Housing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/feature');
    expect(screen.getByRole('tab', { name: 'Available Rooms' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'My Room Requests' })).not.toBeInTheDocument();

    const card = (await screen.findByRole('heading', { name: 'Sunny room' })).closest('li') as HTMLElement;
    expect(within(card).getByText('₹8,500')).toBeInTheDocument();
    expect(within(card).getByText('1 Jul 2026')).toBeInTheDocument();
    expect(within(card).getByText('Female only')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Open in Maps/ })).toHaveAttribute(
      'href',
      'https://maps.google.com/?q=Kothrud',
    );
    expect(within(card).getByText(/to see the contact details/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  test("its first read shows contact details to signed-in users only, so the first HTML does not preload it (a lapsed session would preload a guest's answer)", async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [flatsReply([flat('f1', 'Sunny room')])],
    });
    await screen.findByRole('heading', { name: 'Sunny room' });
    expect(apiReads(requests)).toHaveLength(1);
    expect(firstHtmlPreloads('/roomfinder')).toEqual([]);
  });

  test('when a student opens it, then both tabs, and the contact is a tap-to-call link; a place name stays text; an email is a mail link', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply([
          flat('f1', 'Sunny room'),
          flat('f2', 'PG Deccan', { location: 'Deccan, lane 4', contactInfo: 'priya@campus.test' }),
        ]),
      ],
    });
    expect(screen.getByRole('tab', { name: 'My Room Requests' })).toHaveAttribute('href', MINE);
    expect(await screen.findByRole('link', { name: 'Call +91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(screen.getByRole('link', { name: 'Email priya@campus.test' })).toHaveAttribute(
      'href',
      'mailto:priya@campus.test',
    );
    expect(screen.getByText('Deccan, lane 4')).toBeInTheDocument();
  });

  test('when the list fails to load, then "Error: {message}"', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder',
      replies: [errorReply(503, { message: 'Housing is unavailable', code: 'SERVICE_UNAVAILABLE' })],
    });
    expect(await screen.findByText('Error: Housing is unavailable')).toBeInTheDocument();
  });

  test('when there are none, then the spec’s empty text', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder',
      replies: [flatsReply([])],
    });
    expect(await screen.findByText(FLAT_MESSAGES.empty)).toBeInTheDocument();
  });

  test('when filters are set, then the list reloads with them in the query', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: null,
      path: '/roomfinder',
      replies: [flatsReply([flat('f1', 'Sunny room')]), flatsReply([flat('f1', 'Sunny room')])],
    });
    await screen.findByRole('heading', { name: 'Sunny room' });
    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await userEvent.type(screen.getByLabelText('Max rent (₹)'), '9k000');
    await userEvent.selectOptions(screen.getByLabelText('Gender preference'), 'female');
    await waitFor(() => expect(requests).toHaveLength(2), { timeout: 3000 });
    const url = new URL(requests[1]!.url, 'http://campus.test');
    expect(url.pathname).toBe('/api/flat');
    expect(url.searchParams.get('maxRent')).toBe('9000');
    expect(url.searchParams.get('genderPreference')).toBe('female');
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
  });

  test('when a student presses Report on a card while a search is on its way, then the card, its open dialog and the chosen reason stay when the results arrive', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const theirs = { userId: 'u-other', userName: 'Ravi K' };
    const { requests } = renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [
        flatsReply([flat('f1', 'Sunny room', theirs), flat('f2', 'PG Deccan', theirs)]),
        flatsReply([flat('f1', 'Sunny room', theirs)], { hold: answered }),
      ],
    });
    await screen.findByRole('heading', { name: 'Sunny room' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search rooms' }), 'Sunny');
    const card = screen.getByRole('heading', { name: 'Sunny room' }).closest('li') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Report this flat request' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'A scam or a fake offer' }));
    // The search goes out (the pause passes) while the dialog is open...
    await waitFor(() => expect(requests).toHaveLength(2), { timeout: 3000 });
    expect(screen.getByRole('dialog', { name: 'Report this flat request' })).toBeInTheDocument();
    // ...and its results arrive.
    answer();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'PG Deccan' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Report this flat request' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'A scam or a fake offer' })).toBeChecked();
  });
});

describe('My Room Requests (/roomfinder/myroomrequest)', () => {
  test('when a student opens it, then My Flat Requests lists their own from /api/flat/my/{id}', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [flatsReply([flat('f1', 'Sunny room')])],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'My Flat Requests' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Room Requests' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Delete Sunny room' })).toBeInTheDocument();
    expect(requests[0]!.url).toContain('/api/flat/my/u-student');
  });

  test('when they have none, then "No flat requests found."', async () => {
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [flatsReply([])],
    });
    expect(await screen.findByText('No flat requests found.')).toBeInTheDocument();
  });

  test('when the owner presses Delete, then it asks first and Cancel deletes nothing', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [flatsReply([flat('f1', 'Sunny room')])],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sunny room' }));
    expect(await screen.findByRole('dialog', { name: 'Delete this room request?' })).toHaveTextContent(
      'This cannot be undone.',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Sunny room' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  test('when a request is deleted after confirming, then DELETE /api/flat/{id}, it leaves the list and focus goes to the next card', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([flat('f1', 'Sunny room'), flat('f2', 'PG Deccan')]),
        contractReply(
          FlatDeletedResponse,
          { success: true, message: FLAT_MESSAGES.deleted, data: { _id: 'f1' } },
          { method: 'DELETE' },
        ),
        flatsReply([flat('f2', 'PG Deccan')]),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sunny room' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete request' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Sunny room' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'PG Deccan' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'PG Deccan' }).closest('li')).toHaveFocus(),
    );
    expect(requests.find((r) => r.method === 'DELETE')?.url).toContain('/api/flat/f1');
  });

  test('when a delete fails, then the alert "Error deleting flat request: {message}" and the request stays', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRemoteScreen(<RoomFinderPage view="mine" />, {
      user: student,
      path: MINE,
      replies: [
        flatsReply([flat('f1', 'Sunny room')]),
        errorReply(403, { message: FLAT_MESSAGES.notOwner, code: 'NOT_OWNER' }, { method: 'DELETE' }),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sunny room' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete request' }));
    expect(
      await screen.findByText(`Error deleting flat request: ${FLAT_MESSAGES.notOwner}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sunny room' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  test('when a guest opens it, then no list is asked for and Login is offered', () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="mine" />, { user: null, path: MINE });
    expect(screen.getByText('Please log in to see your flat requests.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Froomfinder%2Fmyroomrequest',
    );
    expect(requests.filter((r) => r.url.includes('/api/flat'))).toHaveLength(0);
  });
});
