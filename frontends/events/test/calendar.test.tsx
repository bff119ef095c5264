import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { ViewResponse } from '@campus/contracts/events-domain';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import EventsPage from '../src/events/events-page';
import { bothLists, campusEvent, student } from './events-fixtures';

/** Issue 27: Add to calendar on an event, the campus calendar to subscribe to, Full on a card. */
const dated = campusEvent(1, {
  title: 'Robotics Talk',
  startsAt: '2026-03-14T12:30:00.000Z',
  endsAt: '2026-03-14T14:30:00.000Z',
  venue: 'Main Auditorium',
});
const undated = campusEvent(2, { title: 'Poster only' });
const view = contractReply(ViewResponse, { success: true, view: 1 }, { match: '/view', method: 'PATCH' });

const open = async (title: string) => {
  const grid = await screen.findByRole('region', { name: 'Upcoming Events' });
  await userEvent.click(within(grid).getByRole('button', { name: `Open the poster of ${title}` }));
  return screen.findByRole('dialog', { name: title });
};

describe('calendar', () => {
  test.each([
    ['a guest', null],
    ['a student', student],
  ])('when %s opens a dated event, then Add to calendar downloads its .ics', async (_who, user) => {
    renderRemoteScreen(<EventsPage />, {
      user,
      path: '/events',
      replies: [...bothLists([dated, undated]), view],
    });
    const overlay = await open('Robotics Talk');
    const link = within(overlay).getByRole('link', {
      name: `${EVENTS_MESSAGES.addToCalendar}: Robotics Talk`,
    });
    expect(link).toHaveAttribute('href', `/api/event/events/${dated._id}.ics`);
    expect(link).toHaveAttribute('download');
  });

  test('when an event has no dates, then its overlay offers no calendar entry', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [...bothLists([dated, undated]), view],
    });
    const overlay = await open('Poster only');
    expect(within(overlay).queryByRole('link', { name: /Add to calendar/ })).not.toBeInTheDocument();
  });

  test('when the events are shown, then the campus calendar address is there to copy, and a webcal link opens it in a calendar app', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRemoteScreen(<EventsPage />, { user: null, path: '/events', replies: bothLists([dated]) });
    await user.click(await screen.findByRole('button', { name: EVENTS_MESSAGES.subscribeCalendar }));
    const section = await screen.findByRole('region', { name: EVENTS_MESSAGES.subscribeCalendar });
    const address = within(section).getByRole('textbox', { name: 'Calendar address' });
    // The press opened it: the address has the focus, ready to copy.
    expect(address).toHaveFocus();
    const feed = `${window.location.origin}/api/event/calendar.ics`;
    expect(address).toHaveValue(feed);
    expect(address).toHaveAttribute('readonly');
    expect(within(section).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      feed.replace(/^https?:/, 'webcal:'),
    );
    await user.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(feed);
    expect(await within(section).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  test('when an event has every seat taken, then its card says Full with the counts', async () => {
    const full = campusEvent(3, {
      title: 'Workshop',
      capacity: 2,
      rsvp: { going: 2, interested: 0, waitlisted: 3 },
    });
    const roomy = campusEvent(4, {
      title: 'Open talk',
      capacity: 50,
      rsvp: { going: 12, interested: 0, waitlisted: 0 },
    });
    renderRemoteScreen(<EventsPage />, { user: null, path: '/events', replies: bothLists([full, roomy]) });
    const grid = await screen.findByRole('region', { name: 'Upcoming Events' });
    const [fullCard, openCard] = within(grid).getAllByRole('listitem');
    await waitFor(() => expect(within(fullCard!).getByText(EVENTS_MESSAGES.full)).toBeInTheDocument());
    expect(fullCard).toHaveTextContent('2 of 2 going · 3 waitlisted');
    expect(within(openCard!).queryByText(EVENTS_MESSAGES.full)).not.toBeInTheDocument();
    expect(openCard).toHaveTextContent('12 of 50 going');
  });
});
