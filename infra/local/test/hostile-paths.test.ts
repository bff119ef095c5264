import request from 'supertest';
import { API_ROUTES, resolveRoute } from '@campus/gateway/route-table';
import { startTemporaryPlatform, type TemporaryPlatform } from '../src/testing/temporary-platform';

/**
 * Hostile paths against every route of every service, as each service declares them (its router is
 * made from that list, so a service added to the registry is covered without touching this file):
 * directly and through the gateway, as a guest and signed in. Bad input is a 4xx with the platform's JSON error, never a 5xx.
 */
const MALFORMED = '%E0%A4%A';
const TEACHER_CODE = 'HOSTILE-PATHS-42';

let platform: TemporaryPlatform;
let sessionCookies: string[] = [];

beforeAll(async () => {
  platform = await startTemporaryPlatform('hostile-paths', { env: { TEACHER_CODE } });
  const teacher = { email: 'hostile@campus.test', password: 'a-long-enough-password' };
  await request(platform.url)
    .post('/api/auth/register')
    .send({ ...teacher, name: 'Dr Hostile', isTeacher: true, teacherCode: TEACHER_CODE })
    .expect(201);
  const login = await request(platform.url).post('/api/auth/login').send(teacher).expect(200);
  sessionCookies = ([] as string[])
    .concat(login.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0] ?? '');
}, 150_000); // the whole platform starts: seconds when quiet, over a minute beside the rest of CI
afterAll(() => platform?.stop());

const routes = () =>
  platform.services.flatMap((service) => service.routes.map((route) => ({ service, ...route })));

/**
 * Public files whose success is not JSON, by the content type they answer with: the campus calendar
 * (text/calendar; it takes no query, so a malformed one leaves it as it is). Their errors are JSON.
 */
const FILE_ANSWERS = new Map([['/api/event/calendar.ics', /^text\/calendar/]]);

/** Event streams (declared `stream: true`): an accepted one never ends, so only its head is read. */
const STREAM_PATHS = new Set(API_ROUTES.filter((r) => r.stream).map((r) => r.prefix));

async function streamHead(base: string, url: string, signedIn: boolean) {
  const abort = new AbortController();
  const res = await fetch(new URL(url, base), {
    headers: { Accept: 'text/event-stream', ...(signedIn ? { Cookie: sessionCookies.join('; ') } : {}) },
    signal: abort.signal,
  });
  const head = { status: res.status, contentType: res.headers.get('content-type') ?? '' };
  const text = head.contentType.includes('event-stream') ? '' : await res.text();
  abort.abort();
  return { ...head, text };
}

function send(base: string, method: string, url: string, signedIn: boolean) {
  const req = request(base)[method.toLowerCase() as 'get'](url).set('Accept', 'application/json');
  if (signedIn) req.set('Cookie', sessionCookies.join('; '));
  return ['POST', 'PUT', 'PATCH'].includes(method) ? req.send({}) : req;
}

test('every service declares routes, so the checks below cover something', () => {
  for (const service of platform.services) expect(service.routes.length).toBeGreaterThan(0);
  expect(routes().some((r) => r.path.includes(':'))).toBe(true);
});

test('the gateway routes every route of every service to that service (its route table agrees with the services)', () => {
  const misrouted = routes()
    .map(({ service, method, path: routePath }) => ({
      route: `${method} ${routePath}`,
      declaredBy: service.name,
      gatewaySendsItTo: resolveRoute(routePath)?.service ?? 'nobody',
    }))
    .filter((r) => r.declaredBy !== r.gatewaySendsItTo);
  expect(misrouted).toEqual([]);
});

describe.each([
  ['a guest', false],
  ['a signed-in teacher', true],
])('when %s sends a malformed %%-escape', (_who, signedIn) => {
  test('in a path parameter of any route, then 400 MALFORMED_PATH from the service and through the gateway', async () => {
    const withParams = routes().filter((r) => r.path.includes(':'));
    for (const { service, method, path: routePath } of withParams) {
      const url = routePath.replace(/:\w+/g, MALFORMED);
      for (const base of [service.url, platform.url]) {
        const res = await send(base, method, url, signedIn);
        expect({ route: `${method} ${url} via ${base}`, status: res.status, body: res.body }).toEqual({
          route: `${method} ${url} via ${base}`,
          status: 400,
          body: {
            success: false,
            code: 'MALFORMED_PATH',
            message: 'The address contains a malformed %-escape.',
          },
        });
      }
    }
  });

  test('anywhere else in the address of any route, then a JSON answer, never a 5xx', async () => {
    const failures: string[] = [];
    for (const { service, method, path: routePath } of routes()) {
      const concrete = routePath.replace(/:\w+/g, 'x');
      const urls = [
        `${concrete}?q=${MALFORMED}&page=%&limit=%FF`,
        `${concrete}/${MALFORMED}`,
        `${concrete}${MALFORMED}`,
      ];
      for (const url of urls)
        for (const base of [service.url, platform.url]) {
          if (STREAM_PATHS.has(routePath)) {
            const head = await streamHead(base, url, signedIn);
            if (head.status >= 500 || !/application\/json|text\/event-stream/.test(head.contentType))
              failures.push(`${method} ${url} via ${base}: ${head.status} ${head.text.slice(0, 120)}`);
            continue;
          }
          const res = await send(base, method, url, signedIn);
          const contentType = String(res.headers['content-type']);
          const file = res.status === 200 && FILE_ANSWERS.get(routePath)?.test(contentType);
          if (res.status >= 500 || !(file || /application\/json/.test(contentType)))
            failures.push(`${method} ${url} via ${base}: ${res.status} ${res.text.slice(0, 120)}`);
        }
    }
    expect(failures).toEqual([]);
  });
});
