import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type {
  ContentChangedPayload,
  EventEnvelope,
  ModerationDecisionPayload,
} from '@campus/contracts/events';
import { type FlatRequest } from '@campus/contracts/housing';
import { FLAT_MESSAGES, flatLink } from '@campus/contracts/housing-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { housingService } from '../src/service';
import { validFlat } from './helpers';

/**
 * Owning what you post (issue 26) in housing: the owner edits a flat request (PATCH), every
 * create, edit and delete tells moderation (housing.content.changed), and moderation's decisions
 * hide, restore or delete a request.
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
const published: EventEnvelope[] = [];
/** The events about one user's requests (the flat events name the owner `userId`, content events `authorId`). */
const publishedFor = (userId: string) =>
  published.filter((e) => {
    const payload = e.payload as { userId?: string; authorId?: string };
    return payload.userId === userId || payload.authorId === userId;
  });
const contentEventsFor = (userId: string) =>
  publishedFor(userId)
    .filter((e) => e.name === 'housing.content.changed')
    .map((e) => e.payload as ContentChangedPayload);

beforeAll(async () => {
  h = await startServiceForTest(housingService, {}, { now: () => new Date((clock += 1000)) });
  await h.bus.subscribe({
    queue: 'housing-moderation-test-observer',
    events: ['housing.flat.requested', 'housing.flat.deleted', 'housing.content.changed'],
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

const edit = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  request(h.url)
    .patch(`/api/flat/${encodeURIComponent(id)}`)
    .set(headers)
    .send(body as object);
const publicList = async (headers: Record<string, string> = {}, query = '') =>
  (await request(h.url).get(`/api/flat${query}`).set(headers).expect(200)).body as {
    data: FlatRequest[];
    total: number;
  };
const ownList = async (who: { user: { id: string }; headers: Record<string, string> }) =>
  (await request(h.url).get(`/api/flat/my/${who.user.id}`).set(who.headers).expect(200)).body as {
    data: FlatRequest[];
    total: number;
  };

/** Once a marker written after the request is published, anything the request wrote has been too. */
async function everythingWrittenSoFarIsPublished() {
  const marker = signedIn('Marker');
  await create(marker.headers);
  await waitFor('a marker event written after the request', () => publishedFor(marker.user.id).length);
}

/** Moderation's decision about a flat request, as the moderation service publishes it. */
function decision(
  name: 'moderation.content.hidden' | 'moderation.content.restored' | 'moderation.content.deleted',
  flat: FlatRequest,
  change: Partial<ModerationDecisionPayload> = {},
): EventEnvelope<ModerationDecisionPayload> {
  return {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: {
      targetType: 'flat',
      targetId: flat._id,
      authorId: flat.userId,
      title: flat.name,
      link: flatLink(flat._id),
      reason: 'Looks like a scam: asks for a deposit by gift card.',
      by: 'moderator',
      ...change,
    },
  };
}

/** Publishes each decision (`times` deliveries each) and waits until the service has handled them. */
async function deliver(envelope: EventEnvelope, times = 1) {
  for (let i = 0; i < times; i++) await h.bus.publish(envelope);
  await h.waitForDeliveries(envelope.id, times);
}

describe('PATCH /api/flat/{id}', () => {
  test('when the owner edits some fields, then 200 with the request as edited (the rest unchanged, editedAt set), the lists show it, and moderation gets version 2', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    const res = await edit(
      mine._id,
      { name: '  Sunny 2BHK, room free  ', rent: '9000', userId: 'someone-else' },
      asha.headers,
    ).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: FLAT_MESSAGES.updated,
      data: { ...mine, name: 'Sunny 2BHK, room free', rent: 9000, editedAt: expect.any(String) },
    });
    const editedAt = res.body.data.editedAt as string;
    expect(Date.parse(editedAt)).toBeGreaterThan(Date.parse(mine.createdAt));

    // A guest gets neither the contact nor the owner's count of interests.
    const { contactInfo: _contact, interestCounts: _counts, ...asGuestsSeeIt } = res.body.data as FlatRequest;
    expect((await publicList()).data).toEqual([asGuestsSeeIt]);
    expect((await ownList(asha)).data).toEqual([res.body.data]);

    await waitFor('the edit announced', () => contentEventsFor(asha.user.id), {
      until: (events) => events.length >= 2,
    });
    expect(contentEventsFor(asha.user.id)).toEqual([
      expect.objectContaining({ change: 'published', version: 1, title: 'Sunny 2BHK near the main gate' }),
      {
        targetType: 'flat',
        targetId: mine._id,
        link: `/roomfinder#flat-${mine._id}`,
        authorId: asha.user.id,
        authorName: 'Asha Rao',
        anonymous: false,
        title: 'Sunny 2BHK, room free',
        text: expect.stringContaining('Rent: ₹9,000 a month. Move-in: 2026-07-01.'),
        change: 'edited',
        version: 2,
        at: editedAt,
      },
    ]);
    expect(contentEventsFor(asha.user.id)[1]?.text).toContain(validFlat.description);
    expect(contentEventsFor(asha.user.id)[1]?.text).not.toContain('98765');
  });

  test('when the owner edits every field, then each is validated as on create and stored', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    const changes = {
      name: 'Room in Baner',
      description: 'Quiet room, shared kitchen.',
      location: 'Baner, Pune',
      genderPreference: 'Any',
      rent: 6000,
      moveInDate: '2026-09-01T00:00:00.000Z',
      contactInfo: 'asha.rao@campus.edu',
    };
    const res = await edit(mine._id, changes, asha.headers).expect(200);
    expect(res.body.data).toMatchObject({
      ...changes,
      genderPreference: 'any',
      moveInDate: '2026-09-01',
      userId: asha.user.id,
      createdAt: mine.createdAt,
    });
  });

  test('when a guest edits, then 401 and the request is unchanged', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    const res = await edit(mine._id, { name: 'Taken over' }).expect(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect((await ownList(asha)).data).toEqual([mine]);
  });

  test('when another student edits someone’s request, then 403 NOT_OWNER, it is unchanged and nothing is announced', async () => {
    const asha = signedIn('Asha Rao');
    const rohan = signedIn('Rohan Das');
    const mine = await create(asha.headers);
    const res = await edit(mine._id, { name: 'Taken over', rent: 1 }, rohan.headers).expect(403);
    expect(res.body).toMatchObject({
      success: false,
      code: 'NOT_OWNER',
      message: FLAT_MESSAGES.notOwnerEdit,
    });
    expect(JSON.stringify(res.body)).not.toContain('98765');
    expect((await ownList(asha)).data).toEqual([mine]);
    await everythingWrittenSoFarIsPublished();
    expect(contentEventsFor(asha.user.id).map((e) => e.change)).toEqual(['published']);
    expect(publishedFor(rohan.user.id)).toEqual([]);
  });

  test.each([
    ['a blank name', { name: '  ' }, [{ path: 'name', message: FLAT_MESSAGES.nameRequired }]],
    ['a negative rent', { rent: -1 }, [{ path: 'rent', message: FLAT_MESSAGES.rentInvalid }]],
    ['a blank rent', { rent: '' }, [{ path: 'rent', message: FLAT_MESSAGES.rentRequired }]],
    [
      'a day that does not exist',
      { moveInDate: '2026-02-30' },
      [{ path: 'moveInDate', message: FLAT_MESSAGES.moveInDateInvalid }],
    ],
    [
      'a javascript: location',
      { location: 'javascript:alert(1)' },
      [{ path: 'location', message: FLAT_MESSAGES.locationLink }],
    ],
    [
      'a contact that is no phone or email',
      { contactInfo: 'ask at the canteen' },
      [{ path: 'contactInfo', message: FLAT_MESSAGES.contactInfoInvalid }],
    ],
    [
      'an unknown gender preference',
      { genderPreference: 'other' },
      [{ path: 'genderPreference', message: FLAT_MESSAGES.genderInvalid }],
    ],
    [
      'a blank name and a description too long',
      { description: 'x'.repeat(2001), name: '' },
      [
        { path: 'name', message: FLAT_MESSAGES.nameRequired },
        { path: 'description', message: 'Description must be at most 2000 characters.' },
      ],
    ],
    ['no field', {}, [{ path: '', message: FLAT_MESSAGES.nothingToChange }]],
    ['only a userId', { userId: 'someone-else' }, [{ path: '', message: FLAT_MESSAGES.nothingToChange }]],
  ])(
    'when the owner sends %s, then 400 with the messages and the request is unchanged',
    async (_label, body, issues) => {
      const asha = signedIn('Asha Rao');
      const mine = await create(asha.headers);
      const res = await edit(mine._id, body, asha.headers).expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.issues).toEqual(issues);
      expect((await ownList(asha)).data).toEqual([mine]);
    },
  );

  test.each([randomUUID(), 'not-a-uuid', "1' or '1'='1"])(
    'when the id %j names no request, then 404',
    async (id) => {
      const asha = signedIn('Asha Rao');
      const res = await edit(id, { name: 'Anything' }, asha.headers).expect(404);
      expect(res.body).toMatchObject({ success: false, message: FLAT_MESSAGES.notFound });
    },
  );

  test('when the owner edits a request they deleted, then 404', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    await request(h.url).delete(`/api/flat/${mine._id}`).set(asha.headers).expect(200);
    await edit(mine._id, { name: 'Back again' }, asha.headers).expect(404);
    expect((await ownList(asha)).total).toBe(0);
  });
});

describe('housing.content.changed', () => {
  test('when the owner creates and deletes a request, then moderation gets it published (v1) and deleted (v2), and profile its deletion', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers, { name: 'Doomed', rent: 12500 });
    await request(h.url)
      .delete(`/api/flat/${mine._id}`)
      .set(asha.headers)
      .expect(200, { success: true, message: FLAT_MESSAGES.deleted, data: { _id: mine._id } });
    await waitFor('three events', () => publishedFor(asha.user.id).length, { until: (n) => n >= 4 });
    expect(publishedFor(asha.user.id).map((e) => e.name)).toEqual([
      'housing.flat.requested',
      'housing.content.changed',
      'housing.content.changed',
      'housing.flat.deleted',
    ]);
    const [published, deleted] = contentEventsFor(asha.user.id);
    expect(published).toMatchObject({
      targetType: 'flat',
      targetId: mine._id,
      link: flatLink(mine._id),
      title: 'Doomed',
      change: 'published',
      version: 1,
      at: mine.createdAt,
    });
    expect(published?.text).toContain('Rent: ₹12,500 a month.');
    expect(deleted).toMatchObject({ targetId: mine._id, title: 'Doomed', change: 'deleted', version: 2 });
  });
});

describe('moderation decisions', () => {
  test('when a moderator hides a request, then it is in no public answer, its owner sees it with the reason; restore brings it back', async () => {
    const asha = signedIn('Asha Rao');
    const rohan = signedIn('Rohan Das');
    const hidden = await create(asha.headers, { name: 'Gift card deposit flat' });
    const other = await create(asha.headers, { name: 'Honest flat' });
    const reason = 'Looks like a scam: asks for a deposit by gift card.';
    const hide = decision('moderation.content.hidden', hidden, { reason });
    await deliver(hide);

    for (const viewer of [{}, rohan.headers, asha.headers]) {
      const seen = await publicList(viewer);
      expect(seen.data.map((f) => f.name)).toEqual(['Honest flat']);
      expect(seen.total).toBe(1);
      expect((await publicList(viewer, '?q=gift')).total).toBe(0);
      expect((await publicList(viewer, '?sort=rent_asc&genderPreference=female')).total).toBe(1);
    }
    const own = await ownList(asha);
    expect(own.data).toEqual([other, { ...hidden, moderation: { state: 'hidden', reason } }]);

    // Editing a hidden request keeps it hidden: only a moderator restores it.
    const edited = await edit(
      hidden._id,
      { description: 'Deposit by bank transfer only.' },
      asha.headers,
    ).expect(200);
    expect(edited.body.data.moderation).toEqual({ state: 'hidden', reason });
    expect((await publicList()).total).toBe(1);

    await deliver(decision('moderation.content.restored', hidden, { reason: 'Checked with the owner.' }));
    expect((await publicList()).data.map((f) => f.name)).toEqual(['Honest flat', 'Gift card deposit flat']);
    expect((await ownList(asha)).data.find((f) => f._id === hidden._id)).not.toHaveProperty('moderation');
  });

  test('when a moderator deletes a request, then it goes as its owner’s delete would: gone everywhere, content.changed deleted and housing.flat.deleted', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    await deliver(decision('moderation.content.deleted', mine));
    expect((await publicList()).total).toBe(0);
    expect((await ownList(asha)).total).toBe(0);
    await request(h.url).delete(`/api/flat/${mine._id}`).set(asha.headers).expect(404);

    await waitFor('the deletion announced', () => publishedFor(asha.user.id).length, {
      until: (n) => n >= 4,
    });
    expect(publishedFor(asha.user.id).map((e) => [e.name, e.payload])).toEqual([
      ['housing.flat.requested', { flatId: mine._id, userId: asha.user.id }],
      ['housing.content.changed', expect.objectContaining({ change: 'published', version: 1 })],
      [
        'housing.content.changed',
        expect.objectContaining({ targetId: mine._id, change: 'deleted', version: 2 }),
      ],
      ['housing.flat.deleted', { flatId: mine._id, userId: asha.user.id }],
    ]);
  });

  test('when decisions are redelivered or repeated, then nothing changes twice (one version per change, one deletion)', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    const hide = decision('moderation.content.hidden', mine);
    await deliver(hide, 2);
    // The same decision again under a new id, and a restore of something visible, change nothing either.
    await deliver(decision('moderation.content.hidden', mine));
    const restore = decision('moderation.content.restored', mine);
    await deliver(restore, 2);
    await deliver(decision('moderation.content.restored', mine));
    expect((await publicList()).total).toBe(1);

    const remove = decision('moderation.content.deleted', mine);
    await deliver(remove, 2);
    await deliver(decision('moderation.content.deleted', mine));
    await everythingWrittenSoFarIsPublished();
    // v1 published, v2 hidden, v3 restored: the deletion is v4, announced once.
    expect(
      publishedFor(asha.user.id).map((e) => [e.name, (e.payload as { version?: number }).version]),
    ).toEqual([
      ['housing.flat.requested', undefined],
      ['housing.content.changed', 1],
      ['housing.content.changed', 4],
      ['housing.flat.deleted', undefined],
    ]);
  });

  test('when a decision is about another kind of item with the same id, then the request is untouched', async () => {
    const asha = signedIn('Asha Rao');
    const mine = await create(asha.headers);
    await deliver(decision('moderation.content.hidden', mine, { targetType: 'job' }));
    await deliver(decision('moderation.content.deleted', mine, { targetType: 'book' }));
    expect((await publicList()).total).toBe(1);
    expect((await ownList(asha)).data).toEqual([mine]);
  });
});
