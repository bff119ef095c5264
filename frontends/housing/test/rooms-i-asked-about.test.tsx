import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MyFlatInterestListResponse, type MyFlatInterest } from '@campus/contracts/housing';
import { FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import RoomFinderPage from '../src/flats/room-finder-page';
import { flatsReply, student } from './housing-fixtures';

/**
 * Rooms I Asked About (/roomfinder/asked): a signed-in student's own interests, each with where it
 * stands (Waiting, Accepted, Declined; Filled or Expired), the message they sent and, once accepted,
 * the owner's contact as a call or mail link; its empty, loading and error states.
 */
const MINE = { match: '/api/flat/interests/mine' };
const itemOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

function asked(
  id: string,
  name: string,
  change: Partial<MyFlatInterest> = {},
  flat: Partial<MyFlatInterest['flat']> = {},
): MyFlatInterest {
  return {
    _id: id,
    message: `Hi, is ${name} still free?`,
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    decidedAt: null,
    ...change,
    flat: {
      _id: `f-${id}`,
      name,
      userName: 'Rohan Das',
      rent: 8500,
      location: 'Kothrud',
      moveInDate: '2026-07-01',
      state: 'open',
      expiresAt: '2026-04-30T09:00:00.000Z',
      thumbnail: null,
      ...flat,
    },
  };
}

const askedReply = (items: MyFlatInterest[]) =>
  contractReply(
    MyFlatInterestListResponse,
    {
      success: true,
      message: items.length ? FLAT_MESSAGES.myInterestsFound : FLAT_MESSAGES.myInterestsEmpty,
      data: items,
      page: 1,
      pages: items.length ? 1 : 0,
      total: items.length,
    },
    MINE,
  );

describe('Rooms I Asked About', () => {
  test('when a student asked about rooms, then each shows its status, the message sent, and the contact as a link only once accepted (a filled room included)', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="asked" />, {
      user: student,
      path: '/roomfinder/asked',
      replies: [
        askedReply([
          asked('i3', 'Quiet room', { message: 'Second-year, vegetarian.' }),
          asked('i2', 'Loud room', { status: 'declined', decidedAt: '2026-03-02T10:00:00.000Z' }),
          asked(
            'i1',
            'Taken room',
            { status: 'accepted', decidedAt: '2026-03-02T10:00:00.000Z' },
            {
              state: 'filled',
              contactInfo: '+91 98765 43210',
              thumbnail: { url: '/api/flat/photo/abc.webp', width: 320, height: 213 },
            },
          ),
          asked(
            'i0',
            'Old room',
            { status: 'accepted' },
            { state: 'expired', contactInfo: 'rohan@campus.test' },
          ),
        ]),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Rooms I Asked About', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rooms I Asked About' })).toHaveAttribute('aria-selected', 'true');
    expect(requests[0]?.url).toContain('/api/flat/interests/mine?page=1&limit=20');

    const waiting = await itemOf('Quiet room');
    expect(within(waiting).getByText('Waiting')).toBeInTheDocument();
    expect(within(waiting).getByText('Second-year, vegetarian.')).toBeInTheDocument();
    expect(waiting).toHaveTextContent('The owner shares the contact once they accept your interest.');
    expect(within(waiting).queryByRole('link', { name: /Call|Email/ })).not.toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: 'See Quiet room in the room list' })).toHaveAttribute(
      'href',
      '/roomfinder#flat-f-i3',
    );

    const declined = await itemOf('Loud room');
    expect(within(declined).getByText('Declined')).toBeInTheDocument();
    expect(declined).toHaveTextContent('The owner declined your request for the contact.');
    expect(within(declined).queryByRole('link', { name: /Call|Email/ })).not.toBeInTheDocument();

    const filled = await itemOf('Taken room');
    expect(within(filled).getByText('Accepted')).toBeInTheDocument();
    expect(within(filled).getByText('Filled')).toBeInTheDocument();
    expect(within(filled).getByRole('link', { name: 'Call +91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    // Out of the public list: no link to a card that is not there.
    expect(within(filled).queryByRole('link', { name: /in the room list/ })).not.toBeInTheDocument();

    const expired = await itemOf('Old room');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByRole('link', { name: 'Email rohan@campus.test' })).toHaveAttribute(
      'href',
      'mailto:rohan@campus.test',
    );
  });

  test('when the student asked about nothing yet, then a sentence and a link back to the room list', async () => {
    renderRemoteScreen(<RoomFinderPage view="asked" />, {
      user: student,
      path: '/roomfinder/asked',
      replies: [askedReply([])],
    });
    expect(await screen.findByText(FLAT_MESSAGES.myInterestsEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See available rooms' })).toHaveAttribute('href', '/roomfinder');
  });

  test('when the list fails to load, then "Error: {message}" with Try Again, which loads it again', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="asked" />, {
      user: student,
      path: '/roomfinder/asked',
      replies: [
        errorReply(503, { message: 'Housing is unavailable', code: 'SERVICE_UNAVAILABLE' }, MINE),
        askedReply([asked('i1', 'Quiet room')]),
      ],
    });
    expect(await screen.findByText('Error: Housing is unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Quiet room' })).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  test('when a guest opens it, then they are asked to log in and nothing is loaded; the tab is for signed-in students only', async () => {
    const { requests } = renderRemoteScreen(<RoomFinderPage view="asked" />, {
      user: null,
      path: '/roomfinder/asked',
      replies: [],
    });
    expect(await screen.findByText('Please log in to see the rooms you asked about.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Rooms I Asked About' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('when a signed-in student is on the room list, then a tab leads to the rooms they asked about', async () => {
    renderRemoteScreen(<RoomFinderPage view="all" />, {
      user: student,
      path: '/roomfinder',
      replies: [flatsReply([])],
    });
    expect(await screen.findByRole('tab', { name: 'Rooms I Asked About' })).toHaveAttribute(
      'href',
      '/roomfinder/asked',
    );
  });
});
