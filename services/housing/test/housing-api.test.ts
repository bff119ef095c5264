import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { HOUSING_MAX_LIMIT, HOUSING_MESSAGES } from '@campus/contracts/housing';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { housingService } from '../src/service';

let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  // The service's clock: each reading a second after the last, so "newest first" never ties.
  h = await startServiceForTest(housingService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** A user as the gateway would hand them over: a signed access token naming them. */
function signedIn(name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { user, headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
}

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((item) => item.title);

describe('/api/flat', () => {
  test('when a signed-in user adds items, then the list shows them newest first, a page at a time', async () => {
    const asha = signedIn('Asha Rao');
    for (const title of ['First', 'Second', 'Third'])
      await request(h.url)
        .post('/api/flat')
        .set(asha.headers)
        .send({ title, createdBy: 'someone-else' })
        .expect(201);

    const first = await request(h.url).get('/api/flat?limit=2').expect(200);
    expect(first.body).toMatchObject({
      success: true,
      message: HOUSING_MESSAGES.found,
      page: 1,
      pages: 2,
      total: 3,
    });
    expect(titles(first.body)).toEqual(['Third', 'Second']);
    expect(first.body.data[0]).toMatchObject({ createdBy: asha.user.id, authorName: 'Asha Rao' });

    const second = await request(h.url).get('/api/flat?limit=2&page=2').expect(200);
    expect(titles(second.body)).toEqual(['First']);
  });

  test('when nothing has been added, then an empty first page', async () => {
    const res = await request(h.url).get('/api/flat').expect(200);
    expect(res.body).toEqual({
      success: true,
      message: HOUSING_MESSAGES.empty,
      data: [],
      page: 1,
      pages: 0,
      total: 0,
    });
  });

  test('when a guest adds an item, then 401 and nothing is stored', async () => {
    await request(h.url).post('/api/flat').send({ title: 'Anonymous' }).expect(401);
    expect((await request(h.url).get('/api/flat').expect(200)).body.total).toBe(0);
  });

  test('when the title is blank, then 400 naming the field', async () => {
    const res = await request(h.url)
      .post('/api/flat')
      .set(signedIn('Asha Rao').headers)
      .send({ title: '  ' })
      .expect(400);
    expect(res.body.issues).toEqual([{ path: 'title', message: HOUSING_MESSAGES.titleRequired }]);
  });

  test('when a page asks for more than the cap, then 400 with the paging message', async () => {
    const res = await request(h.url)
      .get(`/api/flat?limit=${HOUSING_MAX_LIMIT + 1}`)
      .expect(400);
    expect(res.body.message).toContain(`Limit must be a whole number from 1 to ${HOUSING_MAX_LIMIT}`);
  });
});

describe('names from identity', () => {
  test('when identity announces a registration, then that member’s items carry the name identity gave, whatever their session says', async () => {
    const asha = signedIn('A. Rao');
    const registered = {
      id: randomUUID(),
      name: 'identity.user.registered' as const,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      payload: { userId: asha.user.id, name: 'Asha Rao', email: 'asha@campus.test', isTeacher: false },
    };
    await h.bus.publish(registered);
    await h.bus.publish(registered);
    await h.waitForDeliveries(registered.id, 2);

    await request(h.url).post('/api/flat').set(asha.headers).send({ title: 'Mine' }).expect(201);
    const res = await request(h.url).get('/api/flat').expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ title: 'Mine', authorName: 'Asha Rao' })]);
  });
});
