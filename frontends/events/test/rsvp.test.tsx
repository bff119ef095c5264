import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RsvpAnswer, ViewResponse } from '@campus/contracts/events-domain';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import EventsPage from '../src/events/events-page';
import { bothLists, campusEvent, student } from './events-fixtures';

const talk = campusEvent(1, {
  title: 'Robotics Talk',
  capacity: 50,
  rsvp: { going: 12, interested: 3, waitlisted: 0 },
});
const rsvpAnswer = (answer: RsvpAnswer, method: 'GET' | 'PUT') =>
  contractReply(RsvpAnswer, answer, { url: `/api/event/events/${talk._id}/rsvp`, method });
const view = contractReply(
  // The overlay counts a view when it opens.
  ViewResponse,
  { success: true, view: 1 },
  { match: '/view', method: 'PATCH' },
);

const openTalk = async () => {
  const grid = await screen.findByRole('region', { name: 'Upcoming Events' });
  await userEvent.click(within(grid).getByRole('button', { name: 'Open the poster of Robotics Talk' }));
  return screen.findByRole('dialog', { name: 'Robotics Talk' });
};

describe('RSVP', () => {
  test('when events have answers, then the card shows the counts against the capacity', async () => {
    renderRemoteScreen(<EventsPage />, { user: null, path: '/events', replies: bothLists([talk]) });
    const grid = await screen.findByRole('region', { name: 'Upcoming Events' });
    expect(await within(grid).findByText('12 of 50 going · 3 interested')).toBeInTheDocument();
  });

  test('when a guest opens an event, then the overlay asks them to log in to RSVP', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [...bothLists([talk]), view],
    });
    const overlay = await openTalk();
    expect(within(overlay).getByRole('link', { name: 'Log in to RSVP' })).toBeInTheDocument();
  });

  test('when a student presses Going, then it is sent, pressed, and the card counts follow; pressing it again takes it back', async () => {
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: [
        ...bothLists([talk]),
        view,
        rsvpAnswer({ going: 12, interested: 3, waitlisted: 0, mine: 'none' }, 'GET'),
        rsvpAnswer({ going: 13, interested: 3, waitlisted: 0, mine: 'going' }, 'PUT'),
        rsvpAnswer({ going: 12, interested: 3, waitlisted: 0, mine: 'none' }, 'PUT'),
      ],
    });
    const overlay = await openTalk();
    const going = await within(overlay).findByRole('button', { name: 'Going' });
    await waitFor(() => expect(going).toBeEnabled());
    expect(going).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(going);
    await waitFor(() =>
      expect(within(overlay).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'going' });
    expect(screen.getByText('13 of 50 going · 3 interested')).toBeInTheDocument();
    await userEvent.click(within(overlay).getByRole('button', { name: 'Going' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ status: 'none' }),
    );
  });

  test('when the event is full, then the answer says On the waitlist', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: [
        ...bothLists([talk]),
        view,
        rsvpAnswer({ going: 50, interested: 0, waitlisted: 2, mine: 'waitlisted' }, 'GET'),
      ],
    });
    const overlay = await openTalk();
    expect(await within(overlay).findByRole('button', { name: 'On the waitlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
