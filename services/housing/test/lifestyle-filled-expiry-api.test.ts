import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { FlatRequest } from '@campus/contracts/housing';
import { FLAT_LIFETIME_DAYS, FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { housingService } from '../src/service';
import { validFlat } from './helpers';

/**
 * Issue 28: lifestyle tags and their filters, Mark as filled, and expiry 60 days after posting
 * unless renewed. The service's clock is this file's: a test moves it past an expiry.
 */
let h: ServiceHarness;
const DAY = 86_400_000;
let clock = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  h = await startServiceForTest(housingService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
});

function signedIn(name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { user, headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
}

async function create(headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await request(h.url)
    .post('/api/flat')
    .set(headers)
    .send({ ...validFlat, ...overrides })
    .expect(201);
  return res.body.data as FlatRequest;
}

const publicNames = async (query = '') => {
  const res = await request(h.url).get(`/api/flat${query}`).expect(200);
  return { names: (res.body.data as FlatRequest[]).map((f) => f.name), total: res.body.total as number };
};
const own = async (s: ReturnType<typeof signedIn>) =>
  (await request(h.url).get(`/api/flat/my/${s.user.id}`).set(s.headers).expect(200)).body
    .data as FlatRequest[];

describe('lifestyle tags', () => {
  test('when a request names food, smoking and sleep (any case), then they are kept; left out or blank, they are null', async () => {
    const asha = signedIn('Asha Rao');
    const tagged = await create(asha.headers, { food: 'Veg', smoking: 'outside', sleep: ' early ' });
    expect(tagged).toMatchObject({ food: 'veg', smoking: 'outside', sleep: 'early' });
    const plain = await create(asha.headers);
    expect(plain).toMatchObject({ food: null, smoking: null, sleep: null });
    const blank = await create(asha.headers, { food: '', smoking: null, sleep: '  ' });
    expect(blank).toMatchObject({ food: null, smoking: null, sleep: null });
  });

  test('when a tag is not one of its values, then 400 with its sentence and nothing is stored', async () => {
    const asha = signedIn('Asha Rao');
    const res = await request(h.url)
      .post('/api/flat')
      .set(asha.headers)
      .send({ ...validFlat, food: 'vegan', smoking: 'sometimes', sleep: 7 })
      .expect(400);
    expect(res.body.issues).toEqual([
      { path: 'food', message: FLAT_MESSAGES.foodInvalid },
      { path: 'smoking', message: FLAT_MESSAGES.smokingInvalid },
      { path: 'sleep', message: FLAT_MESSAGES.sleepInvalid },
    ]);
    expect((await publicNames()).total).toBe(0);
  });

  test('when the owner edits the tags, then a value sets one and null or blank clears one', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers, { food: 'veg', smoking: 'no' });
    const res = await request(h.url)
      .patch(`/api/flat/${mine._id}`)
      .set(asha.headers)
      .send({ food: null, smoking: '', sleep: 'late' })
      .expect(200);
    expect(res.body.data).toMatchObject({ food: null, smoking: null, sleep: 'late', name: mine.name });
  });

  test('when the list is filtered by tags, then food and sleep take the open-to-all value too, smoking is exact', async () => {
    const asha = signedIn('Asha Rao');
    await create(asha.headers, { name: 'Veg early', food: 'veg', smoking: 'no', sleep: 'early' });
    await create(asha.headers, { name: 'Non-veg late', food: 'non-veg', smoking: 'outside', sleep: 'late' });
    await create(asha.headers, { name: 'Any flexible', food: 'any', smoking: 'yes', sleep: 'flexible' });
    await create(asha.headers, { name: 'Untagged' });

    expect((await publicNames('?food=veg')).names).toEqual(['Any flexible', 'Veg early']);
    expect((await publicNames('?food=NON-VEG')).names).toEqual(['Any flexible', 'Non-veg late']);
    expect((await publicNames('?food=any')).names).toEqual(['Any flexible']);
    expect((await publicNames('?smoking=outside')).names).toEqual(['Non-veg late']);
    expect((await publicNames('?sleep=late')).names).toEqual(['Any flexible', 'Non-veg late']);
    expect((await publicNames('?sleep=flexible')).names).toEqual(['Any flexible']);
    expect(await publicNames('?food=veg&sleep=early&smoking=no')).toEqual({ names: ['Veg early'], total: 1 });
    expect((await publicNames('?food=&smoking=&sleep=')).total).toBe(4);
  });

  test.each([
    ['food=fish', FLAT_MESSAGES.foodInvalid],
    ['smoking=maybe', FLAT_MESSAGES.smokingInvalid],
    ['sleep=noon', FLAT_MESSAGES.sleepInvalid],
  ])('when the list is asked with %s, then 400 with its sentence', async (query, message) => {
    const res = await request(h.url).get(`/api/flat?${query}`).expect(400);
    expect(res.body.issues).toEqual([{ path: query.split('=')[0], message }]);
  });
});

describe('expiry and renew', () => {
  test(`when a request is ${FLAT_LIFETIME_DAYS} days old, then it leaves the public list and stays in its owner's; a renew brings it back for ${FLAT_LIFETIME_DAYS} days more`, async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers, { name: 'Old room' });
    expect(Date.parse(mine.expiresAt) - Date.parse(mine.createdAt)).toBe(FLAT_LIFETIME_DAYS * DAY);

    clock = Date.parse(mine.expiresAt) + DAY;
    await create(asha.headers, { name: 'New room' });
    expect(await publicNames()).toEqual({ names: ['New room'], total: 1 });
    expect((await own(asha)).map((f) => [f.name, f.expiresAt])).toEqual([
      ['New room', expect.any(String)],
      ['Old room', mine.expiresAt],
    ]);

    const renewedAt = clock;
    const res = await request(h.url).post(`/api/flat/${mine._id}/renew`).set(asha.headers).expect(200);
    expect(res.body).toMatchObject({ success: true, message: FLAT_MESSAGES.renewed });
    const expiresAt = Date.parse((res.body.data as FlatRequest).expiresAt);
    expect(expiresAt).toBeGreaterThan(renewedAt + FLAT_LIFETIME_DAYS * DAY);
    expect(expiresAt).toBeLessThan(renewedAt + FLAT_LIFETIME_DAYS * DAY + 60_000);
    expect(res.body.data).toMatchObject({ _id: mine._id, contactInfo: validFlat.contactInfo, filled: false });
    expect(await publicNames()).toEqual({ names: ['New room', 'Old room'], total: 2 });
  });

  test('when a guest, another student or nobody’s id renews, then 401, 403 and 404 and the expiry stays', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const mine = await create(asha.headers);
    await request(h.url).post(`/api/flat/${mine._id}/renew`).expect(401);
    const stranger = await request(h.url).post(`/api/flat/${mine._id}/renew`).set(rahul.headers).expect(403);
    expect(stranger.body).toMatchObject({ code: 'NOT_OWNER', message: FLAT_MESSAGES.notOwnerManage });
    await request(h.url).post(`/api/flat/${randomUUID()}/renew`).set(asha.headers).expect(404);
    await request(h.url).post('/api/flat/not-an-id/renew').set(asha.headers).expect(404);
    expect((await own(asha))[0]!.expiresAt).toBe(mine.expiresAt);
  });
});

describe('PUT /api/flat/{id}/filled', () => {
  test('when the owner marks it filled, then it leaves the public list (and its total) and stays in theirs; open again brings it back', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers, { name: 'Room taken' });
    await create(asha.headers, { name: 'Room free' });

    const filled = await request(h.url)
      .put(`/api/flat/${mine._id}/filled`)
      .set(asha.headers)
      .send({ filled: true })
      .expect(200);
    expect(filled.body).toMatchObject({
      message: FLAT_MESSAGES.filledSet,
      data: { _id: mine._id, filled: true },
    });
    expect(await publicNames()).toEqual({ names: ['Room free'], total: 1 });
    expect((await publicNames('?q=taken')).total).toBe(0);
    expect((await own(asha)).map((f) => [f.name, f.filled])).toEqual([
      ['Room free', false],
      ['Room taken', true],
    ]);

    const reopened = await request(h.url)
      .put(`/api/flat/${mine._id}/filled`)
      .set(asha.headers)
      .send({ filled: false })
      .expect(200);
    expect(reopened.body).toMatchObject({ message: FLAT_MESSAGES.reopened, data: { filled: false } });
    expect((await publicNames()).total).toBe(2);
  });

  test('when a guest, another student, a bad body or nobody’s id asks, then 401, 403, 400 and 404 and it stays open', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const mine = await create(asha.headers);
    const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
      request(h.url)
        .put(`/api/flat/${id}/filled`)
        .set(headers)
        .send(body as object);

    await put(mine._id, { filled: true }).expect(401);
    const stranger = await put(mine._id, { filled: true }, rahul.headers).expect(403);
    expect(stranger.body).toMatchObject({ code: 'NOT_OWNER', message: FLAT_MESSAGES.notOwnerManage });
    for (const body of [{}, { filled: 'yes' }, { filled: 1 }]) {
      const bad = await put(mine._id, body, asha.headers).expect(400);
      expect(bad.body.issues).toEqual([{ path: 'filled', message: FLAT_MESSAGES.filledInvalid }]);
    }
    await put(randomUUID(), { filled: true }, asha.headers).expect(404);
    await put('nope', { filled: true }, asha.headers).expect(404);
    expect((await publicNames()).total).toBe(1);
  });
});
