/** What a create answered, as the tests of Idempotency-Key compare it (the body's exact bytes). */
export interface CreateAnswer {
  status: number;
  body: string;
  /** The `Idempotent-Replayed` header: 'true' on a replay, null on the request that created. */
  replayed: string | null;
}

/** One POST with a JSON body and, when given, an Idempotency-Key (through real HTTP). */
export async function postCreate(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  key?: string,
): Promise<CreateAnswer> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      ...headers,
      'Content-Type': 'application/json',
      ...(key === undefined ? {} : { 'Idempotency-Key': key }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text(), replayed: res.headers.get('idempotent-replayed') };
}

/** The same create sent twice at the same moment (a double tap): both requests are in flight together. */
export function postTwiceAtOnce(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  key?: string,
): Promise<[CreateAnswer, CreateAnswer]> {
  return Promise.all([postCreate(url, path, headers, body, key), postCreate(url, path, headers, body, key)]);
}
