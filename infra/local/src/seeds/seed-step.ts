import type { Logger } from 'pino';

export interface SeedContext {
  /** The gateway's URL: seeds go through the public API, so every rule and event applies to them. */
  url: string;
  teacherCode: string;
  logger: Logger;
}

/** One named piece of demo data; runs once per data folder. */
export interface SeedStep {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

/** Signs a demo user in and returns a fetch that sends their session cookie. */
export async function signedInFetch(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`seed login for ${email}: HTTP ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = (await res.json()) as { _id: string; name: string };
  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { cookie, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  return { user, call };
}
