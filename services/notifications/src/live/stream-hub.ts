import type { EventPayload } from '@campus/contracts/events';
import type { LiveComment, Notification, UnreadCount } from '@campus/contracts/notifications';
import { STREAM_EVENTS } from '@campus/contracts/notifications-rules';
import type { EventStream } from '@campus/service-kit/event-stream';
import type { Logger } from 'pino';
import type { NotificationRecord } from '../data/notification-store';
import { toNotification } from '../domain/notification-wire';

/** What a stream reads from the database when it opens (data/change-feed.ts). */
export interface StreamSource {
  changedSince(userId: string, afterSeq: number): Promise<NotificationRecord[]>;
  /** The user's newest change (`seq`, 0 when none) and unread count, read together. */
  snapshot(userId: string): Promise<{ position: number; unread: number }>;
}

type Changed = EventPayload<'notifications.changed'>;
type CommentCreated = EventPayload<'community.comment.created'>;

/** Streams one user may have open on one replica (tabs); a further one closes their oldest. */
export const STREAMS_PER_USER = 16;
/** How often a stream that opens re-reads the count while changes keep arriving, before it goes live anyway. */
const CATCH_UP_ROUNDS = 3;

interface Client {
  userId: string;
  postId: string | undefined;
  stream: EventStream;
  /**
   * Where the client stands (its stream's `id:`, what it resumes from): the newest change it was
   * sent or, once it went live, the newest of its user's when it did. Never goes back.
   */
  position: number;
  /** The changes read from the database for it: a broadcast of one of them may still come, and is not sent twice. */
  caughtUp: Set<number>;
  /**
   * The newest change when its count was first read. A broadcast of a change up to it is late (the
   * outbox relays after the commit, so a stream that opens in between hears it after its read):
   * its count may predate what the client was sent, so the count is read again instead.
   */
  counted: number;
  /** Counts sent so far, and the last: a count read again is sent only if it is the newest and differs. */
  countsSent: number;
  lastCount: number | undefined;
  /** Changes that came while it was catching up from the database; undefined once it is live. */
  backlog: Changed[] | undefined;
}

/**
 * The open streams of this replica, by user and by watched post. Every replica hears every
 * 'notifications.changed' and 'community.comment.created' (the kit's broadcast listeners) and
 * passes each to the streams it holds: a change to its user's streams only, a comment to the
 * streams watching its post (ids only: never who wrote it). Nothing here is durable: a stream that
 * missed something catches up from the database when it reconnects (`Last-Event-ID` = seq).
 */
export function createStreamHub(deps: { source: StreamSource; logger: Logger }) {
  const { source, logger } = deps;
  const byUser = new Map<string, Set<Client>>();
  const byPost = new Map<string, Set<Client>>();

  const add = <K>(index: Map<K, Set<Client>>, key: K, client: Client) => {
    const set = index.get(key) ?? new Set<Client>();
    set.add(client);
    index.set(key, set);
  };
  const remove = <K>(index: Map<K, Set<Client>>, key: K, client: Client) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) index.delete(key);
  };

  const sendNotification = (client: Client, notification: Notification, seq: number) => {
    client.position = Math.max(client.position, seq);
    client.stream.send(STREAM_EVENTS.notification, notification, client.position);
  };
  /** A change as it was broadcast, unless the client already has it from the database. */
  const sendChange = (client: Client, change: Changed) => {
    if (!change.notification || client.caughtUp.has(change.notification.seq)) return;
    const { seq, ...notification } = change.notification;
    sendNotification(client, notification, seq);
  };
  const sendUnread = (client: Client, count: number) => {
    client.countsSent++;
    client.lastCount = count;
    client.stream.send(STREAM_EVENTS.unread, { count } satisfies UnreadCount, client.position);
  };
  const isLate = (client: Client, change: Changed) =>
    change.notification !== undefined && change.notification.seq <= client.counted;

  /** The count as the database has it now, unless a newer one went out while it was read or it is the same. */
  async function recount(client: Client): Promise<void> {
    const before = client.countsSent;
    try {
      const { unread } = await source.snapshot(client.userId);
      if (client.countsSent === before && unread !== client.lastCount && !client.stream.ended)
        sendUnread(client, unread);
    } catch (err) {
      logger.warn({ err }, 'unread count could not be read again for a late change');
    }
  }

  const deliver = (client: Client, change: Changed) => {
    sendChange(client, change);
    if (isLate(client, change)) void recount(client);
    else sendUnread(client, change.unread);
  };

  /**
   * Sends what the client missed (after `after`), then the unread count, then goes live. Changes
   * heard meanwhile wait in its backlog and follow in order, so none is lost between the read and
   * going live; if some came, the count is read again (it may predate them).
   */
  async function catchUp(client: Client, after: number | undefined): Promise<void> {
    const { userId } = client;
    // Read before the changes: whatever is newer than this comes through the backlog or the database.
    const { position, unread } = await source.snapshot(userId);
    client.counted = position;
    // A resume point past every change of the user's is not one of ours (another database, or made
    // up): keeping it would stamp every later event with it, and the next resume would miss them.
    if (after !== undefined && after <= position) {
      client.position = after;
      // Nothing newer than the position: what comes after it is heard (backlog, then live).
      const missed = after < position ? await source.changedSince(userId, after) : [];
      for (const record of missed) {
        client.caughtUp.add(record.seq);
        sendNotification(client, toNotification(record), record.seq);
      }
    }
    // Late changes (up to the position) wait until the count went out: sent before it, a stream
    // would not start with its count; their own count may be older than the one read.
    const late: Changed[] = [];
    for (let round = 1; ; round++) {
      const count = round === 1 ? unread : (await source.snapshot(userId)).unread;
      const heard = client.backlog?.splice(0) ?? [];
      const fresh = heard.filter((change) => !isLate(client, change));
      late.push(...heard.filter((change) => isLate(client, change)));
      for (const change of fresh) sendChange(client, change);
      if (fresh.length === 0 || round === CATCH_UP_ROUNDS) {
        client.position = Math.max(client.position, position);
        sendUnread(client, fresh.length === 0 ? count : fresh[fresh.length - 1]!.unread);
        client.backlog = undefined;
        for (const change of late) deliver(client, change);
        return;
      }
    }
  }

  return {
    /** Streams open on this replica. */
    get size(): number {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    /**
     * Takes a newly opened stream of `userId` (watching `postId`'s comments, if given), resuming
     * after `after` (the seq of the last notification it received) when it says one.
     */
    async connect(stream: EventStream, watch: { userId: string; postId?: string; after?: number }) {
      const client: Client = {
        userId: watch.userId,
        postId: watch.postId,
        stream,
        position: 0,
        caughtUp: new Set(),
        counted: 0,
        countsSent: 0,
        lastCount: undefined,
        backlog: [],
      };
      const mine = byUser.get(client.userId);
      if (mine && mine.size >= STREAMS_PER_USER) [...mine][0]?.stream.close();
      add(byUser, client.userId, client);
      if (client.postId) add(byPost, client.postId, client);
      stream.onClose(() => {
        remove(byUser, client.userId, client);
        if (client.postId) remove(byPost, client.postId, client);
      });
      await catchUp(client, watch.after);
    },

    /** 'notifications.changed': to that user's streams here, and to nobody else's. */
    changed(change: Changed): void {
      for (const client of byUser.get(change.userId) ?? []) {
        if (client.backlog) client.backlog.push(change);
        else deliver(client, change);
      }
    },

    /**
     * The broadcasts may have missed some (the kit's listener lost its queue: a broker outage): every
     * open stream is ended, so each browser reconnects with Last-Event-ID and catches up from the
     * database instead of showing a stale bell until its stream expires.
     */
    resync(): void {
      const open = [...byUser.values()].flatMap((set) => [...set]);
      for (const client of open) client.stream.close();
      if (open.length > 0)
        logger.warn({ streams: open.length }, 'live events may have been missed; streams ended to catch up');
    },

    /**
     * 'identity.user.deleted': the account's streams here end (nothing is sent: the browser's
     * reconnect meets the gateway, which no longer knows the session). Otherwise they would stay
     * open until they expire (up to 15 minutes), still hearing the comments of the post they watch.
     */
    endStreamsOf(userId: string): void {
      const open = [...(byUser.get(userId) ?? [])];
      for (const client of open) client.stream.close();
      if (open.length > 0) logger.info({ streams: open.length }, 'streams of a deleted account ended');
    },

    /** 'community.comment.created': its ids to the streams watching that post. */
    commentCreated({ postId, commentId, parentId }: CommentCreated): void {
      const watching = byPost.get(postId);
      if (!watching) return;
      const comment: LiveComment = { postId, commentId, parentId };
      for (const client of watching) client.stream.send(STREAM_EVENTS.comment, comment);
      logger.debug({ postId, streams: watching.size }, 'live comment sent');
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
