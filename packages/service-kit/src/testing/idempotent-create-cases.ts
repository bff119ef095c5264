import { randomUUID } from 'node:crypto';
import { postCreate, postTwiceAtOnce } from './idempotent-create';
import type { ServiceHarness } from './service-harness';

/** One create route that accepts an Idempotency-Key, as the shared cases exercise it. */
export interface IdempotentCreateRoute {
  /** What the route creates, for the test names: 'a job post'. */
  what: string;
  /** The route's path; read when a test runs, so it may name a row made in beforeEach. */
  path: () => string;
  /** The signed-in user's request headers; read when a test runs. */
  headers: () => Record<string, string>;
  /**
   * A valid body for one create (or a promise of one), called once per create the cases send. The same body twice
   * (concurrently, without a key) must still be accepted twice: a route whose body names a
   * one-use thing (an event's uploaded poster) makes a fresh one on each call.
   */
  body: () => unknown;
  /** A valid body with other content than `body()`'s (or a promise of one): what the same key must refuse with 422. */
  otherBody: () => unknown;
  /** How many items the route has created so far (its table's rows). */
  count: () => Promise<number>;
}

/**
 * The cases every create that opts into Idempotency-Key must pass, through real HTTP on the
 * service's harness (read when a test runs, as it starts in beforeAll): two concurrent POSTs with
 * one key make one item and the same answer twice; the key with other content is 422
 * IDEMPOTENCY_KEY_REUSED and creates nothing; without a key two POSTs create two, as before.
 */
export function describeIdempotentCreate(harness: () => ServiceHarness, route: IdempotentCreateRoute): void {
  const post = (body: unknown, key?: string) =>
    postCreate(harness().url, route.path(), route.headers(), body, key);

  describe(`creating ${route.what} with an Idempotency-Key`, () => {
    test('when the same create is sent twice at once with one key, then one is created and both answers are the same', async () => {
      const before = await route.count();
      const body = await route.body();
      const [a, b] = await postTwiceAtOnce(harness().url, route.path(), route.headers(), body, randomUUID());
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body).toBe(b.body);
      expect([a.replayed, b.replayed].filter(Boolean)).toEqual(['true']);
      expect(await route.count()).toBe(before + 1);
    });

    test('when the same key comes with other content, then 422 and nothing more is created', async () => {
      const key = randomUUID();
      expect((await post(await route.body(), key)).status).toBe(201);
      const before = await route.count();
      const res = await post(await route.otherBody(), key);
      expect(res.status).toBe(422);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await route.count()).toBe(before);
    });

    test('when no key is sent, then two requests create two, as before', async () => {
      const before = await route.count();
      const bodies = [await route.body(), await route.body()];
      const answers = await Promise.all(bodies.map((body) => post(body)));
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      expect(await route.count()).toBe(before + 2);
    });
  });
}
