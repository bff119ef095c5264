/**
 * jsdom has no EventSource, and a real one would need a server that refuses and drops on cue. This
 * stand-in behaves as the browser's does for web-kit's live updates (readyState, onopen, onerror,
 * named events with their data and id) and lets a test play the server: `accept()`, `send()`,
 * `refuse()`, `drop()`. Install it for a test with `installFakeEventSource()` (in a beforeEach).
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream the page opened, oldest first (installFakeEventSource empties it). */
  static made: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }

  addEventListener(name: string, listener: (event: MessageEvent) => void): void {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(listener);
  }

  removeEventListener(name: string, listener: (event: MessageEvent) => void): void {
    this.listeners.get(name)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server answers 200 with an event stream. */
  accept(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sends `event: name`, `data:` (JSON) and, when given, `id:`. Nothing when closed. */
  send(name: string, data: unknown, id = ''): void {
    if (this.readyState === FakeEventSource.CLOSED) return;
    const event = new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id });
    this.listeners.get(name)?.forEach((listener) => listener(event));
  }

  /** The server answers with an error status (a 401, a 503): the browser gives up on this stream. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }

  /** The connection drops: the browser reconnects by itself. */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  /** The query of the URL it was opened at. */
  get query(): URLSearchParams {
    return new URL(this.url, 'http://campus.test').searchParams;
  }

  get path(): string {
    return new URL(this.url, 'http://campus.test').pathname;
  }
}

export interface FakeStreams {
  /** Every stream opened since install, oldest first. */
  made(): FakeEventSource[];
  /** The newest stream (throws when none was opened). */
  latest(): FakeEventSource;
  /** The streams not closed. */
  open(): FakeEventSource[];
  /** Puts the browser's missing EventSource back to missing. */
  uninstall(): void;
}

/** Makes `globalThis.EventSource` the fake, with no stream opened yet. */
export function installFakeEventSource(): FakeStreams {
  FakeEventSource.made = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
  return {
    made: () => FakeEventSource.made,
    latest: () => {
      const newest = FakeEventSource.made[FakeEventSource.made.length - 1];
      if (!newest) throw new Error('No stream was opened');
      return newest;
    },
    open: () => FakeEventSource.made.filter((source) => source.readyState !== FakeEventSource.CLOSED),
    uninstall: () => {
      delete (globalThis as { EventSource?: unknown }).EventSource;
    },
  };
}
