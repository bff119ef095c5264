/**
 * The JSON of a successful answer; any other status throws, naming the call, the status and the
 * body, so a bench never times an error page as if it were the answer.
 */
export async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(url, init);
  if (!res.ok) {
    const { pathname, search } = new URL(url);
    throw new Error(
      `${init.method ?? 'GET'} ${pathname}${search} answered ${res.status}: ${await res.text()}`,
    );
  }
  return res.json();
}

/** A query string of the values that are set (`{ q: 'dbms', sort: undefined }` -> `q=dbms`). */
export function queryString(values: Record<string, string | undefined>): string {
  const set = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new URLSearchParams(set).toString();
}
