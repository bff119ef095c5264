/** A scripted fetch: answers each call with the next scripted reply and records what was asked. */
export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
}

export interface ScriptedReply {
  status: number;
  body?: unknown;
}

export function jsonResponse({ status, body }: ScriptedReply): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: `status ${status}`,
    headers: {
      get: (name: string) =>
        name.toLowerCase() === 'content-type' ? 'application/json; charset=utf-8' : null,
    },
    text: async () => text,
  } as unknown as Response;
}

export function scriptedFetch(replies: Array<ScriptedReply | Error>) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      credentials: init?.credentials,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected call to ${String(input)}`);
    if (reply instanceof Error) throw reply;
    return jsonResponse(reply);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
