/**
 * A scripted `fetch` for component and client tests: each request takes the first reply that fits it
 * (a reply naming `url` fits only that URL, `match` any URL containing it, neither any request;
 * `method`, when given, must match too), in script order, and every request is recorded. No reply
 * left means the network failed.
 */
export interface ScriptedReply {
  status: number;
  body?: unknown;
  /** The reply waits for this, to observe the screen while a request is in flight. */
  hold?: Promise<void>;
  /** Answers only this exact URL (requests fired in one render may go out in any order). */
  url?: string;
  /** Answers only URLs containing this. */
  match?: string;
  /** Answers only this method ('PATCH'); any method when left out. */
  method?: string;
  /** Response headers besides the JSON content type (`{ 'X-Next-Cursor': 'c2' }`). */
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  url: string;
  method: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
}

export function jsonResponse({
  status,
  body,
  headers = {},
}: {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  const named = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  named.set('content-type', 'application/json; charset=utf-8');
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: `status ${status}`,
    headers: { get: (name: string) => named.get(name.toLowerCase()) ?? null },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}

const fits = (reply: ScriptedReply | Error, url: string, method: string) =>
  reply instanceof Error ||
  ((reply.method === undefined || reply.method === method) &&
    ((reply.url === undefined && reply.match === undefined) ||
      reply.url === url ||
      (reply.match !== undefined && url.includes(reply.match))));

/** Errors in the script are thrown by the fetch that takes them (a network failure at that point). */
export function scriptedFetch(replies: Array<ScriptedReply | Error>) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    requests.push({
      url,
      method,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      credentials: init?.credentials,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const index = replies.findIndex((reply) => fits(reply, url, method));
    const reply = index >= 0 ? replies.splice(index, 1)[0] : undefined;
    if (!reply) throw new TypeError('Failed to fetch');
    if (reply instanceof Error) throw reply;
    await reply.hold;
    return jsonResponse(reply);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
