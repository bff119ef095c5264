import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CampusEvent,
  DeleteEventResponse,
  UpdateEventResponse,
  ViewResponse,
} from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import EventsPage from '../src/events/events-page';
import { bothLists, campusEvent, student } from './events-fixtures';

afterEach(() => jest.restoreAllMocks());

const grid = () => screen.getByRole('region', { name: 'Upcoming Events' });
const cardOf = async (title: string) =>
  (await screen.findAllByRole('listitem')).find((li) => within(li).queryByRole('heading', { name: title }))!;

/** Asha's own event and someone else's. */
const mine = campusEvent(2, {
  title: 'Hack Nite',
  postedBy: student._id,
  description: 'Bring a laptop.',
  startsAt: '2026-03-14T12:30:00.000Z',
  endsAt: '2026-03-14T15:00:00.000Z',
  venue: 'Room 101',
});
const theirs = campusEvent(1, { title: 'Robotics Talk' });

describe('/events: an author’s own events', () => {
  test('when the author opens Edit on their card, then the event form is prefilled, and saving sends the changes and shows them', async () => {
    const saved = { ...mine, title: 'Hack Night', instagramLink: null, editedAt: new Date().toISOString() };
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: [
        ...bothLists([mine, theirs]),
        contractReply(
          UpdateEventResponse,
          { success: true, message: EVENTS_MESSAGES.updated, data: saved },
          { match: `/api/event/events/${mine._id}`, method: 'PATCH' },
        ),
      ],
    });
    const card = await cardOf('Hack Nite');
    expect(
      within(await cardOf('Robotics Talk')).queryByRole('button', { name: /^Edit/ }),
    ).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Edit Hack Nite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    const title = within(dialog).getByRole('textbox', { name: /Event title/ });
    expect(title).toHaveValue('Hack Nite');
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue('Bring a laptop.');
    expect(within(dialog).getByRole('img', { name: 'The current poster' })).toHaveAttribute(
      'src',
      mine.posterLink,
    );

    await userEvent.clear(title);
    await userEvent.type(title, 'Hack Night');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Event' })).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      title: 'Hack Night',
      description: 'Bring a laptop.',
      registerLink: mine.registerLink,
      instagramLink: '',
      venue: 'Room 101',
    });
    const edited = await cardOf('Hack Night');
    expect(within(edited).getByText(/edited/)).toBeInTheDocument();
  });

  test('when the server refuses the edit, then the dialog stays open with what was typed and the message by its field', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: [
        ...bothLists([mine]),
        errorReply(
          400,
          {
            code: 'VALIDATION_FAILED',
            message: 'Please check the form.',
            issues: [{ path: 'registerLink', message: EVENTS_MESSAGES.registerInvalid }],
          },
          { method: 'PATCH' },
        ),
      ],
    });
    await userEvent.click(within(await cardOf('Hack Nite')).getByRole('button', { name: 'Edit Hack Nite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    const title = within(dialog).getByRole('textbox', { name: /Event title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Typed with care');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText(EVENTS_MESSAGES.registerInvalid)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Event' })).toBeInTheDocument();
    expect(title).toHaveValue('Typed with care');
  });

  test('when the author deletes from the card, then it asks first, and once confirmed the event leaves the page', async () => {
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: [
        ...bothLists([mine, theirs]),
        contractReply(
          DeleteEventResponse,
          { success: true, message: EVENTS_MESSAGES.deleted },
          { match: `/api/event/events/${mine._id}`, method: 'DELETE' },
        ),
      ],
    });
    await userEvent.click(
      within(await cardOf('Hack Nite')).getByRole('button', { name: 'Delete Hack Nite' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    // The card under the dialog does not open its poster for the click.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete event' }));

    await waitFor(() =>
      expect(within(grid()).queryByRole('heading', { name: 'Hack Nite' })).not.toBeInTheDocument(),
    );
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/event/events/${mine._id}`,
    ]);
    // The clicks in the dialog did not reach the card (which would open the poster and count a view).
    expect(requests.some((r) => r.url.endsWith('/view'))).toBe(false);
    expect(within(grid()).getByRole('heading', { name: 'Robotics Talk' })).toBeInTheDocument();
  });

  test('when the author cancels the delete, then nothing is sent and the event stays', async () => {
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: bothLists([mine]),
    });
    await userEvent.click(
      within(await cardOf('Hack Nite')).getByRole('button', { name: 'Delete Hack Nite' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this event?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(within(grid()).getByRole('heading', { name: 'Hack Nite' })).toBeInTheDocument();
  });

  test('when the author opens their event, then the overlay has Edit and Delete, and no Report', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: [
        ...bothLists([mine]),
        contractReply(ViewResponse, { success: true, view: 1 }, { match: '/view', method: 'PATCH' }),
      ],
    });
    await userEvent.click(
      within(await cardOf('Hack Nite')).getByRole('button', { name: 'Open the poster of Hack Nite' }),
    );
    const overlay = await screen.findByRole('dialog', { name: 'Hack Nite' });
    expect(within(overlay).getByRole('button', { name: 'Edit Hack Nite' })).toBeInTheDocument();
    expect(within(overlay).getByRole('button', { name: 'Delete Hack Nite' })).toBeInTheDocument();
    expect(within(overlay).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
  });

  test('when the author deletes from the overlay, then once confirmed the overlay closes and the event is gone', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: [
        ...bothLists([mine, theirs]),
        contractReply(ViewResponse, { success: true, view: 1 }, { match: '/view', method: 'PATCH' }),
        contractReply(
          DeleteEventResponse,
          { success: true, message: EVENTS_MESSAGES.deleted },
          { match: `/api/event/events/${mine._id}`, method: 'DELETE' },
        ),
      ],
    });
    await userEvent.click(
      within(await cardOf('Hack Nite')).getByRole('button', { name: 'Open the poster of Hack Nite' }),
    );
    const overlay = await screen.findByRole('dialog', { name: 'Hack Nite' });
    await userEvent.click(within(overlay).getByRole('button', { name: 'Delete Hack Nite' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this event?' })).getByRole('button', {
        name: 'Delete event',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hack Nite' })).not.toBeInTheDocument());
    expect(within(grid()).queryByRole('heading', { name: 'Hack Nite' })).not.toBeInTheDocument();
    expect(await screen.findByText(EVENTS_MESSAGES.deleted)).toBeInTheDocument();
  });

  test('when the author follows the link to their hidden event, then it is read on its own and says why it is hidden', async () => {
    const hidden = campusEvent(9, {
      title: 'Hack Night',
      postedBy: student._id,
      moderation: { state: 'hidden', reason: 'Misleading registration link' },
    });
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: student,
      path: `/events?event=${hidden._id}`,
      route: '/events',
      replies: [
        ...bothLists([theirs]),
        contractReply(CampusEvent, hidden, { url: `/api/event/events/${hidden._id}`, method: 'GET' }),
      ],
    });
    const overlay = await screen.findByRole('dialog', { name: 'Hack Night' });
    expect(
      within(overlay).getByText('Hidden by a moderator: Misleading registration link'),
    ).toBeInTheDocument();
    expect(within(overlay).getByRole('button', { name: 'Edit Hack Night' })).toBeInTheDocument();
    // Not in the list, and a hidden event counts no view.
    expect(within(grid()).queryByRole('heading', { name: 'Hack Night' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.endsWith('/view'))).toBe(false);
  });
});

describe('/events?event=<id> for an event that is gone', () => {
  test('when the linked event is not in the list and answers 404, then the page says it is gone and opens nothing', async () => {
    const gone = campusEvent(9);
    renderRemoteScreen(<EventsPage />, {
      user: student,
      path: `/events?event=${gone._id}`,
      route: '/events',
      replies: [
        ...bothLists([theirs]),
        errorReply(
          404,
          { code: 'EVENT_NOT_FOUND', message: EVENTS_MESSAGES.eventNotFound },
          { url: `/api/event/events/${gone._id}`, method: 'GET' },
        ),
      ],
    });
    expect(await screen.findByText(EVENTS_MESSAGES.eventGone)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(grid()).getByRole('heading', { name: 'Robotics Talk' })).toBeInTheDocument();
  });
});

describe('/events: someone else’s events', () => {
  test('when a signed-in student sees another’s event, then Report, and no Edit or Delete', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: student,
      path: '/events',
      replies: bothLists([theirs]),
    });
    const card = await cardOf('Robotics Talk');
    expect(within(card).getByRole('button', { name: /Report/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  test('when a guest sees an event, then no Edit or Delete', async () => {
    renderRemoteScreen(<EventsPage />, { user: null, path: '/events', replies: bothLists([mine]) });
    const card = await cardOf('Hack Nite');
    expect(within(card).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  test('when an edited event is shown, then it says "edited" with the exact time as its title', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: bothLists([{ ...theirs, editedAt: '2026-03-01T10:00:00.000Z' }]),
    });
    const card = await cardOf('Robotics Talk');
    const time = within(card).getByText(/ago|now|Mar|2026/, { selector: 'time' });
    expect(time).toHaveAttribute('dateTime', '2026-03-01T10:00:00.000Z');
    expect(time).toHaveAttribute('title');
  });
});
