import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import { createApiClient } from '../src/api-client';
import { AuthProvider } from '../src/auth-context';
import { createAuthStore, type AuthStore, type SessionUser } from '../src/auth-store';
import { createLiveUpdates, useLiveEvent, useWatchedPost, type LiveUpdates } from '../src/live-updates';
import { FakeEventSource, installFakeEventSource, type FakeStreams } from '../src/testing/fake-event-source';
import { scriptedFetch, type ScriptedReply } from '../src/testing/scripted-fetch';

const asha = { _id: 'u-asha', name: 'Asha Rao', isTeacher: false };
const ravi = { _id: 'u-ravi', name: 'Ravi Kumar', isTeacher: false };
const notification = (id: string) => ({
  _id: id,
  kind: 'community.reply',
  text: 'Ravi Kumar replied to your post "Exam tips"',
  link: '/post/p1#comment-c1',
  actor: { name: 'Ravi Kumar' },
  createdAt: '2026-03-01T09:00:00.000Z',
  read: false,
  count: 1,
});

let streams: FakeStreams;
const made = () => streams.made();
const latest = () => streams.latest();
const live = () => streams.open();

interface Setup {
  store: AuthStore;
  updates: LiveUpdates;
  requests: ReturnType<typeof scriptedFetch>['requests'];
  delays: number[];
}

function setUp({
  user = asha,
  replies = [],
}: { user?: SessionUser | null; replies?: ScriptedReply[] } = {}): Setup {
  const { fetch, requests } = scriptedFetch(replies);
  const store = createAuthStore(localStorage);
  store.dispatch(user ? { type: 'LOGIN_SUCCESS', payload: user } : { type: 'LOGOUT' });
  const api = createApiClient({ fetch, onSignedOut: () => store.dispatch({ type: 'LOGOUT' }) });
  const delays: number[] = [];
  const updates = createLiveUpdates(store, api, {
    retryDelay: (attempt) => {
      delays.push(attempt);
      return 0;
    },
  });
  return { store, updates, requests, delays };
}

beforeEach(() => {
  streams = installFakeEventSource();
});

afterEach(() => streams.uninstall());

describe('live updates: one stream per tab, only while signed in', () => {
  test('when a signed-in page listens in two places, then one stream at the stream operation, and both hear its events', async () => {
    const { updates } = setUp();
    const bell: unknown[] = [];
    const page: unknown[] = [];
    updates.subscribe('unread', (data) => bell.push(data));
    updates.subscribe('notification', (data) => page.push(data._id));

    await waitFor(() => expect(made()).toHaveLength(1));
    expect(latest().path).toBe(notificationsApi.streamNotifications.path);
    expect([...latest().query.keys()]).toEqual([]);
    latest().accept();
    latest().send('unread', { count: 3 });
    latest().send('notification', notification('n1'), '41');

    expect(bell).toEqual([{ count: 3 }]);
    expect(page).toEqual(['n1']);
    expect(made()).toHaveLength(1);
  });

  test('when a guest listens, then no stream; when they sign in, then it opens', async () => {
    const { store, updates } = setUp({ user: null });
    updates.subscribe('unread', () => undefined);
    await Promise.resolve();
    expect(made()).toHaveLength(0);

    store.dispatch({ type: 'LOGIN_SUCCESS', payload: asha });
    await waitFor(() => expect(made()).toHaveLength(1));
  });

  test('when the user signs out, then the stream closes at once and nothing more is heard; signing in again starts afresh', async () => {
    const { store, updates } = setUp();
    const heard: unknown[] = [];
    updates.subscribe('unread', (data) => heard.push(data));
    await waitFor(() => expect(made()).toHaveLength(1));
    const first = latest();
    first.accept();
    first.send('notification', notification('n1'), '41');

    store.dispatch({ type: 'LOGOUT' });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    first.send('unread', { count: 9 });
    expect(heard).toEqual([]);

    store.dispatch({ type: 'LOGIN_SUCCESS', payload: ravi });
    await waitFor(() => expect(made()).toHaveLength(2));
    // Another user's stream does not resume from the last one's events.
    expect(latest().query.get('lastEventId')).toBeNull();
  });

  test('when nobody listens any more, then the stream closes', async () => {
    const { updates } = setUp();
    const stop = updates.subscribe('unread', () => undefined);
    await waitFor(() => expect(live()).toHaveLength(1));
    stop();
    await waitFor(() => expect(live()).toHaveLength(0));
  });
});

describe('live updates: watching a post', () => {
  test('when a post is watched, then the stream reopens once with ?post= and resumes after the last event seen', async () => {
    const { updates } = setUp();
    const comments: unknown[] = [];
    updates.subscribe('comment', (data) => comments.push(data));
    await waitFor(() => expect(made()).toHaveLength(1));
    const first = latest();
    first.accept();
    first.send('notification', notification('n1'), '41');

    const release = updates.watchPost('p1');
    await waitFor(() => expect(made()).toHaveLength(2));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(latest().query.get('post')).toBe('p1');
    expect(latest().query.get('lastEventId')).toBe('41');
    latest().accept();
    latest().send('comment', { postId: 'p1', commentId: 'c9', parentId: null });
    expect(comments).toEqual([{ postId: 'p1', commentId: 'c9', parentId: null }]);

    release();
    await waitFor(() => expect(made()).toHaveLength(3));
    expect(latest().query.get('post')).toBeNull();
    expect(live()).toHaveLength(1);
  });

  test('when a screen releases one post and watches the next in the same moment, then the stream reopens once', async () => {
    const { updates } = setUp();
    updates.subscribe('comment', () => undefined);
    const releaseFirst = updates.watchPost('p1');
    await waitFor(() => expect(made()).toHaveLength(1));
    expect(latest().query.get('post')).toBe('p1');

    releaseFirst();
    updates.watchPost('p2');
    await waitFor(() => expect(latest().query.get('post')).toBe('p2'));
    expect(made()).toHaveLength(2);
  });
});

describe('live updates: when the stream fails', () => {
  test('when the connection drops, then the browser reconnects by itself: no second stream, no call', async () => {
    const { updates, requests } = setUp();
    updates.subscribe('unread', () => undefined);
    await waitFor(() => expect(made()).toHaveLength(1));
    latest().accept();
    latest().drop();
    await Promise.resolve();
    expect(made()).toHaveLength(1);
    expect(requests).toHaveLength(0);
  });

  test('when the server refuses the stream and the session is fine, then the count is refreshed and the stream reopens after the last event', async () => {
    const { updates, requests } = setUp({
      replies: [{ status: 200, body: { count: 4 }, url: notificationsApi.countUnreadNotifications.path }],
    });
    const heard: unknown[] = [];
    updates.subscribe('unread', (data) => heard.push(data));
    await waitFor(() => expect(made()).toHaveLength(1));
    latest().accept();
    latest().send('notification', notification('n1'), '57');
    latest().refuse();

    await waitFor(() => expect(made()).toHaveLength(2));
    expect(requests.map((request) => request.url)).toEqual([notificationsApi.countUnreadNotifications.path]);
    expect(heard).toEqual([{ count: 4 }]);
    expect(latest().query.get('lastEventId')).toBe('57');
  });

  test('when the server keeps failing, then each retry waits longer, and an open stream resets the wait', async () => {
    const unavailable = {
      status: 503,
      body: { success: false, message: 'Down', code: 'SERVICE_UNAVAILABLE' },
    };
    const { updates, delays } = setUp({
      replies: [unavailable, unavailable, { status: 200, body: { count: 0 } }],
    });
    updates.subscribe('unread', () => undefined);
    await waitFor(() => expect(made()).toHaveLength(1));

    latest().refuse();
    await waitFor(() => expect(made()).toHaveLength(2));
    latest().refuse();
    await waitFor(() => expect(made()).toHaveLength(3));
    expect(delays).toEqual([0, 1]);

    latest().accept();
    latest().refuse();
    await waitFor(() => expect(made()).toHaveLength(4));
    expect(delays).toEqual([0, 1, 0]);
  });

  test('when the server refuses the stream and the session is gone (401), then the user is signed out and no stream reopens', async () => {
    const expired = {
      status: 401,
      body: { success: false, message: 'Session expired', code: 'UNAUTHORIZED' },
    };
    const { store, updates, requests } = setUp({ replies: [expired, expired] });
    updates.subscribe('unread', () => undefined);
    await waitFor(() => expect(made()).toHaveLength(1));
    latest().refuse();

    await waitFor(() => expect(store.getState().user).toBeNull());
    // The count call, then the refresh it tried: nothing after.
    expect(requests).toHaveLength(2);
    await Promise.resolve();
    expect(made()).toHaveLength(1);
  });
});

describe('useLiveEvent and useWatchedPost', () => {
  function Thread() {
    const [postId, setPostId] = useState<string | undefined>('p1');
    const [count, setCount] = useState<number | null>(null);
    useLiveEvent('unread', (data) => setCount(data.count));
    useWatchedPost(postId);
    return (
      <>
        <p>unread: {count ?? 'unknown'}</p>
        <button onClick={() => setPostId(undefined)}>leave</button>
      </>
    );
  }

  test('when a screen listens and watches, then it hears the events, and leaving the post reopens without it', async () => {
    const { fetch } = scriptedFetch([]);
    const store = createAuthStore(localStorage);
    store.dispatch({ type: 'LOGIN_SUCCESS', payload: asha });
    render(
      <AuthProvider store={store} api={createApiClient({ fetch })}>
        <Thread />
      </AuthProvider>,
    );

    await waitFor(() => expect(live()).toHaveLength(1));
    expect(latest().query.get('post')).toBe('p1');
    act(() => {
      latest().accept();
      latest().send('unread', { count: 2 });
    });
    expect(screen.getByText('unread: 2')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'leave' }).click());
    await waitFor(() => expect(latest().query.get('post')).toBeNull());
    expect(live()).toHaveLength(1);
  });
});
