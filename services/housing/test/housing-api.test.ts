import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { type FlatRequest } from '@campus/contracts/housing';
import { FLAT_MAX_LIMIT, FLAT_MAX_RENT, FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { housingService } from '../src/service';
import { validFlat } from './helpers';

let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
/** Every event the service has published, as the bus carried it. */
const published: EventEnvelope[] = [];
/** Those about one user (a late event of an earlier test never counts). */
const publishedFor = (userId: string) =>
  published.filter((e) => (e.payload as { userId?: string }).userId === userId);

beforeAll(async () => {
  // The service's clock: each reading a second after the last, so "newest first" never ties.
  h = await startServiceForTest(housingService, {}, { now: () => new Date((clock += 1000)) });
  await h.bus.subscribe({
    queue: 'housing-test-observer',
    events: ['housing.flat.requested', 'housing.flat.deleted'],
    handle: async (envelope) => {
      published.push(envelope);
    },
  });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  published.length = 0;
});

/** A user as the gateway would hand them over: a signed access token naming them. */
function signedIn(name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { user, headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
}

const flat = (overrides: Record<string, unknown> = {}) => ({ ...validFlat, ...overrides });

async function create(headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await request(h.url).post('/api/flat').set(headers).send(flat(overrides)).expect(201);
  return res.body.data as FlatRequest;
}

/**
 * "Nothing was announced" needs an end to wait for: the outbox publishes in the order events were
 * written, so once a marker written after the request is published, anything that request wrote
 * would have been published too.
 */
async function everythingWrittenSoFarIsPublished() {
  const marker = signedIn('Marker');
  await create(marker.headers);
  await waitFor('a marker event written after the request', () => publishedFor(marker.user.id).length);
}

const names = (body: { data: FlatRequest[] }) => body.data.map((f) => f.name);
const list = (query = '', headers: Record<string, string> = {}) =>
  request(h.url).get(`/api/flat${query}`).set(headers);

describe('POST /api/flat', () => {
  test('when a student creates a request, then 201 with it, owned by them whatever the body says, and trimmed', async () => {
    const asha = signedIn('Asha Rao');
    const res = await request(h.url)
      .post('/api/flat')
      .set(asha.headers)
      .send(flat({ userId: 'someone-else', name: '  Sunny 2BHK  ', rent: '8500' }))
      .expect(201);
    expect(res.body).toEqual({
      success: true,
      message: FLAT_MESSAGES.created,
      data: {
        _id: expect.any(String),
        userId: asha.user.id,
        userName: 'Asha Rao',
        name: 'Sunny 2BHK',
        description: flat().description,
        location: flat().location,
        genderPreference: 'female',
        rent: 8500,
        moveInDate: '2026-07-01',
        contactInfo: '+91 98765 43210',
        createdAt: expect.any(String),
        editedAt: null,
        food: null,
        smoking: null,
        sleep: null,
        filled: false,
        expiresAt: expect.any(String),
        contactVisibility: 'signed-in',
        // Its owner's answer: how many students showed interest (none yet).
        interestCounts: { total: 0, pending: 0 },
        // No photos sent (issue 28): an empty list.
        photos: [],
        photoVariants: [],
      },
    });
  });

  test('when genderPreference is left out or blank, then it is any; a full ISO date is kept as its day', async () => {
    const s = signedIn('Rohan Das');
    const { genderPreference, ...rest } = flat();
    expect(genderPreference).toBe('female');
    const res = await request(h.url)
      .post('/api/flat')
      .set(s.headers)
      .send({ ...rest, moveInDate: '2026-08-15T00:00:00.000Z' })
      .expect(201);
    expect(res.body.data).toMatchObject({ genderPreference: 'any', moveInDate: '2026-08-15' });
    expect((await create(s.headers, { genderPreference: '' })).genderPreference).toBe('any');
    expect((await create(s.headers, { genderPreference: 'Male' })).genderPreference).toBe('male');
  });

  test('when a guest creates a request, then 401 and nothing is stored or announced', async () => {
    const res = await request(h.url).post('/api/flat').send(flat()).expect(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect((await list().expect(200)).body.total).toBe(0);
    expect(published).toEqual([]);
  });

  test('when every required field is missing or blank, then 400 naming each with its message', async () => {
    const s = signedIn('Asha Rao');
    const blank = { name: ' ', description: '', location: '  ', rent: '', moveInDate: ' ', contactInfo: '' };
    const res = await request(h.url).post('/api/flat').set(s.headers).send(blank).expect(400);
    expect(res.body.issues).toEqual([
      { path: 'name', message: FLAT_MESSAGES.nameRequired },
      { path: 'description', message: FLAT_MESSAGES.descriptionRequired },
      { path: 'location', message: FLAT_MESSAGES.locationRequired },
      { path: 'rent', message: FLAT_MESSAGES.rentRequired },
      { path: 'moveInDate', message: FLAT_MESSAGES.moveInDateRequired },
      { path: 'contactInfo', message: FLAT_MESSAGES.contactInfoRequired },
    ]);
    const empty = await request(h.url).post('/api/flat').set(s.headers).send({}).expect(400);
    expect(empty.body.issues).toHaveLength(6);
  });

  test.each([
    ['rent', -1, FLAT_MESSAGES.rentInvalid],
    ['rent', 8500.5, FLAT_MESSAGES.rentInvalid],
    ['rent', FLAT_MAX_RENT + 1, FLAT_MESSAGES.rentInvalid],
    ['rent', '8,500', FLAT_MESSAGES.rentInvalid],
    ['rent', '1e5', FLAT_MESSAGES.rentInvalid],
    ['rent', true, FLAT_MESSAGES.rentInvalid],
    ['rent', { $gt: 0 }, FLAT_MESSAGES.rentInvalid],
    ['moveInDate', '2026-02-30', FLAT_MESSAGES.moveInDateInvalid],
    ['moveInDate', 'next month', FLAT_MESSAGES.moveInDateInvalid],
    ['moveInDate', '1999-12-31', FLAT_MESSAGES.moveInDateInvalid],
    ['moveInDate', 20260701, FLAT_MESSAGES.moveInDateInvalid],
    ['location', 'javascript:alert(1)', FLAT_MESSAGES.locationLink],
    ['location', 'data:text/html,<script>alert(1)</script>', FLAT_MESSAGES.locationLink],
    ['location', 'ftp://maps.example/flat', FLAT_MESSAGES.locationLink],
    ['contactInfo', 'ask at the canteen', FLAT_MESSAGES.contactInfoInvalid],
    ['contactInfo', '12345', FLAT_MESSAGES.contactInfoInvalid],
    ['genderPreference', 'other', FLAT_MESSAGES.genderInvalid],
    ['genderPreference', ['any'], FLAT_MESSAGES.genderInvalid],
    ['name', 'x'.repeat(121), 'Name must be at most 120 characters.'],
    ['description', 'x'.repeat(2001), 'Description must be at most 2000 characters.'],
    ['location', `Kothrud ${'x'.repeat(2041)}`, 'Location must be at most 2048 characters.'],
    ['contactInfo', `${'a'.repeat(115)}@b.com`, 'Contact information must be at most 120 characters.'],
    ['name', 'Room\u0000one', 'Name must not contain control characters.'],
    ['name', 42, FLAT_MESSAGES.nameRequired],
  ])('when %s is %j, then 400 with "%s"', async (field, value, message) => {
    const s = signedIn('Asha Rao');
    const res = await request(h.url)
      .post('/api/flat')
      .set(s.headers)
      .send(flat({ [field]: value }))
      .expect(400);
    expect(res.body.issues).toEqual([{ path: field, message }]);
    expect((await list().expect(200)).body.total).toBe(0);
  });

  test('when location is a place name (even with a colon) or an http(s) link, and contact an email or phone, then it is accepted', async () => {
    const s = signedIn('Asha Rao');
    for (const location of ['Kothrud: near the park', 'Hostel Road, Block C', 'http://maps.example/x'])
      expect((await create(s.headers, { location })).location).toBe(location);
    for (const contactInfo of ['asha.rao@campus.edu', '98765 43210', '(020) 2345-6789'])
      expect((await create(s.headers, { contactInfo })).contactInfo).toBe(contactInfo);
    expect((await create(s.headers, { rent: 0 })).rent).toBe(0);
    expect((await create(s.headers, { rent: FLAT_MAX_RENT })).rent).toBe(FLAT_MAX_RENT);
  });

  test('when the body is not JSON or is a list, then 400, never 5xx', async () => {
    const s = signedIn('Asha Rao');
    await request(h.url)
      .post('/api/flat')
      .set(s.headers)
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    await request(h.url).post('/api/flat').set(s.headers).send([flat()]).expect(400);
  });
});

describe('GET /api/flat', () => {
  test('when requests exist, then everyone sees them newest first; contactInfo only reaches signed-in users', async () => {
    const asha = signedIn('Asha Rao');
    for (const name of ['First', 'Second', 'Third']) await create(asha.headers, { name });

    const guest = await list().expect(200);
    expect(guest.body).toMatchObject({
      success: true,
      message: FLAT_MESSAGES.found,
      page: 1,
      pages: 1,
      total: 3,
    });
    expect(names(guest.body)).toEqual(['Third', 'Second', 'First']);
    for (const f of guest.body.data as FlatRequest[]) expect(f).not.toHaveProperty('contactInfo');
    expect(JSON.stringify(guest.body)).not.toContain('98765');

    const rohan = signedIn('Rohan Das');
    const member = await list('', rohan.headers).expect(200);
    expect(member.body.data[0]).toMatchObject({ contactInfo: '+91 98765 43210', userName: 'Asha Rao' });
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.headers.vary).toMatch(/Authorization/);
  });

  test('when a guest presents a forged or expired token, then contactInfo stays hidden', async () => {
    const asha = signedIn('Asha Rao');
    await create(asha.headers);
    // The list is public: a bad token browses as a guest would.
    const forged = await list('', { Authorization: 'Bearer not-a-token' }).expect(200);
    expect(forged.body.data[0]).not.toHaveProperty('contactInfo');
    const expired = signAccessToken(asha.user, h.keys.privateKey, -60);
    const late = await list('', { Authorization: `Bearer ${expired}` }).expect(200);
    expect(late.body.data[0]).not.toHaveProperty('contactInfo');
    // Signed by a key that is not the platform's.
    const foreign = await list('', {
      Authorization: `Bearer ${signAccessToken(asha.user, generateTestKeys().privateKey, 900)}`,
    }).expect(200);
    expect(foreign.body.data[0]).not.toHaveProperty('contactInfo');
  });

  test('when there are none, then an empty page with the spec’s empty text', async () => {
    const res = await list().expect(200);
    expect(res.body).toEqual({
      success: true,
      message: FLAT_MESSAGES.empty,
      data: [],
      page: 1,
      pages: 0,
      total: 0,
    });
  });

  test('when there are more than a page, then page and limit walk them without repeats', async () => {
    const s = signedIn('Asha Rao');
    for (let i = 1; i <= 5; i++) await create(s.headers, { name: `Flat ${i}` });
    const first = await list('?limit=2').expect(200);
    expect(first.body).toMatchObject({ page: 1, pages: 3, total: 5 });
    expect(names(first.body)).toEqual(['Flat 5', 'Flat 4']);
    expect(names((await list('?limit=2&page=3').expect(200)).body)).toEqual(['Flat 1']);
    expect((await list('?limit=2&page=9').expect(200)).body.data).toEqual([]);
  });

  describe('filters', () => {
    beforeEach(async () => {
      const s = signedIn('Asha Rao');
      const elsewhere = { location: 'Baner, Pune' };
      await create(s.headers, {
        ...elsewhere,
        name: 'Cheap any',
        rent: 4000,
        genderPreference: 'any',
        moveInDate: '2026-06-01',
      });
      await create(s.headers, {
        name: 'Girls flat Kothrud',
        rent: 9000,
        genderPreference: 'female',
        location: 'Kothrud, Pune',
        moveInDate: '2026-07-01',
      });
      await create(s.headers, {
        ...elsewhere,
        name: 'Boys room',
        rent: 7000,
        genderPreference: 'male',
        description: 'Balcony, 100% power backup',
        moveInDate: '2026-08-01',
      });
      await create(s.headers, {
        ...elsewhere,
        name: 'Luxury studio',
        rent: 25000,
        genderPreference: 'any',
        moveInDate: '2026-09-01',
      });
    });

    test.each([
      ['?minRent=5000&maxRent=10000', ['Boys room', 'Girls flat Kothrud']],
      ['?maxRent=4000', ['Cheap any']],
      ['?minRent=25000', ['Luxury studio']],
      ['?genderPreference=female', ['Luxury studio', 'Girls flat Kothrud', 'Cheap any']],
      ['?genderPreference=male', ['Luxury studio', 'Boys room', 'Cheap any']],
      ['?genderPreference=any', ['Luxury studio', 'Cheap any']],
      ['?moveInFrom=2026-07-01', ['Luxury studio', 'Boys room', 'Girls flat Kothrud']],
      ['?moveInFrom=2026-07-01&moveInTo=2026-08-01', ['Boys room', 'Girls flat Kothrud']],
      ['?q=kothrud', ['Girls flat Kothrud']],
      ['?q=BALCONY', ['Boys room']],
      ['?q=100%25', ['Boys room']],
      ['?q=%25', ['Boys room']],
      ['?q=_', []],
      ['?q=studio&genderPreference=female&maxRent=30000', ['Luxury studio']],
      ['?sort=rent_asc', ['Cheap any', 'Boys room', 'Girls flat Kothrud', 'Luxury studio']],
      ['?sort=rent_desc', ['Luxury studio', 'Girls flat Kothrud', 'Boys room', 'Cheap any']],
      // A key shaped like an operator is not a filter at all (the query is data, never an operator).
      ['?minRent[$gt]=0', ['Luxury studio', 'Boys room', 'Girls flat Kothrud', 'Cheap any']],
      [
        '?q=&minRent=&genderPreference=&sort=',
        ['Luxury studio', 'Boys room', 'Girls flat Kothrud', 'Cheap any'],
      ],
    ])('when the list is asked %s, then it holds %j', async (query, expected) => {
      const res = await list(query).expect(200);
      expect(names(res.body)).toEqual(expected);
      expect(res.body.total).toBe(expected.length);
    });
  });

  test.each([
    ['?limit=51', `Limit must be a whole number from 1 to ${FLAT_MAX_LIMIT}`],
    ['?page=0', 'Page must be a whole number'],
    ['?minRent=abc', FLAT_MESSAGES.rentInvalid],
    ['?maxRent=-5', FLAT_MESSAGES.rentInvalid],
    ['?minRent=9000&maxRent=100', FLAT_MESSAGES.rentRangeInvalid],
    ['?moveInFrom=2026-13-01', FLAT_MESSAGES.moveInDateInvalid],
    ['?moveInFrom=2026-09-01&moveInTo=2026-01-01', FLAT_MESSAGES.moveInRangeInvalid],
    ['?genderPreference=robot', FLAT_MESSAGES.genderInvalid],
    ['?sort=price', FLAT_MESSAGES.sortInvalid],
    [`?q=${'a'.repeat(101)}`, FLAT_MESSAGES.queryTooLong],
    ['?q=a&q=b', FLAT_MESSAGES.queryTooLong],
  ])('when the list is asked %s, then 400 with "%s"', async (query, message) => {
    const res = await list(query).expect(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toContain(message);
  });
});

describe('GET /api/flat/my/{userId}', () => {
  test('when a student asks for their own, then only theirs, newest first, with contact, never cached', async () => {
    const asha = signedIn('Asha Rao');
    const rohan = signedIn('Rohan Das');
    await create(asha.headers, { name: 'Asha one' });
    await create(rohan.headers, { name: 'Rohan one' });
    await create(asha.headers, { name: 'Asha two' });
    const res = await request(h.url).get(`/api/flat/my/${asha.user.id}`).set(asha.headers).expect(200);
    expect(names(res.body)).toEqual(['Asha two', 'Asha one']);
    expect(res.body).toMatchObject({ success: true, total: 2, pages: 1 });
    expect(res.body.data[0].contactInfo).toBe('+91 98765 43210');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('when they have none, then the empty text', async () => {
    const asha = signedIn('Asha Rao');
    const res = await request(h.url).get(`/api/flat/my/${asha.user.id}`).set(asha.headers).expect(200);
    expect(res.body).toMatchObject({ data: [], total: 0, message: FLAT_MESSAGES.empty });
  });

  test('when a student asks for another user’s list, then 403; a guest gets 401', async () => {
    const asha = signedIn('Asha Rao');
    const rohan = signedIn('Rohan Das');
    await create(asha.headers);
    const res = await request(h.url).get(`/api/flat/my/${asha.user.id}`).set(rohan.headers).expect(403);
    expect(res.body).toMatchObject({ success: false });
    expect(JSON.stringify(res.body)).not.toContain('98765');
    await request(h.url).get(`/api/flat/my/${asha.user.id}`).expect(401);
  });

  test('when the page is out of range, then 400', async () => {
    const asha = signedIn('Asha Rao');
    await request(h.url).get(`/api/flat/my/${asha.user.id}?limit=500`).set(asha.headers).expect(400);
  });
});

describe('DELETE /api/flat/{id}', () => {
  test('when the owner deletes a request, then it is gone from both lists and the deletion is announced', async () => {
    const asha = signedIn('Asha Rao');
    const kept = await create(asha.headers, { name: 'Kept' });
    const doomed = await create(asha.headers, { name: 'Doomed' });
    const res = await request(h.url).delete(`/api/flat/${doomed._id}`).set(asha.headers).expect(200);
    expect(res.body).toEqual({ success: true, message: FLAT_MESSAGES.deleted, data: { _id: doomed._id } });
    expect(names((await list().expect(200)).body)).toEqual(['Kept']);
    const mine = await request(h.url).get(`/api/flat/my/${asha.user.id}`).set(asha.headers).expect(200);
    expect(names(mine.body)).toEqual(['Kept']);

    await waitFor('three events published', () => publishedFor(asha.user.id).length, {
      until: (n) => n >= 3,
    });
    expect(publishedFor(asha.user.id).map((e) => [e.name, e.payload])).toEqual([
      ['housing.flat.requested', { flatId: kept._id, userId: asha.user.id }],
      ['housing.flat.requested', { flatId: doomed._id, userId: asha.user.id }],
      ['housing.flat.deleted', { flatId: doomed._id, userId: asha.user.id }],
    ]);
  });

  test('when another student deletes someone’s request, then 403 and it stays, nothing announced', async () => {
    const asha = signedIn('Asha Rao');
    const rohan = signedIn('Rohan Das');
    const mine = await create(asha.headers);
    const res = await request(h.url).delete(`/api/flat/${mine._id}`).set(rohan.headers).expect(403);
    expect(res.body).toMatchObject({ success: false, message: FLAT_MESSAGES.notOwner, code: 'NOT_OWNER' });
    expect((await list().expect(200)).body.total).toBe(1);
    await everythingWrittenSoFarIsPublished();
    expect(publishedFor(asha.user.id).map((e) => e.name)).toEqual(['housing.flat.requested']);
    expect(publishedFor(rohan.user.id)).toEqual([]);
  });

  test('when a guest deletes, then 401 and it stays', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    await request(h.url).delete(`/api/flat/${mine._id}`).expect(401);
    expect((await list().expect(200)).body.total).toBe(1);
  });

  test.each([randomUUID(), 'not-a-uuid', "1' or '1'='1", '%00'])(
    'when the id %j names no request, then 404',
    async (id) => {
      const asha = signedIn('Asha Rao');
      const res = await request(h.url)
        .delete(`/api/flat/${encodeURIComponent(id)}`)
        .set(asha.headers)
        .expect(404);
      expect(res.body).toMatchObject({ success: false, message: FLAT_MESSAGES.notFound });
    },
  );

  test('when the owner deletes the same request twice, then the second is 404 and one deletion is announced', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    await request(h.url).delete(`/api/flat/${mine._id}`).set(asha.headers).expect(200);
    await request(h.url).delete(`/api/flat/${mine._id}`).set(asha.headers).expect(404);
    await everythingWrittenSoFarIsPublished();
    expect(publishedFor(asha.user.id).map((e) => e.name)).toEqual([
      'housing.flat.requested',
      'housing.flat.deleted',
    ]);
  });
});

describe('names from identity', () => {
  test('when identity announces a registration, then that member’s requests carry the name identity gave, whatever their session says', async () => {
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

    await create(asha.headers, { name: 'Mine' });
    const res = await list().expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ name: 'Mine', userName: 'Asha Rao' })]);
  });
});
