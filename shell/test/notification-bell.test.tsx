import '@testing-library/jest-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router-dom';
import { operationUrl } from '@campus/contracts/api-operation';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import { NotificationList, UnreadCount, type Notification } from '@campus/contracts/notifications';
import { ANONYMOUS_ACTOR, NOTIFICATIONS_MESSAGES } from '@campus/contracts/notifications-rules';
import { NOTIFICATIONS_PANEL_SIZE, notificationKeys } from '@campus/web-kit/notification-cache';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { installFakeEventSource, type FakeStreams } from '@campus/web-kit/testing/fake-event-source';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import { NavBar } from '../src/layout/nav-bar';
import NotificationBell, { bellLabel } from '../src/layout/notification-bell';
import { SETTLE_MS } from '../src/layout/read-on-arrival';

const asha = { _id: 'u-asha', name: 'Asha Rao', isTeacher: false };
const MINUTE = 60_000;

const notification = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  _id: id,
  kind: 'community.reply',
  text: `Ravi Kumar replied to your post "Exam tips" (${id})`,
  link: `/post/p1#comment-${id}`,
  actor: { name: 'Ravi Kumar' },
  createdAt: new Date(Date.now() - 5 * MINUTE).toISOString(),
  read: false,
  count: 1,
  ...overrides,
});

const countUrl = operationUrl(notificationsApi.countUnreadNotifications);
const latestUrl = operationUrl(notificationsApi.listNotifications, {
  query: { limit: NOTIFICATIONS_PANEL_SIZE },
});
const readUrl = operationUrl(notificationsApi.markNotificationsRead);

const unreadReply = (count: number) => contractReply(UnreadCount, { count }, { url: countUrl });
const latestReply = (items: Notification[]) => contractReply(NotificationList, items, { url: latestUrl });
const markedReply = (count: number) =>
  contractReply(UnreadCount, { count }, { url: readUrl, method: 'PATCH' });

/** Where the router is, hash included (a notification's link may name a comment). */
function WhereAmI() {
  const { pathname, hash } = useLocation();
  return <p>at {`${pathname}${hash}`}</p>;
}

/** Unread notifications about another post: none points at the page the bell is on. */
const elsewhere = (count: number) =>
  Array.from({ length: count }, (_, i) => notification(`e${i}`, { link: `/post/p9#comment-e${i}` }));

/**
 * The bell at /feature with `unread` unread. With some, the bell first loads the latest to learn
 * whether one points at the page it is on (here none does): `latest` answers that, before the
 * `replies`, and the screen is handed over once it is in (so what the test does next meets a bell
 * that has settled).
 */
async function openBell(
  unread: number,
  replies: ScriptedReply[] = [],
  latest: Notification[] = elsewhere(unread),
) {
  const screen = renderRemoteScreen(
    <>
      <NotificationBell />
      <WhereAmI />
    </>,
    {
      user: asha,
      path: '/feature',
      route: '*',
      replies: [unreadReply(unread), ...(unread > 0 ? [latestReply(latest)] : []), ...replies],
    },
  );
  if (unread > 0)
    await waitFor(() =>
      expect(screen.queryClient.getQueryData(notificationKeys.latest(asha._id))).toBeDefined(),
    );
  return screen;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

let streams: FakeStreams;
beforeEach(() => {
  streams = installFakeEventSource();
});
afterEach(() => streams.uninstall());

describe('the bell', () => {
  test('when a signed-in user has 3 unread, then the bell says so; the stream moves the count without a reload, "9+" past nine', async () => {
    const { requests } = await openBell(3);

    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(within(bell()).getByText('3')).toBeInTheDocument();
    // The count, then the latest (to see whether one points at this page: none does).
    expect(requests.map((request) => request.url)).toEqual([countUrl, latestUrl]);

    await waitFor(() => expect(streams.open()).toHaveLength(1));
    act(() => {
      streams.latest().accept();
      streams.latest().send('unread', { count: 12 });
    });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 12 unread'));
    expect(within(bell()).getByText('9+')).toBeInTheDocument();

    act(() => streams.latest().send('unread', { count: 0 }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(within(bell()).queryByText(/\d/)).not.toBeInTheDocument();
  });

  test('when it is opened, then a panel with the latest 8: what, who (or Anonymous User), when, and which are unread', async () => {
    const latest = [
      notification('c2'),
      notification('c1', {
        text: 'Someone replied to your comment',
        actor: { name: ANONYMOUS_ACTOR },
        read: true,
        createdAt: new Date(Date.now() - 3 * 60 * MINUTE).toISOString(),
      }),
    ];
    const { requests } = await openBell(1, [latestReply(latest)], latest);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    await userEvent.click(bell());

    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveFocus();
    const rows = await within(panel).findAllByRole('link', { name: /replied/ });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAccessibleName(/^Unread: Ravi Kumar replied to your post "Exam tips" \(c2\)/);
    expect(within(rows[0]!).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('5 min ago')).toBeInTheDocument();
    expect(rows[1]).toHaveAccessibleName(/^Someone replied to your comment/);
    expect(within(rows[1]!).getByText(ANONYMOUS_ACTOR)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3 h ago')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain(latestUrl);
  });

  test('when an unread one is clicked, then it is marked read and its place opens (the comment in the post)', async () => {
    const latest = [notification('c7'), notification('c8', { link: '/post/p2#comment-c8' })];
    const { requests } = await openBell(2, [latestReply(latest), markedReply(1)], latest);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell());

    await userEvent.click(await screen.findByRole('link', { name: /\(c7\)/ }));

    expect(screen.getByText('at /post/p1#comment-c7')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch).toMatchObject({ url: readUrl, body: { ids: ['c7'] } });
  });

  test('when a read one is clicked, then its place opens and nothing is sent', async () => {
    const { requests } = await openBell(0, [latestReply([notification('c7', { read: true })])]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));

    await userEvent.click(await screen.findByRole('link', { name: /\(c7\)/ }));

    expect(screen.getByText('at /post/p1#comment-c7')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  test('when Mark all read is pressed, then all are marked read on the service and shown read', async () => {
    const latest = [notification('c2'), notification('c1')];
    const { requests } = await openBell(2, [latestReply(latest), markedReply(0)], latest);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell());
    await screen.findAllByRole('link', { name: /^Unread:/ });

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));

    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(screen.queryAllByRole('link', { name: /^Unread:/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({
      url: readUrl,
      body: { all: true },
    });
  });

  test('when marking all read fails, then it says so and the unread come back', async () => {
    await openBell(
      1,
      [
        latestReply([notification('c1')]),
        errorReply(
          503,
          { message: 'Notifications is unavailable', code: 'SERVICE_UNAVAILABLE' },
          { method: 'PATCH' },
        ),
        unreadReply(1),
        latestReply([notification('c1')]),
      ],
      [notification('c1')],
    );
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell());
    await screen.findByRole('link', { name: /^Unread:/ });

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));

    expect(
      await screen.findByText('Could not mark them read: Notifications is unavailable'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Unread:/ })).toBeInTheDocument();
  });

  test('when there are none, then the empty message, and See all and Settings lead to their pages', async () => {
    await openBell(0, [latestReply([])]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(await screen.findByText(NOTIFICATIONS_MESSAGES.empty)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'See all' }));
    expect(screen.getByText('at /notifications')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(bell());
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(screen.getByText('at /notifications/settings')).toBeInTheDocument();
  });

  test('when the latest fail to load, then the error with Try Again, which loads them', async () => {
    await openBell(0, [
      errorReply(503, { message: 'Notifications is unavailable', code: 'SERVICE_UNAVAILABLE' }),
      latestReply([notification('c1')]),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(
      await screen.findByText('Could not load notifications: Notifications is unavailable'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /\(c1\)/ })).toBeInTheDocument();
  });

  test('when Escape is pressed, then the panel closes and focus is back on the bell; a click outside closes it too', async () => {
    await openBell(0, [latestReply([]), latestReply([])]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(bell());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByText('at /feature'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('when a notification arrives while the panel is open, then it goes on top; a grouped one replaces its old entry', async () => {
    const latest = [notification('c2'), notification('c1')];
    await openBell(1, [latestReply(latest)], latest);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await screen.findAllByRole('link', { name: /replied/ });
    await waitFor(() => expect(streams.open()).toHaveLength(1));

    act(() => streams.latest().send('notification', notification('c3'), '12'));
    act(() =>
      streams
        .latest()
        .send('notification', notification('c1', { text: '3 new replies in "Exam tips"', count: 3 }), '13'),
    );

    const rows = () => within(screen.getByRole('dialog')).getAllByRole('link', { name: /replied|replies/ });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('3 new replies in "Exam tips"'),
      expect.stringContaining('(c3)'),
      expect.stringContaining('(c2)'),
    ]);
  });
});

describe('the nav bar', () => {
  test('when a guest visits, then there is no bell and no stream', async () => {
    renderRemoteScreen(<NavBar />, { user: null, path: '/feature' });
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(streams.made()).toEqual([]);
  });

  test('when a user is signed in, then the bell is in the nav bar', async () => {
    renderRemoteScreen(<NavBar />, {
      user: asha,
      path: '/feature',
      replies: [unreadReply(4), latestReply(elsewhere(4))],
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  });
});

/** Ways to a place that are not the bell: a post in a list, a link in a message, a shared URL. */
function Elsewhere() {
  return (
    <nav aria-label="Elsewhere">
      <Link to="/post/p1">Exam tips</Link>
      <Link to="/post/p1#comment-c8">The eighth comment</Link>
      <Link to="/post/p2">Hostel wifi</Link>
      <Link to="/events?event=e9">Hackathon</Link>
      <Link to="/community">Community</Link>
    </nav>
  );
}

describe('being on the place a notification links to marks it read', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    // The place must hold for SETTLE_MS: the clock is moved, never waited for.
    jest.useFakeTimers();
    user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  });
  afterEach(() => {
    jest.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  /** The bell on `path` once its count is in (a count of 0 looks the same as one on its way). */
  async function onPage(path: string, unread: number, replies: ScriptedReply[]) {
    const page = renderRemoteScreen(
      <>
        <NotificationBell />
        <WhereAmI />
        <Elsewhere />
      </>,
      { user: asha, path, route: '*', replies: [unreadReply(unread), ...replies] },
    );
    await waitFor(() =>
      expect(page.queryClient.getQueryState(notificationKeys.unread(asha._id))?.status).toBe('success'),
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName(bellLabel(unread)));
    return page;
  }

  /** The place holds for SETTLE_MS, and whatever that sends is answered. */
  const settle = () => act(() => jest.advanceTimersByTimeAsync(SETTLE_MS));
  const go = (name: string) => user.click(screen.getByRole('link', { name }));
  const placesMarked = (requests: Array<{ method: string; body: unknown }>) =>
    requests.filter((request) => request.method === 'PATCH').map((request) => request.body);
  const openStream = async () => {
    await waitFor(() => expect(streams.open()).toHaveLength(1));
    act(() => streams.latest().accept());
  };

  test('when Asha opens a thread some other way than its notification, then her unread there are marked read, once, the #part ignored; a place with none costs nothing', async () => {
    const inThread = notification('c7');
    const event = notification('c9', { kind: 'events.new', link: '/events?event=e9' });
    const { requests } = await onPage('/feature', 2, [
      latestReply([inThread, event]),
      markedReply(1),
      markedReply(0),
    ]);
    await settle();
    // On arrival the bell learnt where its unread ones point (the latest): none here, nothing marked.
    expect(requests.map((request) => request.url)).toEqual([countUrl, latestUrl]);

    await go('Exam tips');
    await settle();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(placesMarked(requests)).toEqual([{ place: '/post/p1' }]);
    expect(requests.at(-1)?.url).toBe(readUrl);

    // A comment of the same thread is the same place; a thread with none unread asks nothing.
    await go('The eighth comment');
    await settle();
    await go('Hostel wifi');
    await settle();
    expect(placesMarked(requests)).toEqual([{ place: '/post/p1' }]);

    await go('Hackathon');
    await settle();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(placesMarked(requests)).toEqual([{ place: '/post/p1' }, { place: '/events?event=e9' }]);
  });

  test('when she only passes through a place, then it is not marked: only where she stays', async () => {
    const { requests } = await onPage('/feature', 1, [latestReply([notification('c7')]), markedReply(0)]);
    await settle();

    await go('Exam tips');
    await go('Community');
    await settle();

    expect(placesMarked(requests)).toEqual([]);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  test('when some unread ones are older than the latest the bell holds, then the service is asked about the place', async () => {
    const { requests } = await onPage('/feature', 3, [latestReply([notification('c7')]), markedReply(3)]);
    await settle();

    await waitFor(() => expect(placesMarked(requests)).toEqual([{ place: '/feature' }]));
    expect(bell()).toHaveAccessibleName('Notifications, 3 unread');
  });

  test('when nothing is unread, then moving between places sends nothing; once something is, the place she goes to is looked at', async () => {
    const wifi = notification('c21', { link: '/post/p2#comment-c21' });
    const { requests } = await onPage('/feature', 0, [latestReply([wifi]), markedReply(0)]);
    await settle();
    await go('Exam tips');
    await settle();
    await go('Hackathon');
    await settle();
    await go('The eighth comment');
    await settle();
    expect(requests.map((request) => request.url)).toEqual([countUrl]);

    // A reply in another thread arrives: not this place, so nothing yet; going there marks it.
    await openStream();
    act(() => {
      streams.latest().send('notification', wifi, '31');
      streams.latest().send('unread', { count: 1 }, '31');
    });
    await settle();
    expect(requests.map((request) => request.url)).toEqual([countUrl]);
    await go('Hostel wifi');
    await settle();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(placesMarked(requests)).toEqual([{ place: '/post/p2' }]);
  });

  test('when a notification arrives live for the thread she is on, or its grouped one grows, then it is marked read; one for another place stays unread', async () => {
    const { requests } = await onPage('/post/p1', 0, [markedReply(0), markedReply(1)]);
    await openStream();

    act(() => {
      streams.latest().send('notification', notification('c12'), '40');
      streams.latest().send('unread', { count: 1 }, '40');
    });
    await settle();
    await waitFor(() => expect(placesMarked(requests)).toEqual([{ place: '/post/p1' }]));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));

    act(() => {
      streams.latest().send('notification', notification('c13', { link: '/post/p2#comment-c13' }), '41');
      streams.latest().send('unread', { count: 1 }, '41');
    });
    await settle();
    expect(placesMarked(requests)).toHaveLength(1);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');

    act(() => {
      streams.latest().send('notification', notification('c12', { text: '2 new replies', count: 2 }), '42');
      streams.latest().send('unread', { count: 2 }, '42');
    });
    await settle();
    await waitFor(() => expect(placesMarked(requests)).toHaveLength(2));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
  });

  test('when the tab is in the background, then a notification for its place waits until she is back', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    const { requests } = await onPage('/post/p1', 0, [markedReply(0)]);
    await openStream();

    visibility = 'hidden';
    act(() => {
      streams.latest().send('notification', notification('c12'), '50');
      streams.latest().send('unread', { count: 1 }, '50');
    });
    await settle();
    expect(placesMarked(requests)).toEqual([]);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');

    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(placesMarked(requests)).toEqual([{ place: '/post/p1' }]));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
  });
});
