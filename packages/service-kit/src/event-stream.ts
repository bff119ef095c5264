import type { Request, Response } from 'express';
import type { Logger } from 'pino';

/**
 * Server-sent events (text/event-stream, the HTML standard's EventSource): one long answer that
 * carries `id:` / `event:` / `data:` frames as things happen. A stream route (`defineStreamRoute`)
 * gets one of these once its access and input checks passed; this module writes the frames, keeps
 * the connection alive, and ends it cleanly, whoever ends it.
 *
 * - Every frame is written at once (no buffering anywhere: the headers say so to proxies too).
 * - `retry:` tells the browser how long to wait before it reconnects (with `Last-Event-ID`).
 * - A comment line (`: ping`) every `heartbeatMs` keeps proxies and NATs from closing an idle
 *   connection and lets the client see a dead one.
 * - Bounded: a client that stops reading is dropped (its bytes waiting past `maxBufferedBytes`, or
 *   the socket not draining for `stallTimeoutMs`) instead of the process holding ever more for it;
 *   every stream ends after `maxDurationMs` (with jitter) so the browser reconnects through the
 *   gateway's session checks again.
 * - Whatever ends it (the client left, dropped, its time was up, the server stopping), its timers
 *   and listeners go, and `onClose` runs once.
 */
export interface EventStreamOptions {
  /** A `: ping` comment this often (ms); default 20 s. */
  heartbeatMs?: number;
  /** The reconnection delay the client is told (ms); default 3 s. */
  retryMs?: number;
  /** Bytes a slow client may have waiting in this process before it is dropped; default 256 KiB. */
  maxBufferedBytes?: number;
  /** How long the socket may stay full (no drain) before the client is dropped (ms); default 60 s. */
  stallTimeoutMs?: number;
  /** Longest life of one stream (ms), shortened by up to a quarter at random; default 15 min. */
  maxDurationMs?: number;
}

export const EVENT_STREAM_DEFAULTS = {
  heartbeatMs: 20_000,
  retryMs: 3_000,
  maxBufferedBytes: 256 * 1024,
  stallTimeoutMs: 60_000,
  maxDurationMs: 15 * 60_000,
} as const satisfies Required<EventStreamOptions>;

/** Why a stream ended. */
export type EventStreamEnd = 'client-left' | 'slow-client' | 'expired' | 'closed';

export interface EventStream {
  /**
   * Sends one event: its `id:` when given (what the client sends back as `Last-Event-ID`), its
   * `event:` name, and `data:` as one line of JSON. False when the stream has ended (nothing sent).
   */
  send(event: string, data: unknown, id?: string | number): boolean;
  /** The id the client resumes from: the `Last-Event-ID` header, else `?lastEventId=` (for clients that cannot set headers). */
  readonly lastEventId: string | undefined;
  readonly ended: boolean;
  /** Runs once when the stream ends, whatever ended it (at once if it already has). */
  onClose(listener: (why: EventStreamEnd) => void): void;
  /** Ends the stream from the server's side (the client reconnects after `retry`). */
  close(): void;
}

/** The streams a process has open, so a stopping service ends them instead of waiting on them. */
export class OpenEventStreams {
  private readonly streams = new Set<EventStream>();

  get size(): number {
    return this.streams.size;
  }

  add(stream: EventStream): void {
    this.streams.add(stream);
    stream.onClose(() => this.streams.delete(stream));
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }
}

const LAST_EVENT_ID_MAX = 200;

/** The client's resume point: the header the browser sends on reconnect, else the query's. */
export function lastEventIdOf(req: Request): string | undefined {
  const header = req.headers['last-event-id'];
  const query = (req.query as Record<string, unknown> | undefined)?.lastEventId;
  const value = typeof header === 'string' && header.trim() ? header : query;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= LAST_EVENT_ID_MAX ? trimmed : undefined;
}

/** An `id:` or `event:` value on one line (a line break would start another field). */
const fieldValue = (value: string) => value.replace(/[\r\n]/g, ' ');

/**
 * Turns the answer into an event stream: 200, the event-stream headers, the `retry:` hint, all
 * flushed at once. Call it only after every check that could still answer with an error.
 */
export function openEventStream(
  req: Request,
  res: Response,
  options: EventStreamOptions & { logger?: Logger } = {},
): EventStream {
  const heartbeatMs = options.heartbeatMs ?? EVENT_STREAM_DEFAULTS.heartbeatMs;
  const retryMs = options.retryMs ?? EVENT_STREAM_DEFAULTS.retryMs;
  const maxBufferedBytes = options.maxBufferedBytes ?? EVENT_STREAM_DEFAULTS.maxBufferedBytes;
  const stallTimeoutMs = options.stallTimeoutMs ?? EVENT_STREAM_DEFAULTS.stallTimeoutMs;
  const maxDurationMs = options.maxDurationMs ?? EVENT_STREAM_DEFAULTS.maxDurationMs;
  const closeListeners: Array<(why: EventStreamEnd) => void> = [];
  let endedBy: EventStreamEnd | undefined;
  let stallTimer: NodeJS.Timeout | undefined;

  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform: no proxy may compress or rewrite it; no-cache: every client its own.
    'Cache-Control': 'no-cache, no-transform',
    // nginx and the like: pass each frame on as it comes.
    'X-Accel-Buffering': 'no',
  });
  // Each frame leaves at once, never held back to fill a packet.
  req.socket.setNoDelay(true);
  res.flushHeaders();

  const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
  const expiry = setTimeout(() => end('expired'), maxDurationMs * (0.75 + Math.random() * 0.25));

  function end(why: EventStreamEnd): void {
    if (endedBy) return;
    endedBy = why;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    clearTimeout(stallTimer);
    res.off('close', onClientGone);
    res.off('drain', onDrain);
    res.off('error', onError);
    if (why === 'slow-client') {
      options.logger?.warn(
        { buffered: res.writableLength },
        'event stream dropped: the client is not reading',
      );
      res.destroy();
    } else if (!res.writableEnded && !res.destroyed) res.end();
    for (const listener of closeListeners.splice(0)) {
      try {
        listener(why);
      } catch (err) {
        options.logger?.error({ err }, 'an event stream close listener failed');
      }
    }
  }

  function onClientGone(): void {
    end('client-left');
  }
  function onDrain(): void {
    clearTimeout(stallTimer);
    stallTimer = undefined;
  }
  function onError(err: Error): void {
    options.logger?.debug({ err }, 'event stream socket error');
    end('client-left');
  }

  function write(frame: string): boolean {
    if (endedBy) return false;
    if (res.writableLength + Buffer.byteLength(frame) > maxBufferedBytes) {
      end('slow-client');
      return false;
    }
    const flushed = res.write(frame);
    // The socket is full: the client gets until the stall timeout to read it, or is dropped.
    if (!flushed && !stallTimer) stallTimer = setTimeout(() => end('slow-client'), stallTimeoutMs);
    return true;
  }

  res.on('close', onClientGone);
  res.on('drain', onDrain);
  res.on('error', onError);
  write(`retry: ${retryMs}\n\n`);

  return {
    lastEventId: lastEventIdOf(req),
    get ended() {
      return endedBy !== undefined;
    },
    send(event, data, id) {
      const idLine = id === undefined ? '' : `id: ${fieldValue(String(id))}\n`;
      // JSON.stringify escapes line breaks inside strings: the data is always one line.
      return write(`${idLine}event: ${fieldValue(event)}\ndata: ${JSON.stringify(data) ?? 'null'}\n\n`);
    },
    onClose(listener) {
      if (endedBy) listener(endedBy);
      else closeListeners.push(listener);
    },
    close: () => end('closed'),
  };
}
