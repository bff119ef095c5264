import sharp from 'sharp';
import request from 'supertest';
import type { FlatInterest, FlatRequest, MyFlatInterest } from '@campus/contracts/housing';
import { FLAT_MAX_LIMIT, FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { pageMessages } from '@campus/contracts/paging';
import {
  deliverDecisions,
  type NumberedDecision,
} from '@campus/service-kit/testing/moderated-content-harness';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { housingService } from '../src/service';
import { createOnRequestFlat, studentOf, validFlat, type Person } from './helpers';

/**
 * "Rooms I asked about" (GET /api/flat/interests/mine): a student's own interests, newest first,
 * with each request as they may see it; the owner's contact only with an accepted interest, kept
 * after the request is filled or expires. The service's clock is this file's: a test moves it past
 * an expiry.
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startServiceForTest(housingService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
});

const signedIn = (name: string) => studentOf(h, name);

const CONTACT = validFlat.contactInfo;

const createPrivate = (owner: Person, overrides: Record<string, unknown> = {}) =>
  createOnRequestFlat(h, owner, overrides);
async function interest(flat: FlatRequest, who: Person, message = `Hi, is ${flat.name} still free?`) {
  const res = await request(h.url)
    .post(`/api/flat/${flat._id}/interest`)
    .set(who.headers)
    .send({ message })
    .expect(201);
  return res.body.data as FlatInterest;
}
const decide = (flat: FlatRequest, interestId: string, owner: Person, status: 'accepted' | 'declined') =>
  request(h.url)
    .put(`/api/flat/${flat._id}/interests/${interestId}`)
    .set(owner.headers)
    .send({ status })
    .expect(200);
const asked = (who: Person | undefined, query = '') =>
  request(h.url)
    .get(`/api/flat/interests/mine${query}`)
    .set(who?.headers ?? {});
/** The student's list, each item as [room, status, contact or undefined, state]. */
async function summary(who: Person) {
  const res = await asked(who).expect(200);
  return (res.body.data as MyFlatInterest[]).map((i) => [
    i.flat.name,
    i.status,
    i.flat.contactInfo,
    i.flat.state,
  ]);
}

/** Moderation's numbered decisions about a flat request, each handled before the next. */
const moderate = (flat: FlatRequest, ...decisions: NumberedDecision[]) =>
  deliverDecisions(h, { targetType: 'flat', targetId: flat._id, authorId: flat.userId }, ...decisions);

describe('GET /api/flat/interests/mine', () => {
  test('when a guest asks, then 401 with the platform’s sentence', async () => {
    const res = await asked(undefined).expect(401);
    expect(res.body).toEqual({
      success: false,
      code: 'UNAUTHENTICATED',
      message: 'Please log in to continue.',
    });
  });

  test('when a student asked about several rooms, then they are listed newest first with their status, message and room; only the accepted one carries the contact', async () => {
    const asha = signedIn('Asha Rao');
    const vikram = signedIn('Vikram Shah');
    const rahul = signedIn('Rahul Verma');
    const first = await createPrivate(asha, { name: 'First room', rent: 7000 });
    const second = await createPrivate(vikram, { name: 'Second room' });
    const third = await createPrivate(asha, { name: 'Third room' });
    const firsts = await interest(first, rahul, 'I am a second-year student.');
    const seconds = await interest(second, rahul);
    await interest(third, rahul);
    await decide(first, firsts._id, asha, 'accepted');
    await decide(second, seconds._id, vikram, 'declined');

    const res = await asked(rahul).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({
      success: true,
      message: FLAT_MESSAGES.myInterestsFound,
      page: 1,
      pages: 1,
      total: 3,
    });
    expect(await summary(rahul)).toEqual([
      ['Third room', 'pending', undefined, 'open'],
      ['Second room', 'declined', undefined, 'open'],
      ['First room', 'accepted', CONTACT, 'open'],
    ]);
    const [pending, declined, accepted] = res.body.data as MyFlatInterest[];
    expect(accepted).toEqual({
      _id: firsts._id,
      message: 'I am a second-year student.',
      status: 'accepted',
      createdAt: firsts.createdAt,
      decidedAt: expect.any(String),
      flat: {
        _id: first._id,
        name: 'First room',
        userName: 'Asha Rao',
        rent: 7000,
        location: validFlat.location,
        moveInDate: validFlat.moveInDate,
        state: 'open',
        expiresAt: first.expiresAt,
        contactInfo: CONTACT,
        thumbnail: null,
      },
    });
    expect(pending!.decidedAt).toBeNull();
    for (const item of [pending, declined]) {
      expect(item!.flat).not.toHaveProperty('contactInfo');
      expect(JSON.stringify(item)).not.toContain(CONTACT);
    }
    // Pages: the newest first, then on.
    const paged = await asked(rahul, '?limit=2&page=2').expect(200);
    expect(paged.body).toMatchObject({ page: 2, pages: 2, total: 3 });
    expect((paged.body.data as MyFlatInterest[]).map((i) => i.flat.name)).toEqual(['First room']);
  });

  test('when the owner marks the room filled, or it expires, then the accepted student still sees the contact there (pending and declined still do not), though it left the public list', async () => {
    const asha = signedIn('Asha Rao');
    const [rahul, priya, sneha] = ['Rahul Verma', 'Priya Nair', 'Sneha Patil'].map(signedIn) as [
      Person,
      Person,
      Person,
    ];
    const filled = await createPrivate(asha, { name: 'Filled room' });
    const rahuls = await interest(filled, rahul);
    const priyas = await interest(filled, priya);
    await interest(filled, sneha);
    await decide(filled, rahuls._id, asha, 'accepted');
    await decide(filled, priyas._id, asha, 'declined');
    await request(h.url)
      .put(`/api/flat/${filled._id}/filled`)
      .set(asha.headers)
      .send({ filled: true })
      .expect(200);

    const open = await request(h.url).get('/api/flat').set(rahul.headers).expect(200);
    expect((open.body.data as FlatRequest[]).map((f) => f._id)).not.toContain(filled._id);
    expect(await summary(rahul)).toEqual([['Filled room', 'accepted', CONTACT, 'filled']]);
    expect(await summary(priya)).toEqual([['Filled room', 'declined', undefined, 'filled']]);
    expect(await summary(sneha)).toEqual([['Filled room', 'pending', undefined, 'filled']]);

    const expiring = await createPrivate(asha, { name: 'Expiring room' });
    const again = await interest(expiring, rahul);
    await decide(expiring, again._id, asha, 'accepted');
    clock = Date.parse(expiring.expiresAt) + DAY;
    const afterExpiry = await request(h.url).get('/api/flat').set(rahul.headers).expect(200);
    expect(afterExpiry.body.total).toBe(0);
    expect(await summary(rahul)).toEqual([
      ['Expiring room', 'accepted', CONTACT, 'expired'],
      ['Filled room', 'accepted', CONTACT, 'filled'],
    ]);
  });

  test('when other students asked too, then each sees only their own interests; the owner’s own list and interests are unaffected; a student who asked nothing gets an empty page', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const priya = signedIn('Priya Nair');
    const newcomer = signedIn('New Student');
    const flat = await createPrivate(asha, { name: 'Shared room' });
    const other = await createPrivate(asha, { name: 'Priya’s pick' });
    const rahuls = await interest(flat, rahul, 'Rahul’s message');
    await interest(flat, priya, 'Priya’s message');
    await interest(other, priya, 'Priya again');
    await decide(flat, rahuls._id, asha, 'accepted');

    const rahulsList = (await asked(rahul).expect(200)).body.data as MyFlatInterest[];
    expect(rahulsList.map((i) => [i.flat.name, i.message])).toEqual([['Shared room', 'Rahul’s message']]);
    const priyasList = (await asked(priya).expect(200)).body.data as MyFlatInterest[];
    expect(priyasList.map((i) => [i.flat.name, i.message, i.status])).toEqual([
      ['Priya’s pick', 'Priya again', 'pending'],
      ['Shared room', 'Priya’s message', 'pending'],
    ]);
    expect(JSON.stringify(priyasList)).not.toContain('Rahul');
    expect(JSON.stringify(priyasList)).not.toContain(CONTACT);

    // The owner showed no interest: an empty page; their own requests and interests are as before.
    const owners = await asked(asha).expect(200);
    expect(owners.body).toEqual({
      success: true,
      message: FLAT_MESSAGES.myInterestsEmpty,
      data: [],
      page: 1,
      pages: 0,
      total: 0,
    });
    expect((await asked(newcomer).expect(200)).body.total).toBe(0);
    const ownList = await request(h.url).get(`/api/flat/my/${asha.user.id}`).set(asha.headers).expect(200);
    expect((ownList.body.data as FlatRequest[]).map((f) => [f.name, f.interestCounts])).toEqual([
      ['Priya’s pick', { total: 1, pending: 1 }],
      ['Shared room', { total: 2, pending: 1 }],
    ]);
    const ownersInterests = await request(h.url)
      .get(`/api/flat/${flat._id}/interests`)
      .set(asha.headers)
      .expect(200);
    expect((ownersInterests.body.data as FlatInterest[]).map((i) => [i.userName, i.status])).toEqual([
      ['Rahul Verma', 'accepted'],
      ['Priya Nair', 'pending'],
    ]);
  });

  test('when the owner deletes the room or a moderator hides it, then it leaves the student’s list (a restored one comes back)', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const deleted = await createPrivate(asha, { name: 'Deleted room' });
    const hidden = await createPrivate(asha, { name: 'Hidden room' });
    const kept = await createPrivate(asha, { name: 'Kept room' });
    for (const flat of [deleted, hidden, kept])
      await decide(flat, (await interest(flat, rahul))._id, asha, 'accepted');

    await request(h.url).delete(`/api/flat/${deleted._id}`).set(asha.headers).expect(200);
    await moderate(hidden, ['hide', 1]);
    const res = await asked(rahul).expect(200);
    expect(res.body.total).toBe(1);
    expect(await summary(rahul)).toEqual([['Kept room', 'accepted', CONTACT, 'open']]);
    expect(JSON.stringify(res.body)).not.toContain('Hidden room');

    await moderate(hidden, ['restore', 2]);
    expect((await summary(rahul)).map(([name]) => name)).toEqual(['Kept room', 'Hidden room']);
  });

  test('when the room has photos, then its item carries the first photo’s smallest variant as a thumbnail', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const photoUrl = async (seed: number) => {
      const png = await sharp({
        create: { width: 48, height: 32, channels: 3, background: { r: seed * 30, g: 10, b: 200 } },
      })
        .png()
        .toBuffer();
      const res = await request(h.url)
        .post('/api/flat/photos')
        .set(asha.headers)
        .attach('photo', png, { filename: 'room.png' })
        .expect(201);
      return res.body.url as string;
    };
    const flat = await createPrivate(asha, { photos: [await photoUrl(1), await photoUrl(2)] });
    await interest(flat, rahul);
    const [item] = (await asked(rahul).expect(200)).body.data as MyFlatInterest[];
    expect(item!.flat.thumbnail).toEqual(flat.photoVariants[0]![0]);
    expect(item!.flat.thumbnail).not.toBeNull();
  });

  test('when the page or limit is out of range, then 400 with the paging sentence', async () => {
    const rahul = signedIn('Rahul Verma');
    const res = await asked(rahul, '?limit=500').expect(400);
    expect(res.body.issues).toEqual([{ path: 'limit', message: pageMessages(FLAT_MAX_LIMIT).limit }]);
    await asked(rahul, '?page=0').expect(400);
  });
});
