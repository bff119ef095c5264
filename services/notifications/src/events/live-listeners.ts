import { defineEventListeners } from '@campus/service-kit/event-handlers';
import type { StreamHub } from '../live/stream-hub';

/**
 * What every replica hears (the definition's `listens`), for the streams it holds. A deleted
 * account's streams end on every replica (its session is gone; the gateway refuses the reconnect).
 */
export const LIVE_EVENTS = [
  'notifications.changed',
  'community.comment.created',
  'identity.user.deleted',
] as const;

/** Every replica passes each to the open streams it holds (at most once: a stream that missed one resumes by seq). */
export function liveEventListeners(hub: StreamHub) {
  return defineEventListeners(
    {
      'notifications.changed': ({ payload }) => hub.changed(payload),
      'community.comment.created': ({ payload }) => hub.commentCreated(payload),
      'identity.user.deleted': ({ payload }) => hub.endStreamsOf(payload.userId),
    },
    // Some may have been missed (the broker was away): the streams reconnect and catch up by seq.
    { onGap: () => hub.resync() },
  );
}
