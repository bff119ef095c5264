import '@testing-library/jest-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { operationUrl } from '@campus/contracts/api-operation';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import { NotificationList, UnreadCount, type Notification } from '@campus/contracts/notifications';
import {
  ANONYMOUS_ACTOR,
  NOTIFICATIONS_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
} from '@campus/contracts/notifications-rules';
import { contractReply, errorReply, type ReplyTarget } from '@campus/web-kit/testing/api-replies';
import { installFakeEventSource, type FakeStreams } from '@campus/web-kit/testing/fake-event-source';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import NotificationsPage from '../src/notifications-page';

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

const listPath = notificationsApi.listNotifications.path;
const countUrl = operationUrl(notificationsApi.countUnreadNotifications);
const readUrl = operationUrl(notificationsApi.markNotificationsRead);

/** A page of the list as the service answers it: the next page's cursor in X-Next-Cursor. */
function page(items: Notification[], { nextCursor, ...target }: ReplyTarget & { nextCursor?: string } = {}) {
  const reply = contractReply(NotificationList, items, { match: `${listPath}?`, method: 'GET', ...target });
  return nextCursor ? { ...reply, headers: { 'X-Next-Cursor': nextCursor } } : reply;
}
const unreadReply = (count: number) => contractReply(UnreadCount, { count }, { url: countUrl });
const markedReply = (count: number) =>
  contractReply(UnreadCount, { count }, { url: readUrl, method: 'PATCH' });

function WhereAmI() {
  const { pathname, hash } = useLocation();
  return <p>at {`${pathname}${hash}`}</p>;
}

const open = (replies: ScriptedReply[], user: typeof asha | null = asha) =>
  renderRemoteScreen(
    <>
      <NotificationsPage />
      <WhereAmI />
    </>,
    { user, path: '/notifications', route: '*', replies },
  );

const entries = () => within(screen.getByRole('list')).getAllByRole('listitem');

let streams: FakeStreams;
beforeEach(() => {
  streams = installFakeEventSource();
});
afterEach(() => streams.uninstall());

describe('/notifications', () => {
  test('when a guest opens it, then a sign-in prompt that comes back here, and nothing is asked of the service', async () => {
    const { requests } = open([], null);

    expect(screen.getByRole('heading', { level: 1, name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see your notifications.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/notifications')}`,
    );
    expect(requests).toEqual([]);
    expect(streams.made()).toEqual([]);
  });

  test('when a user opens it, then theirs newest first: what, who (or Anonymous User), when, unread marked', async () => {
    const { requests } = open([
      page([
        notification('c2'),
        notification('c1', {
          text: 'Someone replied to your comment',
          actor: { name: ANONYMOUS_ACTOR },
          createdAt: new Date(Date.now() - 2 * 24 * 60 * MINUTE).toISOString(),
          read: true,
        }),
        notification('e1', {
          kind: 'events.new',
          text: 'New event: Hackathon',
          link: '/events?event=e1',
          actor: null,
          read: true,
        }),
      ]),
      unreadReply(1),
    ]);

    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    await screen.findByText(/\(c2\)/);
    const [first, second, third] = entries();
    expect(within(first!).getByRole('link')).toHaveAccessibleName(/^Unread: Ravi Kumar replied .*\(c2\)/);
    expect(within(first!).getByText('5 min ago')).toBeInTheDocument();
    expect(within(second!).getByRole('link')).toHaveAccessibleName(/^Someone replied to your comment/);
    expect(within(second!).getByText(ANONYMOUS_ACTOR)).toBeInTheDocument();
    expect(within(second!).getByText('2 days ago')).toBeInTheDocument();
    expect(within(third!).getByRole('link')).toHaveAttribute('href', '/events?event=e1');
    expect(await screen.findByText('1 unread')).toBeInTheDocument();

    const list = new URL(
      requests.find((request) => request.url.startsWith(`${listPath}?`))!.url,
      'http://c.test',
    );
    expect(list.searchParams.get('cursor')).toBeNull();
    expect(list.searchParams.get('limit')).toBe(String(NOTIFICATIONS_PAGE_SIZE));
  });

  test('when there is more, then Load More asks for the page after the cursor the service gave', async () => {
    const { requests } = open([
      page([notification('c3'), notification('c2')], { nextCursor: 'after-c2' }),
      unreadReply(3),
      page([notification('c1')], { match: 'cursor=after-c2' }),
    ]);
    await screen.findByText(/\(c3\)/);

    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByText(/\(c1\)/)).toBeInTheDocument();
    expect(entries()).toHaveLength(3);
    expect(screen.getByText('That is every notification you have.')).toBeInTheDocument();
    expect(requests.filter((request) => request.url.includes('cursor=after-c2'))).toHaveLength(1);
  });

  test('when there are none, then the empty message', async () => {
    open([page([]), unreadReply(0)]);
    expect(await screen.findByText(NOTIFICATIONS_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  test('when the list fails to load, then the error, and Try Again loads it', async () => {
    open([
      errorReply(
        503,
        { message: 'Notifications is unavailable', code: 'SERVICE_UNAVAILABLE' },
        { match: `${listPath}?` },
      ),
      unreadReply(0),
      page([notification('c1')]),
    ]);

    expect(
      await screen.findByText('Could not load your notifications: Notifications is unavailable'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/\(c1\)/)).toBeInTheDocument();
  });

  test('when an unread one is opened, then it is marked read and its place opens', async () => {
    const { requests } = open([page([notification('c2')]), unreadReply(1), markedReply(0)]);
    await screen.findByText(/\(c2\)/);

    await userEvent.click(screen.getByRole('link', { name: /\(c2\)/ }));

    expect(screen.getByText('at /post/p1#comment-c2')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({
        url: readUrl,
        body: { ids: ['c2'] },
      }),
    );
  });

  test('when Mark all read is pressed, then every one is shown read and the unread count is gone', async () => {
    const { requests } = open([
      page([notification('c2'), notification('c1')]),
      unreadReply(2),
      markedReply(0),
    ]);
    await screen.findByText('2 unread');

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));

    await waitFor(() => expect(screen.queryByText('2 unread')).not.toBeInTheDocument());
    expect(screen.queryAllByRole('link', { name: /^Unread:/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({ body: { all: true } });
  });

  test('when a notification arrives, then it goes on top; one that grouped another cause replaces its old entry and moves up', async () => {
    open([page([notification('c2'), notification('c1')]), unreadReply(2)]);
    await screen.findByText(/\(c2\)/);
    await waitFor(() => expect(streams.open()).toHaveLength(1));

    act(() => streams.latest().send('notification', notification('c3'), '21'));
    act(() =>
      streams
        .latest()
        .send('notification', notification('c1', { text: '4 new replies in "Exam tips"', count: 4 }), '22'),
    );

    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries().map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('4 new replies in "Exam tips"'),
      expect.stringContaining('(c3)'),
      expect.stringContaining('(c2)'),
    ]);
  });
});
