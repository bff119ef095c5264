import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope, EventPayload } from '@campus/contracts/events';
import { EXAMPLE_MAX_LIMIT, EXAMPLE_MESSAGES } from '@campus/contracts/example-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { describeIdempotentCreate } from '@campus/service-kit/testing/idempotent-create-cases';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { items } from '../src/data/schema';
import { exampleService } from '../src/service';

let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  // The service's clock: each reading a second after the last, so "newest first" never ties.
  h = await startServiceForTest(exampleService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());

/** A user as the gateway hands them over: a signed access token naming them. */
function signedIn(name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { user, headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
}

/** A student who signs in for each test, on an empty database. */
let asha: ReturnType<typeof signedIn>;
beforeEach(async () => {
  await h.reset();
  asha = signedIn('Asha Rao');
});

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((item) => item.title);

describe('/api/example', () => {
  test('when a signed-in user adds items, then the list shows them newest first, a page at a time, by their author', async () => {
    for (const title of ['First', 'Second', 'Third'])
      await request(h.url)
        .post('/api/example')
        .set(asha.headers)
        .send({ title, createdBy: 'someone-else' })
        .expect(201);

    const first = await request(h.url).get('/api/example?limit=2').expect(200);
    expect(first.body).toMatchObject({
      success: true,
      message: EXAMPLE_MESSAGES.found,
      page: 1,
      pages: 2,
      total: 3,
    });
    expect(titles(first.body)).toEqual(['Third', 'Second']);
    expect(first.body.data[0]).toMatchObject({ createdBy: asha.user.id, authorName: 'Asha Rao' });

    const second = await request(h.url).get('/api/example?limit=2&page=2').expect(200);
    expect(titles(second.body)).toEqual(['First']);
  });

  test('when nothing has been added, then an empty first page', async () => {
    const res = await request(h.url).get('/api/example').expect(200);
    expect(res.body).toEqual({
      success: true,
      message: EXAMPLE_MESSAGES.empty,
      data: [],
      page: 1,
      pages: 0,
      total: 0,
    });
  });

  test('when a guest adds an item, then 401 and nothing is stored', async () => {
    await request(h.url).post('/api/example').send({ title: 'Anonymous' }).expect(401);
    expect((await request(h.url).get('/api/example').expect(200)).body.total).toBe(0);
  });

  test('when the title is blank, then 400 naming the field', async () => {
    const res = await request(h.url).post('/api/example').set(asha.headers).send({ title: '  ' }).expect(400);
    expect(res.body.issues).toEqual([{ path: 'title', message: EXAMPLE_MESSAGES.titleRequired }]);
  });

  test('when a page asks for more than the cap, then 400 with the paging message', async () => {
    const res = await request(h.url)
      .get(`/api/example?limit=${EXAMPLE_MAX_LIMIT + 1}`)
      .expect(400);
    expect(res.body.message).toContain(`Limit must be a whole number from 1 to ${EXAMPLE_MAX_LIMIT}`);
  });
});

describeIdempotentCreate(() => h, {
  what: 'an item',
  path: () => '/api/example',
  headers: () => asha.headers,
  body: () => ({ title: 'Once' }),
  otherBody: () => ({ title: 'Something else' }),
  count: async () => (await h.database.db.select({ n: count() }).from(items))[0]!.n,
});

describe('names from identity', () => {
  test('when identity announces a registration, then that member’s items carry the name identity gave, whatever their session says', async () => {
    const rao = signedIn('A. Rao');
    const registered: EventEnvelope<EventPayload<'identity.user.registered'>> = {
      id: randomUUID(),
      name: 'identity.user.registered',
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      payload: { userId: rao.user.id, name: 'Asha Rao', email: 'asha@campus.test', isTeacher: false },
    };
    await h.bus.publish(registered);
    await h.bus.publish(registered);
    await h.waitForDeliveries(registered.id, 2);

    await request(h.url).post('/api/example').set(rao.headers).send({ title: 'Mine' }).expect(201);
    const res = await request(h.url).get('/api/example').expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ title: 'Mine', authorName: 'Asha Rao' })]);
  });
});
