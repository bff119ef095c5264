import { randomBytes } from 'node:crypto';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  /** Set-Cookie lines of this response, whole (flags included). */
  setCookies: string[];
}

export function platformUrl(): string {
  const url = process.env.E2E_API_URL;
  if (!url)
    throw new Error(
      'E2E_API_URL is not set: run the suite with `npm run test:api` (its global setup starts the platform)',
    );
  return url;
}

export function teacherCode(): string {
  return process.env.E2E_TEACHER_CODE ?? '';
}

/** An address nobody else in this run uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@e2e.campus.test`;
}

/**
 * A browser-like client of the gateway: keeps the cookies it is given (as a browser would, by name
 * and path), sends the gateway's own Origin on state-changing requests, speaks JSON.
 */
export class ApiClient {
  /** By name and path, as a browser keeps them: one name may live at two paths. */
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  constructor(
    readonly baseUrl = platformUrl(),
    private readonly origin: string | undefined = baseUrl,
  ) {}

  /** The value sent first under /api (the most specific path wins, as in a browser's Cookie header). */
  cookie(name: string): string | undefined {
    return this.cookiesFor('/api/').find((c) => c.name === name)?.value;
  }

  private cookiesFor(path: string) {
    return [...this.cookies.values()]
      .filter((c) => path.startsWith(c.path))
      .sort((a, b) => b.path.length - a.path.length);
  }

  get<T = unknown>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = unknown>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('POST', path, body, headers);
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const cookieHeader = this.cookiesFor(path)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method !== 'GET' && this.origin ? { origin: this.origin } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.keep(line);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the test sees the text and says so.
    }
    return { status: res.status, body: parsed as T, headers: res.headers, setCookies };
  }

  private keep(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const pathAttr = attributes.find((a) => a.toLowerCase().startsWith('path='));
    const expired =
      value === '' ||
      attributes.some((a) => a.toLowerCase() === 'max-age=0') ||
      attributes.some((a) => a.toLowerCase().startsWith('expires=') && Date.parse(a.slice(8)) <= Date.now());
    const cookiePath = pathAttr ? pathAttr.slice(5) : '/';
    const key = `${name}\n${cookiePath}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path: cookiePath });
  }
}
