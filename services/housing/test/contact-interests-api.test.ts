import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import request from 'supertest';
import type { EventName, EventPayload } from '@campus/contracts/events';
import type { FlatInterest, FlatRequest } from '@campus/contracts/housing';
import { FLAT_MESSAGES, INTEREST_MESSAGE_MAX } from '@campus/contracts/housing-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { outbox } from '../src/data/schema';
import { housingService } from '../src/service';
import { createOnRequestFlat, studentOf, validFlat, type Person } from './helpers';

/**
 * Issue 28: contact on request. With `contactVisibility: 'on-request'` the contact is in no answer
 * except to its owner and to students whose interest the owner accepted; the interest routes'
 * roles; interests in the export and gone with the account.
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');

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
const interest = (
  flatId: string,
  who: Person | undefined,
  body: unknown = { message: 'Hi, is the room still free?' },
) =>
  request(h.url)
    .post(`/api/flat/${flatId}/interest`)
    .set(who?.headers ?? {})
    .send(body as object);
const interestsOf = (flatId: string, who: Person | undefined) =>
  request(h.url)
    .get(`/api/flat/${flatId}/interests`)
    .set(who?.headers ?? {});
const decide = (flatId: string, interestId: string, who: Person | undefined, body: unknown) =>
  request(h.url)
    .put(`/api/flat/${flatId}/interests/${interestId}`)
    .set(who?.headers ?? {})
    .send(body as object);
/** The request as `who` sees it in the public list. */
const listed = async (flatId: string, who: Person | undefined) => {
  const res = await request(h.url)
    .get('/api/flat')
    .set(who?.headers ?? {})
    .expect(200);
  return (res.body.data as FlatRequest[]).find((f) => f._id === flatId)!;
};

/** What the service wrote to its outbox about interests, oldest first. */
async function interestEvents() {
  const rows = await h.database.db.select().from(outbox).orderBy(asc(outbox.position));
  return rows
    .filter((r) => r.name.startsWith('housing.interest.'))
    .map((r) => ({ name: r.name, payload: r.payload }));
}

async function publish<N extends EventName>(name: N, payload: EventPayload<N>) {
  const envelope = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    payload,
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
}

describe('contact on request', () => {
  test('when the owner chose on-request, then the contact reaches the owner and an accepted student only: never a guest, a stranger, a pending or a declined student, in the list or the answers', async () => {
    const asha = signedIn('Asha Rao');
    const [rahul, priya, sneha, stranger] = ['Rahul Verma', 'Priya Nair', 'Sneha Patil', 'Stranger'].map(
      signedIn,
    ) as [Person, Person, Person, Person];
    const flat = await createPrivate(asha);
    expect(flat).toMatchObject({ contactVisibility: 'on-request', contactInfo: CONTACT });

    const rahuls = (await interest(flat._id, rahul).expect(201)).body.data as FlatInterest;
    const priyas = (await interest(flat._id, priya).expect(201)).body.data as FlatInterest;
    await interest(flat._id, sneha).expect(201);
    expect(rahuls).toMatchObject({
      flatId: flat._id,
      userId: rahul.user.id,
      userName: 'Rahul Verma',
      status: 'pending',
    });
    expect(JSON.stringify(rahuls)).not.toContain(CONTACT);

    await decide(flat._id, rahuls._id, asha, { status: 'accepted' }).expect(200);
    await decide(flat._id, priyas._id, asha, { status: 'declined' }).expect(200);

    expect((await listed(flat._id, asha)).contactInfo).toBe(CONTACT);
    const accepted = await listed(flat._id, rahul);
    expect(accepted).toMatchObject({
      contactInfo: CONTACT,
      myInterest: { _id: rahuls._id, status: 'accepted' },
    });
    for (const [who, status] of [
      [undefined, undefined],
      [stranger, undefined],
      [priya, 'declined'],
      [sneha, 'pending'],
    ] as const) {
      const seen = await listed(flat._id, who);
      expect(seen).not.toHaveProperty('contactInfo');
      expect(seen.myInterest?.status).toBe(status);
    }
    // Every answer of the service to the others, searched for the contact.
    for (const who of [stranger, priya, sneha]) {
      const answers = [
        await request(h.url).get('/api/flat?q=Sunny').set(who.headers),
        await request(h.url).get(`/api/flat/my/${who.user.id}`).set(who.headers),
        await request(h.url).get('/api/me/export/housing').set(who.headers),
        await interestsOf(flat._id, who),
      ];
      for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(CONTACT);
    }
  });

  test('when the owner switches back to signed-in, then every signed-in student sees the contact again (the spec’s behaviour, the default)', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const flat = await createPrivate(asha);
    expect(await listed(flat._id, rahul)).not.toHaveProperty('contactInfo');
    await request(h.url)
      .patch(`/api/flat/${flat._id}`)
      .set(asha.headers)
      .send({ contactVisibility: 'signed-in' })
      .expect(200);
    expect((await listed(flat._id, rahul)).contactInfo).toBe(CONTACT);
    const bad = await request(h.url)
      .patch(`/api/flat/${flat._id}`)
      .set(asha.headers)
      .send({ contactVisibility: 'friends' })
      .expect(400);
    expect(bad.body.issues).toEqual([
      { path: 'contactVisibility', message: FLAT_MESSAGES.contactVisibilityInvalid },
    ]);
  });
});

describe('POST /api/flat/{id}/interest', () => {
  test('when a guest, the owner, a repeat, a bad message, a missing or a filled request, then 401, 403, 409, 400, 404 and 409', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const flat = await createPrivate(asha);
    await interest(flat._id, undefined).expect(401);
    const own = await interest(flat._id, asha).expect(403);
    expect(own.body).toMatchObject({ code: 'OWN_FLAT', message: FLAT_MESSAGES.interestOwnFlat });
    for (const [body, message] of [
      [{}, FLAT_MESSAGES.interestMessageRequired],
      [{ message: '   ' }, FLAT_MESSAGES.interestMessageRequired],
      [{ message: 'x'.repeat(INTEREST_MESSAGE_MAX + 1) }, FLAT_MESSAGES.interestMessageTooLong],
    ] as const) {
      const res = await interest(flat._id, rahul, body).expect(400);
      expect(res.body.issues).toEqual([{ path: 'message', message }]);
    }
    await interest(flat._id, rahul, { message: '  Still free?  ' }).expect(201);
    const again = await interest(flat._id, rahul).expect(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_INTERESTED', message: FLAT_MESSAGES.interestAlready });
    await interest(randomUUID(), rahul).expect(404);
    await interest('not-an-id', rahul).expect(404);

    await request(h.url)
      .put(`/api/flat/${flat._id}/filled`)
      .set(asha.headers)
      .send({ filled: true })
      .expect(200);
    const filled = await interest(flat._id, signedIn('Priya Nair')).expect(409);
    expect(filled.body).toMatchObject({ code: 'FLAT_NOT_OPEN', message: FLAT_MESSAGES.interestNotOpen });
    const list = (await interestsOf(flat._id, asha).expect(200)).body.data as FlatInterest[];
    expect(list.map((i) => [i.userName, i.message, i.status])).toEqual([
      ['Rahul Verma', 'Still free?', 'pending'],
    ]);
  });
});

describe('the owner’s interests', () => {
  test('when anyone but the owner lists or answers them, then 401 or 403; unknown ids 404; a bad status 400; nothing changes', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const flat = await createPrivate(asha);
    const other = await createPrivate(asha, { name: 'Another room' });
    const rahuls = (await interest(flat._id, rahul).expect(201)).body.data as FlatInterest;

    await interestsOf(flat._id, undefined).expect(401);
    const stranger = await interestsOf(flat._id, rahul).expect(403);
    expect(stranger.body).toMatchObject({ code: 'NOT_OWNER', message: FLAT_MESSAGES.notOwnerInterests });
    await interestsOf(randomUUID(), asha).expect(404);

    await decide(flat._id, rahuls._id, undefined, { status: 'accepted' }).expect(401);
    await decide(flat._id, rahuls._id, rahul, { status: 'accepted' }).expect(403);
    const bad = await decide(flat._id, rahuls._id, asha, { status: 'maybe' }).expect(400);
    expect(bad.body.issues).toEqual([{ path: 'status', message: FLAT_MESSAGES.interestDecisionInvalid }]);
    await decide(flat._id, randomUUID(), asha, { status: 'accepted' }).expect(404);
    await decide(flat._id, 'nope', asha, { status: 'accepted' }).expect(404);
    // An interest of another of the owner's requests is not this request's.
    await decide(other._id, rahuls._id, asha, { status: 'accepted' }).expect(404);
    expect(((await interestsOf(flat._id, asha).expect(200)).body.data as FlatInterest[])[0]!.status).toBe(
      'pending',
    );
    expect(await listed(flat._id, rahul)).not.toHaveProperty('contactInfo');

    const accepted = await decide(flat._id, rahuls._id, asha, { status: 'accepted' }).expect(200);
    expect(accepted.body).toMatchObject({
      message: FLAT_MESSAGES.interestDecided('accepted'),
      data: { _id: rahuls._id, status: 'accepted', decidedAt: expect.any(String) },
    });
    expect((await listed(flat._id, rahul)).contactInfo).toBe(CONTACT);
    // The owner may change their mind: declined again, the contact is gone again.
    await decide(flat._id, rahuls._id, asha, { status: 'declined' }).expect(200);
    expect(await listed(flat._id, rahul)).not.toHaveProperty('contactInfo');
  });
});

describe('interests are personal data', () => {
  test('when a student exports, then their interests are there and nobody else’s; when their account goes, so do their interests', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const flat = await createPrivate(asha);
    const rahuls = (await interest(flat._id, rahul, { message: 'I cook veg.' }).expect(201)).body
      .data as FlatInterest;

    const exported = (await request(h.url).get('/api/me/export/housing').set(rahul.headers).expect(200)).body;
    expect(exported.files['flat-interests.json']).toEqual([
      {
        id: rahuls._id,
        flatId: flat._id,
        message: 'I cook veg.',
        status: 'pending',
        createdAt: expect.any(String),
        decidedAt: null,
      },
    ]);
    expect(JSON.stringify(exported)).not.toContain(CONTACT);
    const owners = (await request(h.url).get('/api/me/export/housing').set(asha.headers).expect(200)).body;
    expect(owners.files['flat-interests.json']).toEqual([]);
    expect(JSON.stringify(owners)).not.toContain('I cook veg.');

    await publish('identity.user.deleted', { userId: rahul.user.id, contributions: 'delete' });
    expect((await interestsOf(flat._id, asha).expect(200)).body.data).toEqual([]);
  });

  test('when the owner deletes the request, then its interests go with it', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const flat = await createPrivate(asha);
    await interest(flat._id, rahul).expect(201);
    await request(h.url).delete(`/api/flat/${flat._id}`).set(asha.headers).expect(200);
    const exported = (await request(h.url).get('/api/me/export/housing').set(rahul.headers).expect(200)).body;
    expect(exported.files['flat-interests.json']).toEqual([]);
  });
});

describe('the owner’s request counts and the student’s own state', () => {
  test('when students show interest, then the owner’s answers count them (all and pending) and nobody else’s answers carry a count; each student sees only their own interest', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const priya = signedIn('Priya Nair');
    const flat = await createPrivate(asha);
    expect(flat.interestCounts).toEqual({ total: 0, pending: 0 });
    const rahuls = (await interest(flat._id, rahul).expect(201)).body.data as FlatInterest;
    await interest(flat._id, priya).expect(201);
    await decide(flat._id, rahuls._id, asha, { status: 'accepted' }).expect(200);

    expect((await listed(flat._id, asha)).interestCounts).toEqual({ total: 2, pending: 1 });
    const own = await request(h.url).get(`/api/flat/my/${asha.user.id}`).set(asha.headers).expect(200);
    expect((own.body.data as FlatRequest[])[0]!.interestCounts).toEqual({ total: 2, pending: 1 });
    const renewed = await request(h.url).post(`/api/flat/${flat._id}/renew`).set(asha.headers).expect(200);
    expect(renewed.body.data.interestCounts).toEqual({ total: 2, pending: 1 });
    const edited = await request(h.url)
      .patch(`/api/flat/${flat._id}`)
      .set(asha.headers)
      .send({ rent: 9000 })
      .expect(200);
    expect(edited.body.data.interestCounts).toEqual({ total: 2, pending: 1 });

    for (const who of [undefined, rahul, priya, signedIn('Stranger')])
      expect(await listed(flat._id, who)).not.toHaveProperty('interestCounts');
    // A student reads their own interest's state, never another student's (nor the list: 403).
    expect((await listed(flat._id, rahul)).myInterest).toEqual({ _id: rahuls._id, status: 'accepted' });
    expect((await listed(flat._id, priya)).myInterest).toEqual({
      _id: expect.any(String),
      status: 'pending',
    });
    expect((await listed(flat._id, priya)).myInterest?._id).not.toBe(rahuls._id);
    await interestsOf(flat._id, priya).expect(403);
    await decide(flat._id, rahuls._id, priya, { status: 'declined' }).expect(403);
  });
});

describe('what notifications hear', () => {
  test('when a student shows interest, then the owner’s notification event names who and which request, never the message; each change of answer tells the student once', async () => {
    const asha = signedIn('Asha Rao');
    const rahul = signedIn('Rahul Verma');
    const flat = await createPrivate(asha);
    const rahuls = (await interest(flat._id, rahul, { message: 'Call me on 98450 12345' }).expect(201)).body
      .data as FlatInterest;
    await decide(flat._id, rahuls._id, asha, { status: 'accepted' }).expect(200);
    // The same answer again changes nothing for the student: no second event.
    await decide(flat._id, rahuls._id, asha, { status: 'accepted' }).expect(200);
    await decide(flat._id, rahuls._id, asha, { status: 'declined' }).expect(200);
    // Refused calls tell nobody anything.
    await decide(flat._id, rahuls._id, rahul, { status: 'accepted' }).expect(403);
    await interest(flat._id, rahul).expect(409);

    const events = await interestEvents();
    expect(events).toEqual([
      {
        name: 'housing.interest.created',
        payload: {
          interestId: rahuls._id,
          flatId: flat._id,
          ownerId: asha.user.id,
          studentId: rahul.user.id,
          studentName: 'Rahul Verma',
          flatName: flat.name,
        },
      },
      ...(['accepted', 'declined'] as const).map((status) => ({
        name: 'housing.interest.answered',
        payload: {
          interestId: rahuls._id,
          flatId: flat._id,
          ownerId: asha.user.id,
          ownerName: 'Asha Rao',
          studentId: rahul.user.id,
          flatName: flat.name,
          status,
        },
      })),
    ]);
    expect(JSON.stringify(events)).not.toContain('98450');
    expect(JSON.stringify(events)).not.toContain(CONTACT);
  });
});
