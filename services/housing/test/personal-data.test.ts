import { randomUUID } from 'node:crypto';
import { isNull, max } from 'drizzle-orm';
import request from 'supertest';
import type { EventName, EventPayload } from '@campus/contracts/events';
import type { FlatRequest } from '@campus/contracts/housing';
import { signAccessToken } from '@campus/service-kit/auth';
import { expectNoTraceOf } from '@campus/service-kit/testing/no-trace';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { flats, members, outbox } from '../src/data/schema';
import { housingService } from '../src/service';
import { validFlat } from './helpers';

/** Your data, your account (issue 26 §3) in housing: the export of one's own, and forgetting a deleted account. */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(housingService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

interface Person {
  user: { id: string; name: string; isTeacher: boolean };
  email: string;
  headers: Record<string, string>;
}

function person(name: string): Person {
  const user = { id: randomUUID(), name, isTeacher: false };
  return {
    user,
    email: `${name.split(' ')[0]!.toLowerCase()}@campus.example.edu`,
    headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` },
  };
}

/** Publishes an event as its producer would and waits until housing handled it; its envelope, for a redelivery. */
async function publish<N extends EventName>(name: N, payload: EventPayload<N>) {
  const envelope = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: name.split('.')[0]!,
    payload,
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
  return envelope;
}

const registered = (who: Person) =>
  publish('identity.user.registered', {
    userId: who.user.id,
    name: who.user.name,
    email: who.email,
    isTeacher: false,
  });

async function create(who: Person, overrides: Record<string, unknown> = {}) {
  const res = await request(h.url)
    .post('/api/flat')
    .set(who.headers)
    .send({ ...validFlat, ...overrides })
    .expect(201);
  return res.body.data as FlatRequest;
}

const publicList = async (headers: Record<string, string> = {}) =>
  (await request(h.url).get('/api/flat').set(headers).expect(200)).body as {
    data: FlatRequest[];
    total: number;
  };

const exportOf = (who: Person) => request(h.url).get('/api/me/export/housing').set(who.headers).expect(200);

/** Every create's events are on the bus (the kit scrubs published rows of the person; unpublished ones are the relay's). */
const allPublished = () =>
  waitFor('every outbox row published', async () => {
    const rows = await h.database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.publishedAt));
    return rows.length === 0;
  });
const lastOutboxPosition = async () =>
  Number((await h.database.db.select({ last: max(outbox.position) }).from(outbox))[0]?.last ?? 0);

async function snapshot() {
  const db = h.database.db;
  return {
    flats: await db.select().from(flats).orderBy(flats.id),
    members: await db.select().from(members).orderBy(members.userId),
  };
}

describe('GET /api/me/export/housing', () => {
  test('when a guest asks, then 401', async () => {
    await request(h.url).get('/api/me/export/housing').expect(401);
  });

  test('when a user asks, then they get exactly their flat requests (contact details and a hidden one included) and their member entry, privately, and nothing of anyone else', async () => {
    const priya = person('Priya Nair');
    const rahul = person('Rahul Verma');
    await registered(priya);
    const first = await create(priya);
    const second = await create(priya, { name: 'Room in Baner', contactInfo: 'priya.flats@example.org' });
    const rahuls = await create(rahul, { name: 'Rahul’s 1RK', contactInfo: '+91 90000 11111' });
    await publish('moderation.content.hidden', {
      targetType: 'flat',
      targetId: second._id,
      authorId: priya.user.id,
      title: second.name,
      link: '/roomfinder',
      reason: 'A phone number in the description.',
      by: 'moderator',
    });

    const res = await exportOf(priya);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({ service: 'housing' });
    expect(res.body.files).toEqual({
      'flat-requests.json': [
        expect.objectContaining({
          id: first._id,
          name: validFlat.name,
          contactInfo: validFlat.contactInfo,
          moderation: null,
        }),
        expect.objectContaining({
          id: second._id,
          contactInfo: 'priya.flats@example.org',
          moderation: { state: 'hidden', reason: 'A phone number in the description.' },
        }),
      ],
      'flat-interests.json': [],
      'member.json': { userId: priya.user.id, name: 'Priya Nair', isTeacher: false },
    });
    const text = JSON.stringify(res.body);
    for (const other of [rahul.user.id, rahul.user.name, rahuls._id, '+91 90000 11111'])
      expect(text).not.toContain(other);

    // Rahul never registered through identity: his entry is the one his session gave when he wrote.
    expect((await exportOf(rahul)).body.files).toEqual({
      'flat-requests.json': [expect.objectContaining({ id: rahuls._id })],
      'flat-interests.json': [],
      'member.json': { userId: rahul.user.id, name: 'Rahul Verma', isTeacher: false },
    });
  });
});

describe('identity.user.deleted', () => {
  for (const contributions of ['delete', 'anonymise'] as const) {
    test(`when the owner chose '${contributions}', then their flat requests and member entry are gone, no trace of them is left, nothing is emitted, Rahul's are untouched, and a redelivery changes nothing`, async () => {
      const priya = person('Priya Nair');
      const rahul = person('Rahul Verma');
      await registered(priya);
      await registered(rahul);
      await create(priya);
      await create(priya, { name: 'Room in Baner' });
      const rahuls = await create(rahul, { name: 'Rahul’s 1RK' });
      await allPublished();
      const rahulsBefore = (await publicList(rahul.headers)).data.find((f) => f._id === rahuls._id);
      const before = await lastOutboxPosition();

      const event = await publish('identity.user.deleted', { userId: priya.user.id, contributions });

      const after = await publicList(rahul.headers);
      expect(after.data).toEqual([rahulsBefore]);
      expect(after.total).toBe(1);
      await expectNoTraceOf(h.database.db, 'housing', [priya.user.id, priya.user.name, priya.email]);
      // Nothing emitted (profile and moderation forget her on the same event); Rahul's events stay.
      expect(await lastOutboxPosition()).toBe(before);
      expect(JSON.stringify(await h.database.db.select().from(outbox))).toContain(rahul.user.id);
      expect((await exportOf(priya)).body.files).toEqual({
        'flat-requests.json': [],
        'flat-interests.json': [],
        'member.json': null,
      });

      const state = await snapshot();
      await h.bus.publish(event);
      await h.waitForDeliveries(event.id, 2);
      expect(await snapshot()).toEqual(state);
      expect(await lastOutboxPosition()).toBe(before);
    });
  }
});
