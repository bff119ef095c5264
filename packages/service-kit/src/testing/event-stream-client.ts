import http from 'node:http';
import { waitFor } from './wait-for';

/** One frame of a server-sent event stream as the browser's EventSource parses it. */
export interface StreamFrame {
  /** `event:`; 'message' when the frame named none. */
  event: string;
  /** `data:` lines joined by line breaks. */
  data: string;
  id?: string;
  retry?: number;
}

export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The events received so far, in order (comments and `retry:`-only frames are not events). */
  frames: StreamFrame[];
  /** Comment lines received (`: ping` -> 'ping'). */
  comments: string[];
  /** The `retry:` hints received. */
  retries: number[];
  /** Everything received, as text (a JSON error body when the stream was refused). */
  text: () => string;
  /** True once the server ended the answer or the connection closed. */
  ended: () => boolean;
  /** Resolves with the first frame (after `after` already seen ones) that `match` accepts. */
  next(match?: (frame: StreamFrame) => boolean, options?: { timeoutMs?: number }): Promise<StreamFrame>;
  /** Stops reading: bytes pile up in the sockets, as with a client on a stalled network. */
  pause(): void;
  /** Leaves, as a closed tab does. */
  close(): void;
}

/**
 * Opens an event stream the way an EventSource does (GET, `Accept: text/event-stream`, no shared
 * connection) and parses what arrives. For tests: through a service or through the gateway.
 */
export function openEventStreamClient(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent: false, headers: { Accept: 'text/event-stream', ...headers } },
      (res) => {
        const frames: StreamFrame[] = [];
        const comments: string[] = [];
        const retries: number[] = [];
        let text = '';
        let pending = '';
        let ended = false;
        let field: Partial<StreamFrame> & { data?: string } = {};
        const line = (raw: string) => {
          if (raw === '') {
            if (field.data !== undefined)
              frames.push({
                event: field.event ?? 'message',
                data: field.data,
                ...(field.id !== undefined ? { id: field.id } : {}),
              });
            field = {};
            return;
          }
          if (raw.startsWith(':')) return void comments.push(raw.slice(1).trim());
          const colon = raw.indexOf(':');
          const name = colon < 0 ? raw : raw.slice(0, colon);
          const value = colon < 0 ? '' : raw.slice(colon + 1).replace(/^ /, '');
          if (name === 'data') field.data = field.data === undefined ? value : `${field.data}\n${value}`;
          else if (name === 'event') field.event = value;
          else if (name === 'id') field.id = value;
          else if (name === 'retry' && /^\d+$/.test(value)) retries.push(Number(value));
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          pending += chunk;
          const lines = pending.split(/\r\n|\r|\n/);
          pending = lines.pop() ?? '';
          for (const l of lines) line(l);
        });
        const end = () => {
          ended = true;
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
        let seen = 0;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          frames,
          comments,
          retries,
          text: () => text,
          ended: () => ended,
          async next(match = () => true, options = {}) {
            const found = await waitFor(
              'an event on the stream',
              () => {
                const index = frames.findIndex((frame, i) => i >= seen && match(frame));
                if (index >= 0) {
                  seen = index + 1;
                  return frames[index];
                }
                if (ended) throw new Error(`the stream ended; it sent ${JSON.stringify(frames)}`);
                return undefined;
              },
              { timeoutMs: options.timeoutMs ?? 10_000 },
            );
            return found as StreamFrame;
          },
          pause: () => {
            res.pause();
          },
          close: () => {
            req.destroy();
            ended = true;
          },
        });
      },
    );
    req.on('error', reject);
  });
}
