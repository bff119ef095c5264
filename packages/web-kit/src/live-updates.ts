import { useEffect, useRef } from 'react';
import { operationUrl, type AnswerOf } from '@campus/contracts/api-operation';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import { useApiClient, useAuthStore } from '@campus/web-kit/auth-context';
import type { ApiClient } from '@campus/web-kit/api-client';
import { isApiError } from '@campus/web-kit/api-error';
import type { AuthStore } from '@campus/web-kit/auth-store';

/** What each event of the notifications stream carries, by its `event:` name (the operation's answer). */
export type LiveEvents = AnswerOf<typeof notificationsApi.streamNotifications>;
export type LiveEventName = keyof LiveEvents;
type Handler = (data: never) => void;

export interface LiveUpdates {
  /** Calls `handler` with each `name` event's data while the user is signed in; returns the unsubscribe. */
  subscribe<N extends LiveEventName>(name: N, handler: (data: LiveEvents[N]) => void): () => void;
  /** Also streams this post's new comments (`comment` events); returns the release. */
  watchPost(postId: string): () => void;
}

export interface LiveUpdatesOptions {
  /** Milliseconds before the n-th reconnection after the server refused the stream (n from 0). */
  retryDelay?(attempt: number): number;
}

const defaultRetryDelay = (attempt: number) => (attempt === 0 ? 0 : Math.min(30_000, 1000 * 2 ** attempt));

/**
 * The page's one stream of live updates (`GET /api/notifications/stream`, server-sent events): one
 * EventSource per tab, open while the user is signed in and someone listens, closed on sign-out.
 *
 * Reconnecting: when the connection drops, the browser reconnects by itself and sends Last-Event-ID.
 * When the server refuses the stream (the EventSource is then closed for good), a call through the API
 * client says why: an expired access token is renewed by that call and the stream reopens at once; a
 * session that is gone signs the user out (401: no more tries); anything else retries with backoff.
 * A reopen made here (a new watched post, a retry) names the last event seen as `lastEventId`, since
 * the browser sends Last-Event-ID only on its own reconnections.
 */
export function createLiveUpdates(
  store: AuthStore,
  api: ApiClient,
  options: LiveUpdatesOptions = {},
): LiveUpdates {
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  const handlers = new Map<string, Set<Handler>>();
  const watched: string[] = [];
  let source: EventSource | null = null;
  let openedFor: { user: string; post: string | undefined } | null = null;
  let lastEventId = '';
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let syncQueued = false;

  const listening = () => [...handlers.values()].some((set) => set.size > 0);

  function close() {
    clearTimeout(retry);
    retry = undefined;
    source?.close();
    source = null;
    openedFor = null;
  }

  function receive(name: string, event: MessageEvent<string>) {
    if (event.lastEventId) lastEventId = event.lastEventId;
    let data: never;
    try {
      data = JSON.parse(event.data) as never;
    } catch {
      return; // not JSON: not an event of ours
    }
    emit(name, data);
  }

  function emit(name: string, data: never) {
    for (const handler of handlers.get(name) ?? []) {
      try {
        handler(data);
      } catch (error) {
        // One screen's failing handler must not keep the others from hearing the event.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  function open(user: string, post: string | undefined) {
    const EventSourceClass = globalThis.EventSource as typeof EventSource | undefined;
    if (!EventSourceClass) return;
    const url = operationUrl(notificationsApi.streamNotifications, {
      query: { post, lastEventId: lastEventId || undefined },
    });
    const opened = new EventSourceClass(url);
    source = opened;
    openedFor = { user, post };
    opened.onopen = () => {
      attempt = 0;
    };
    opened.onerror = () => {
      // CONNECTING: the browser is reconnecting by itself. CLOSED: the server refused; find out why.
      if (source !== opened || opened.readyState !== EventSourceClass.CLOSED) return;
      source = null;
      api.call(notificationsApi.countUnreadNotifications).then(
        (unread) => {
          if (openedFor?.user !== user || source) return;
          emit('unread', unread as never);
          later();
        },
        (error: unknown) => {
          if (isApiError(error) && error.status === 401) close();
          else if (openedFor?.user === user && !source) later();
        },
      );
    };
    for (const name of ['notification', 'unread', 'comment'])
      opened.addEventListener(name, (event) => {
        if (source === opened) receive(name, event as MessageEvent<string>);
      });
  }

  function later() {
    retry = setTimeout(() => {
      retry = undefined;
      if (openedFor) open(openedFor.user, openedFor.post);
    }, retryDelay(attempt++));
  }

  /** Opens, reopens or closes the stream to match who is signed in, who listens and which post is watched. */
  function sync() {
    syncQueued = false;
    const user = store.getState().user?._id;
    if (!user || !listening()) {
      if (!user) lastEventId = '';
      close();
      return;
    }
    const post = watched[watched.length - 1];
    if (openedFor?.user === user && openedFor.post === post) return;
    if (openedFor && openedFor.user !== user) lastEventId = '';
    close();
    open(user, post);
  }

  // Batched: a screen that releases one post and watches the next (or React's development double
  // effects) reopens the stream once.
  function queueSync() {
    if (syncQueued) return;
    syncQueued = true;
    queueMicrotask(sync);
  }

  store.subscribe(() => {
    if (!store.getState().user) sync();
    else queueSync();
  });

  return {
    subscribe(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      const entry = handler as Handler;
      set.add(entry);
      queueSync();
      return () => {
        set.delete(entry);
        queueSync();
      };
    },
    watchPost(postId) {
      watched.push(postId);
      queueSync();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        watched.splice(watched.lastIndexOf(postId), 1);
        queueSync();
      };
    },
  };
}

const instances = new WeakMap<AuthStore, LiveUpdates>();

/** The live updates of the page's session (one per auth store, so one per tab). */
export function useLiveUpdates(): LiveUpdates {
  const store = useAuthStore();
  const api = useApiClient();
  let live = instances.get(store);
  if (!live) instances.set(store, (live = createLiveUpdates(store, api)));
  return live;
}

/** Calls `handler` (its latest version) with each `name` event while mounted and signed in. */
export function useLiveEvent<N extends LiveEventName>(name: N, handler: (data: LiveEvents[N]) => void): void {
  const live = useLiveUpdates();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => live.subscribe(name, (data) => latest.current(data)), [live, name]);
}

/** Streams `postId`'s new comments (`comment` events) while mounted; none when it is undefined. */
export function useWatchedPost(postId: string | undefined): void {
  const live = useLiveUpdates();
  useEffect(() => (postId ? live.watchPost(postId) : undefined), [live, postId]);
}
