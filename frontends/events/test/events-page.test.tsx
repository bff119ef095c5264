import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { ViewResponse } from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import { apiReads, firstHtmlPreloads } from '@campus/web-kit/testing/first-html-preloads';
import EventsPage from '../src/events/events-page';
import { bothLists, campusEvent, cursorAfter, eventsFrom, eventsReply } from './events-fixtures';

const grid = () => screen.getByRole('region', { name: 'Upcoming Events' });

describe('/events', () => {
  test('then its first read is exactly the one the first HTML preloads (shell/public/remotes.json), so it is fetched once; the Upcoming list follows', async () => {
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: bothLists([campusEvent(1)]),
    });
    await screen.findByRole('heading', { level: 2, name: 'Upcoming Events' });
    const preloads = firstHtmlPreloads('/events');
    expect(apiReads(requests).slice(0, preloads.length)).toEqual(preloads);
    expect(apiReads(requests).slice(preloads.length)).toEqual([
      '/api/event/allevents?page=1&limit=10&when=upcoming',
    ]);
  });

  test('when events have dates and a venue, then the cards and the carousel show them in campus time (IST)', async () => {
    const dated = campusEvent(1, {
      title: 'Robotics Night',
      startsAt: '2026-03-14T12:30:00.000Z',
      endsAt: '2026-03-14T14:30:00.000Z',
      venue: 'Main Auditorium',
    });
    renderRemoteScreen(<EventsPage />, { user: null, path: '/events', replies: bothLists([dated]) });
    const card = await within(await screen.findByRole('region', { name: 'Upcoming Events' })).findByRole(
      'listitem',
    );
    expect(within(card).getByText('Sat, 14 Mar, 6:00 pm – 8:00 pm')).toHaveAttribute(
      'datetime',
      '2026-03-14T12:30:00.000Z',
    );
    expect(within(card).getByText('Main Auditorium')).toBeInTheDocument();
    const carousel = screen.getByRole('region', { name: 'Latest events' });
    expect(within(carousel).getAllByText('Sat, 14 Mar, 6:00 pm – 8:00 pm').length).toBeGreaterThan(0);
    await userEvent.click(within(card).getByRole('button', { name: 'Open the poster of Robotics Night' }));
    const overlay = await screen.findByRole('dialog', { name: 'Robotics Night' });
    expect(within(overlay).getByText('Main Auditorium')).toBeInTheDocument();
  });

  test('when Past is chosen, then the ended events are asked for (?when=past), the tab is kept in the address, and no carousel', async () => {
    const ended = campusEvent(4, {
      title: 'Last Week’s Talk',
      startsAt: '2026-02-20T12:30:00.000Z',
      endsAt: '2026-02-20T14:30:00.000Z',
    });
    const { requests, location } = renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [eventsReply([ended], 'when=past'), ...bothLists([campusEvent(1)])],
    });
    await screen.findByRole('heading', { level: 2, name: 'Upcoming Events' });
    await userEvent.click(screen.getByRole('tab', { name: EVENTS_MESSAGES.pastTab }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Past Events' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Last Week’s Talk' })).toBeInTheDocument();
    expect(requests.at(-1)?.url).toBe('/api/event/allevents?page=1&limit=10&when=past');
    expect(location.search).toBe('?show=past');
    expect(screen.queryByRole('region', { name: 'Latest events' })).not.toBeInTheDocument();
  });

  test('while the first page loads, then "Loading events..."', async () => {
    let release!: () => void;
    renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [
        { ...eventsReply([campusEvent(1)], 'when=upcoming'), hold: new Promise<void>((r) => (release = r)) },
        eventsReply([campusEvent(1)]),
      ],
    });
    expect(await screen.findByText(EVENTS_MESSAGES.loading)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'Upcoming Events' })).toBeInTheDocument();
    expect(screen.queryByText(EVENTS_MESSAGES.loading)).not.toBeInTheDocument();
  });

  test('when events load, then Latest Events shows the first 5 in the carousel and Upcoming Events all of them, with views, Register Now and Follow only with an Instagram link', async () => {
    const events = eventsFrom(7, 7);
    events[0] = { ...events[0]!, instagramLink: 'https://www.instagram.com/e7/', view: 3 };
    events[1] = { ...events[1]!, title: null, description: null };
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: bothLists(events),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Latest Events' })).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/event/allevents?page=1&limit=10');
    expect(requests[1]?.url).toBe('/api/event/allevents?page=1&limit=10&when=upcoming');
    const carousel = await screen.findByRole('region', { name: 'Latest events' });
    expect(within(carousel).getAllByRole('button', { name: /^Show event \d$/ })).toHaveLength(5);

    const cards = within(grid()).getAllByRole('listitem');
    expect(cards).toHaveLength(7);
    expect(within(cards[0]!).getByText('3 views')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Register Now' })).toHaveAttribute(
      'href',
      'https://forms.example.org/7',
    );
    expect(within(cards[0]!).getByRole('link', { name: 'Register Now' })).toHaveAttribute('target', '_blank');
    expect(within(cards[0]!).getByRole('link', { name: 'Follow Event 7 on Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/e7/',
    );
    expect(within(cards[2]!).queryByRole('link', { name: /Follow/ })).not.toBeInTheDocument();
    // The spec's form never asked for a title: a fallback, never an empty heading.
    expect(within(cards[1]!).getByRole('heading', { name: EVENTS_MESSAGES.untitled })).toBeInTheDocument();

    // The grid's posters wait for the carousel's first (the page's largest paint), then load lazily.
    const poster = within(cards[0]!).getByRole('img', { name: 'Poster: Event 7' });
    expect(poster).not.toHaveAttribute('src');
    expect(poster).not.toHaveAttribute('srcset');
    const first = (document.querySelector('.slick-current') as HTMLElement).querySelector('img')!;
    expect(first).toHaveAttribute('srcset', expect.stringContaining(' 320w'));
    fireEvent.load(first);
    expect(poster).toHaveAttribute('srcset', expect.stringContaining(' 320w'));
    expect(poster).toHaveAttribute('loading', 'lazy');
    // Fewer than 10: no more pages.
    expect(screen.queryByRole('button', { name: 'Load More Events' })).not.toBeInTheDocument();
  });

  test('when a card is opened, then the zoomed poster shows and, once the server counted it, one more view', async () => {
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [
        ...bothLists([campusEvent(2), campusEvent(1, { view: 4 })]),
        contractReply(ViewResponse, { success: true, view: 5 }, { match: '/view', method: 'PATCH' }),
      ],
    });
    const card = (await screen.findAllByRole('listitem')).find((li) => within(li).queryByText('4 views'))!;
    await userEvent.click(within(card).getByRole('button', { name: 'Open the poster of Event 1' }));

    const overlay = await screen.findByRole('dialog', { name: 'Event 1' });
    expect(within(overlay).getByRole('img', { name: 'Poster: Event 1' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('5 views')).toBeInTheDocument());
    expect(requests.at(-1)).toMatchObject({
      method: 'PATCH',
      url: `/api/event/events/${campusEvent(1)._id}/view`,
    });

    await userEvent.click(within(overlay).getByRole('button', { name: 'Close poster' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test("when /events?event=<id> is opened (a notification's link), then that event's poster opens, its view is counted, and closing it leaves /events", async () => {
    function WhereAmI() {
      const { pathname, search } = useLocation();
      return <p>at {`${pathname}${search}`}</p>;
    }
    const { requests } = renderRemoteScreen(
      <>
        <EventsPage />
        <WhereAmI />
      </>,
      {
        user: null,
        path: `/events?event=${campusEvent(1)._id}`,
        route: '/events',
        replies: [
          ...bothLists([campusEvent(2), campusEvent(1, { view: 4 })]),
          contractReply(ViewResponse, { success: true, view: 5 }, { match: '/view', method: 'PATCH' }),
        ],
      },
    );

    const overlay = await screen.findByRole('dialog', { name: 'Event 1' });
    expect(within(overlay).getByRole('img', { name: 'Poster: Event 1' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        method: 'PATCH',
        url: `/api/event/events/${campusEvent(1)._id}/view`,
      }),
    );
    await userEvent.click(within(overlay).getByRole('button', { name: 'Close poster' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('at /events')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  test('when the overlay is open, then Tab stays inside, Escape closes it with focus back on the poster button, and a backdrop click closes it too', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [
        ...bothLists([campusEvent(1)]),
        contractReply(ViewResponse, { success: true, view: 1 }, { match: '/view', method: 'PATCH' }),
        contractReply(ViewResponse, { success: true, view: 2 }, { match: '/view', method: 'PATCH' }),
      ],
    });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Events' });
    const opener = within(upcoming).getByRole('button', { name: 'Open the poster of Event 1' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const overlay = await screen.findByRole('dialog', { name: 'Event 1' });
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(overlay).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Event 1' });
    // The backdrop is the layer's element before the dialog panel.
    await userEvent.click(again.previousElementSibling as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  test('when counting the view fails, then the overlay opens anyway and the count stays, with the failure on the console only', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [
        ...bothLists([campusEvent(1, { view: 2 })]),
        errorReply(404, { code: 'EVENT_NOT_FOUND', message: 'Event not found.' }),
      ],
    });
    const carousel = await screen.findByRole('region', { name: 'Latest events' });
    await userEvent.click(within(carousel).getAllByRole('button', { name: 'Learn More' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Event 1' })).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(within(grid()).getByText('2 views')).toBeInTheDocument();
    consoleError.mockRestore();
  });

  test('when a full page came back, then the green Load More Events fetches the next from the cursor the server gave (X-Next-Cursor), merging without duplicates', async () => {
    const first = eventsFrom(20, 10);
    const last = first.at(-1)!;
    const cursor = cursorAfter(last);
    const { requests } = renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [...bothLists(first), eventsReply([last, campusEvent(10), campusEvent(9)], 'cursor=')],
    });
    const more = await screen.findByRole('button', { name: 'Load More Events' });
    await userEvent.click(more);
    await waitFor(() => expect(within(grid()).getAllByRole('listitem')).toHaveLength(12));
    expect(requests.at(-1)?.url).toBe(`/api/event/allevents?cursor=${cursor}&limit=10&when=upcoming`);
    expect(screen.queryByRole('button', { name: 'Load More Events' })).not.toBeInTheDocument();
  });

  test('when there are no events, then an empty state', async () => {
    renderRemoteScreen(<EventsPage />, { user: null, path: '/events', replies: bothLists([]) });
    expect(await screen.findByText(EVENTS_MESSAGES.empty)).toBeInTheDocument();
  });

  test('when loading fails, then an error with a retry', async () => {
    renderRemoteScreen(<EventsPage />, {
      user: null,
      path: '/events',
      replies: [
        errorReply(503, { code: 'UPSTREAM_UNAVAILABLE', message: 'down' }, { match: 'when=upcoming' }),
        ...bothLists([campusEvent(1)]),
      ],
    });
    expect(await screen.findByText('The events could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(
      await within(await screen.findByRole('region', { name: 'Upcoming Events' })).findByRole('heading', {
        name: 'Event 1',
      }),
    ).toBeInTheDocument();
  });
});
