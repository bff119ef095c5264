import { randomBytes } from 'node:crypto';

export interface Attempt {
  email: string;
  startedAt: number;
  finishedAt: number;
  status: number;
  /** Error responses must be JSON with a stable code, whatever went wrong behind the gateway. */
  code?: string;
  json: boolean;
}

export const PASSWORD = 'fault-test-password';

export function markedEmail(mark: string): string {
  return `${mark}-${randomBytes(6).toString('hex')}@faults.campus.test`;
}

/** One registration through the gateway, timed; a transport failure is status 0. */
export async function register(url: string, email: string, timeoutMs = 5_000): Promise<Attempt> {
  const startedAt = performance.now();
  try {
    const res = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ name: 'Fault Probe', email, password: PASSWORD, isTeacher: false }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let code: string | undefined;
    let json = false;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
      json = true;
    } catch {
      json = false;
    }
    return { email, startedAt, finishedAt: performance.now(), status: res.status, code, json };
  } catch {
    return { email, startedAt, finishedAt: performance.now(), status: 0, json: false };
  }
}

/**
 * Steady load: `concurrency` clients each registering new users back to back until stopped.
 * Every attempt is kept, so a test can compare what was acknowledged with what is stored.
 */
export function steadyRegistrations(url: string, mark: string, concurrency: number) {
  const attempts: Attempt[] = [];
  let running = true;
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) {
      attempts.push(await register(url, markedEmail(mark)));
      // Paced, so failing fast does not turn into a flood: at most ~50 requests/s per client.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    attempts,
    async stop() {
      running = false;
      await Promise.all(workers);
      return attempts;
    },
  };
}
