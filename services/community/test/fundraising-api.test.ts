import { sql } from 'drizzle-orm';
import request from 'supertest';
import { COMMUNITY_MESSAGES, PLEDGE_MAX } from '@campus/contracts/community-rules';
import type { EventEnvelope } from '@campus/contracts/events';
import { FUNDRAISING_MESSAGES as M } from '@campus/contracts/fundraising-rules';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { communityService } from '../src/service';
import {
  auth,
  captureEvents,
  makeUser,
  NEW_CAMPAIGN,
  newUtr,
  resetWithCampaigns,
  type TestUser,
} from './helpers';

/**
 * Fundraising through HTTP (issue 28): campaigns a teacher runs, pledges pending until the
 * organiser confirms them, the public total as the confirmed sum only.
 */
let h: ServiceHarness;
let events: EventEnvelope[];
beforeAll(async () => {
  h = await startServiceForTest(communityService);
  events = await captureEvents(h);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await resetWithCampaigns(h);
  events.length = 0;
});

async function createCampaign(teacher: TestUser, body: Record<string, unknown> = {}) {
  const res = await request(h.url)
    .post('/api/fundraising')
    .set(auth(teacher))
    .send({ ...NEW_CAMPAIGN, ...body })
    .expect(201);
  return res.body.data as { id: string; raised: number; pending: { count: number; sum: number } };
}

const pledge = (user: TestUser, campaignId: string, body: Record<string, unknown>) =>
  request(h.url).post(`/api/fundraising/${campaignId}/pledges`).set(auth(user)).send(body);

async function pendingPledge(user: TestUser, campaignId: string, amount = 500, extra = {}) {
  const res = await pledge(user, campaignId, { amount, utr: newUtr(), ...extra }).expect(201);
  return res.body.data.pledgeId as string;
}

const decide = (user: TestUser | undefined, campaignId: string, pledgeId: string, status: string) => {
  const req = request(h.url).put(`/api/fundraising/${campaignId}/pledges/${pledgeId}`);
  return (user ? req.set(auth(user)) : req).send({ status });
};

const campaignOf = async (id: string) =>
  (await request(h.url).get(`/api/fundraising/${id}`).expect(200)).body.data;

describe('GET /api/fundraising', () => {
  test('when anyone asks, then the three sample campaigns of the spec, nothing pending, no organiser', async () => {
    const res = await request(h.url).get('/api/fundraising').expect(200);
    expect(res.body.success).toBe(true);
    expect(
      res.body.data.map((c: { title: string; tag: string; raised: number; goal: number }) => [
        c.title,
        c.tag,
        c.raised,
        c.goal,
      ]),
    ).toEqual([
      ['Library Expansion Fund', 'Education', 45000, 100000],
      ['Campus Health Drive', 'Health', 30000, 50000],
      ['Sports Equipment Upgrade', 'Sports', 20000, 40000],
    ]);
    expect(res.body.data[0]).toEqual({
      id: '1',
      title: 'Library Expansion Fund',
      tag: 'Education',
      description: expect.any(String),
      upiId: expect.stringContaining('@'),
      raised: 45000,
      goal: 100000,
      link: '/campaign/1',
      emoji: expect.any(String),
      status: 'open',
      deadline: null,
      payeeName: expect.any(String),
      organiserId: null,
      pending: { count: 0, sum: 0 },
    });
  });
});

describe('POST /api/fundraising (a teacher starts a campaign)', () => {
  test('when a teacher creates one, then 201, they are its organiser, it starts at zero and everyone sees it', async () => {
    const meera = makeUser(h, 'Meera Iyer', true);
    const created = await createCampaign(meera);
    expect(created).toMatchObject({
      title: NEW_CAMPAIGN.title,
      description: NEW_CAMPAIGN.story,
      goal: 20000,
      deadline: '2099-12-31',
      upiId: 'robotics.club@okaxis',
      payeeName: 'Prof. Meera Iyer',
      organiserId: meera.id,
      status: 'open',
      raised: 0,
      link: `/campaign/${created.id}`,
    });
    const list = await request(h.url).get('/api/fundraising').expect(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual(['1', '2', '3', created.id]);
    expect(await campaignOf(created.id)).toEqual(created);
  });

  test('when a guest or a student creates one, then 401 / 403 and nothing is created', async () => {
    await request(h.url).post('/api/fundraising').send(NEW_CAMPAIGN).expect(401);
    await request(h.url)
      .post('/api/fundraising')
      .set(auth(makeUser(h, 'Asha')))
      .send(NEW_CAMPAIGN)
      .expect(403);
    expect((await request(h.url).get('/api/fundraising')).body.data).toHaveLength(3);
  });

  test.each([
    ['no title', { title: ' ' }, M.titleRequired],
    ['no story', { story: '' }, M.storyRequired],
    ['a fractional goal', { goal: 10.5 }, M.goalInvalid],
    ['a zero goal', { goal: 0 }, M.goalInvalid],
    ['a UPI id without a handle', { upiId: 'robotics.club' }, M.upiIdInvalid],
    ['a UPI id with spaces', { upiId: 'robo club@ok axis' }, M.upiIdInvalid],
    ['a deadline that is no date', { deadline: '31/12/2099' }, M.deadlineInvalid],
    ['no payee name', { payeeName: '' }, M.payeeNameRequired],
  ])('when it has %s, then 400 with a sentence saying so', async (_what, body, message) => {
    const res = await request(h.url)
      .post('/api/fundraising')
      .set(auth(makeUser(h, 'Meera', true)))
      .send({ ...NEW_CAMPAIGN, ...body })
      .expect(400);
    expect(res.body.message).toBe(message);
  });
});

describe('GET /api/fundraising/{id}', () => {
  test('when it does not exist, then 404', async () => {
    const res = await request(h.url).get('/api/fundraising/99').expect(404);
    expect(res.body.message).toBe(COMMUNITY_MESSAGES.campaignNotFound);
  });
});

describe('PATCH /api/fundraising/{id} (edit, close)', () => {
  test('when the organiser edits and then closes it, then it changes, and a closed campaign takes no pledge (409)', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    const edited = await request(h.url)
      .patch(`/api/fundraising/${c.id}`)
      .set(auth(meera))
      .send({ title: 'Robotics Kits', goal: 25000, story: 'Now 25 kits.' })
      .expect(200);
    expect(edited.body.data).toMatchObject({
      title: 'Robotics Kits',
      goal: 25000,
      description: 'Now 25 kits.',
    });
    const closed = await request(h.url)
      .patch(`/api/fundraising/${c.id}`)
      .set(auth(meera))
      .send({ status: 'closed' })
      .expect(200);
    expect(closed.body.data.status).toBe('closed');
    const res = await pledge(makeUser(h, 'Asha'), c.id, { amount: 100, utr: newUtr() }).expect(409);
    expect(res.body).toMatchObject({ code: 'CAMPAIGN_CLOSED', message: M.campaignClosed });
    await request(h.url)
      .post(`/api/fundraising/${c.id}/pledge-intents`)
      .set(auth(makeUser(h, 'Asha')))
      .send({ amount: 100 })
      .expect(409);
  });

  test('when the organiser edits the story of a campaign whose deadline has passed, sending the whole form, then 200: only a deadline being changed is checked', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera, { deadline: '2099-12-31' });
    await h.database.db.execute(
      sql`update community.campaigns set deadline = '2020-01-01' where id = ${c.id}`,
    );
    const edited = await request(h.url)
      .patch(`/api/fundraising/${c.id}`)
      .set(auth(meera))
      .send({ ...NEW_CAMPAIGN, story: 'Kits arrived; thank you all.', deadline: '2020-01-01' })
      .expect(200);
    expect(edited.body.data).toMatchObject({
      description: 'Kits arrived; thank you all.',
      deadline: '2020-01-01',
    });
  });

  test('when its deadline has passed, then pledges are refused (409)', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera, { deadline: '2099-12-31' });
    // Time passes: the deadline is behind us (no request may set a past one).
    await h.database.db.execute(
      sql`update community.campaigns set deadline = '2020-01-01' where id = ${c.id}`,
    );
    await pledge(makeUser(h, 'Asha'), c.id, { amount: 100, utr: newUtr() }).expect(409);
  });

  test('when a teacher creates or moves a campaign to a deadline that has passed, then 400 with the sentence, and nothing changes', async () => {
    const meera = makeUser(h, 'Meera', true);
    const before = (await request(h.url).get('/api/fundraising')).body.data.length;
    const created = await request(h.url)
      .post('/api/fundraising')
      .set(auth(meera))
      .send({ ...NEW_CAMPAIGN, deadline: '2020-01-01' })
      .expect(400);
    expect(created.body).toMatchObject({ code: 'VALIDATION_FAILED', message: M.deadlineInvalid });
    expect((await request(h.url).get('/api/fundraising')).body.data).toHaveLength(before);
    const c = await createCampaign(meera, { deadline: '2099-12-31' });
    const moved = await request(h.url)
      .patch(`/api/fundraising/${c.id}`)
      .set(auth(meera))
      .send({ deadline: '2020-01-01' })
      .expect(400);
    expect(moved.body.message).toBe(M.deadlineInvalid);
    expect((await request(h.url).get(`/api/fundraising/${c.id}`)).body.data.deadline).toBe('2099-12-31');
  });

  test('when a guest, a student or another teacher edits it, then 401 / 403 and it is unchanged; a missing one 404; an empty body 400', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    await request(h.url).patch(`/api/fundraising/${c.id}`).send({ status: 'closed' }).expect(401);
    await request(h.url)
      .patch(`/api/fundraising/${c.id}`)
      .set(auth(makeUser(h, 'Asha')))
      .send({ status: 'closed' })
      .expect(403);
    const other = await request(h.url)
      .patch(`/api/fundraising/${c.id}`)
      .set(auth(makeUser(h, 'Ravi', true)))
      .send({ status: 'closed' })
      .expect(403);
    expect(other.body.message).toBe(M.notOrganiser);
    // The spec's samples have no organiser: nobody edits them.
    await request(h.url).patch('/api/fundraising/1').set(auth(meera)).send({ status: 'closed' }).expect(403);
    await request(h.url).patch('/api/fundraising/99').set(auth(meera)).send({ status: 'closed' }).expect(404);
    const empty = await request(h.url)
      .patch(`/api/fundraising/${c.id}`)
      .set(auth(meera))
      .send({})
      .expect(400);
    expect(empty.body.message).toBe(M.nothingToEdit);
    expect((await campaignOf(c.id)).status).toBe('open');
  });
});

describe('POST /api/fundraising/{id}/pledge-intents', () => {
  test('when a student is about to pay, then a unique reference and a upi://pay link with payee, name, amount, note and reference, encoded', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera, { title: 'Kits & Tools: 100%', payeeName: 'Prof. Meera Iyer' });
    const asha = makeUser(h, 'Asha');
    const first = await request(h.url)
      .post(`/api/fundraising/${c.id}/pledge-intents`)
      .set(auth(asha))
      .send({ amount: 750 })
      .expect(201);
    const second = await request(h.url)
      .post(`/api/fundraising/${c.id}/pledge-intents`)
      .set(auth(asha))
      .send({ amount: 750 })
      .expect(201);
    const { tr, upiUrl } = first.body.data;
    expect(tr).not.toBe(second.body.data.tr);
    expect(upiUrl).toBe(
      `upi://pay?pa=robotics.club%40okaxis&pn=Prof.%20Meera%20Iyer&am=750&tn=Kits%20%26%20Tools%3A%20100%25&tr=${tr}&cu=INR`,
    );
    const url = new URL(upiUrl);
    expect(url.searchParams.get('tn')).toBe('Kits & Tools: 100%');
    // The pledge names the intent it paid with; someone else's intent is refused.
    const ok = await pledge(asha, c.id, { amount: 750, utr: newUtr(), tr }).expect(201);
    const pledges = await request(h.url).get(`/api/fundraising/${c.id}/pledges`).set(auth(meera)).expect(200);
    expect(pledges.body.data[0]).toMatchObject({ id: ok.body.data.pledgeId, tr });
    const res = await pledge(makeUser(h, 'Ravi'), c.id, {
      amount: 750,
      utr: newUtr(),
      tr: second.body.data.tr,
    }).expect(400);
    expect(res.body.message).toBe(M.intentUnknown);
  });

  test('when a pledge names a reference for another amount, or one already recorded, then 400 / 409 and nothing is recorded; a rejected pledge frees it', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    const asha = makeUser(h, 'Asha');
    const intent = await request(h.url)
      .post(`/api/fundraising/${c.id}/pledge-intents`)
      .set(auth(asha))
      .send({ amount: 500 })
      .expect(201);
    const { tr } = intent.body.data;
    const other = await pledge(asha, c.id, { amount: 100, utr: newUtr(), tr }).expect(400);
    expect(other.body).toMatchObject({ code: 'INTENT_AMOUNT_MISMATCH', message: M.intentAmountMismatch });
    const first = await pledge(asha, c.id, { amount: 500, utr: newUtr(), tr }).expect(201);
    const again = await pledge(asha, c.id, { amount: 500, utr: newUtr(), tr }).expect(409);
    expect(again.body).toMatchObject({ code: 'INTENT_USED', message: M.intentUsed });
    const listed = await request(h.url).get(`/api/fundraising/${c.id}/pledges`).set(auth(meera)).expect(200);
    expect(listed.body.data).toHaveLength(1);
    await decide(meera, c.id, first.body.data.pledgeId, 'rejected').expect(200);
    await pledge(asha, c.id, { amount: 500, utr: newUtr(), tr }).expect(201);
  });

  test('when one student asks for more references in an hour than anyone pays, then 429 with a sentence', async () => {
    const c = await createCampaign(makeUser(h, 'Meera', true));
    const asha = makeUser(h, 'Asha');
    const ask = () =>
      request(h.url).post(`/api/fundraising/${c.id}/pledge-intents`).set(auth(asha)).send({ amount: 10 });
    for (let i = 0; i < 30; i++) expect((await ask()).status).toBe(201);
    const res = await ask().expect(429);
    expect(res.body).toMatchObject({ code: 'TOO_MANY_INTENTS', message: M.intentsTooMany });
    await request(h.url)
      .post(`/api/fundraising/${c.id}/pledge-intents`)
      .set(auth(makeUser(h, 'Ravi')))
      .send({ amount: 10 })
      .expect(201);
  });

  test('when a guest asks, then 401; a bad amount 400; a missing campaign 404', async () => {
    await request(h.url).post('/api/fundraising/1/pledge-intents').send({ amount: 5 }).expect(401);
    const bad = await request(h.url)
      .post('/api/fundraising/1/pledge-intents')
      .set(auth(makeUser(h, 'Asha')))
      .send({ amount: -5 })
      .expect(400);
    expect(bad.body.message).toBe(COMMUNITY_MESSAGES.invalidAmount);
    await request(h.url)
      .post('/api/fundraising/99/pledge-intents')
      .set(auth(makeUser(h, 'Asha')))
      .send({ amount: 5 })
      .expect(404);
  });
});

describe('POST /api/fundraising/{id}/pledges (pending)', () => {
  test('when a student pledges, then 201 pending: the public total does not move, the pending count and sum do, and the pledge is announced', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const res = await pledge(asha, '2', { amount: 500, utr: '123456789012' }).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      message: M.pledgePending,
      data: {
        amount: 500,
        status: 'pending',
        campaign: { id: '2', raised: 30000, pending: { count: 1, sum: 500 } },
      },
    });
    const list = await request(h.url).get('/api/fundraising').expect(200);
    expect(list.body.data[1]).toMatchObject({ raised: 30000, pending: { count: 1, sum: 500 } });
    await waitFor('community.pledge.recorded published', () => events.length > 0);
    expect(events[0]?.payload).toEqual({
      pledgeId: res.body.data.pledgeId,
      campaignId: '2',
      userId: asha.id,
      amount: 500,
    });
  });

  test('when the same UTR is recorded again for the campaign, then 409, by anyone; on another campaign it may be used', async () => {
    await pledge(makeUser(h, 'Asha'), '1', { amount: 100, utr: '111122223333' }).expect(201);
    const res = await pledge(makeUser(h, 'Ravi'), '1', { amount: 100, utr: '111122223333' }).expect(409);
    expect(res.body).toMatchObject({ code: 'UTR_TAKEN', message: M.utrTaken });
    await pledge(makeUser(h, 'Ravi'), '2', { amount: 100, utr: '111122223333' }).expect(201);
  });

  test('when the organiser rejects a pledge, then its UTR is free again: the real donor records it', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    const first = await pendingPledge(makeUser(h, 'Mallory'), c.id, 100, { utr: '999988887777' });
    const asha = makeUser(h, 'Asha');
    await pledge(asha, c.id, { amount: 100, utr: '999988887777' }).expect(409);
    await decide(meera, c.id, first, 'rejected').expect(200);
    await pledge(asha, c.id, { amount: 100, utr: '999988887777' }).expect(201);
    await pledge(makeUser(h, 'Ravi'), c.id, { amount: 100, utr: '999988887777' }).expect(409);
  });

  test('when an older client sends no UTR, then the pledge is still only pending, for the organiser to match by amount', async () => {
    const res = await pledge(makeUser(h, 'Asha'), '1', { amount: 300 }).expect(201);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      campaign: { raised: 45000, pending: { count: 1, sum: 300 } },
    });
  });

  test('when the amount is a numeric string, then it counts as that whole number', async () => {
    const res = await pledge(makeUser(h, 'Asha'), '1', { amount: '250', utr: newUtr() }).expect(201);
    expect(res.body.data.campaign.pending).toEqual({ count: 1, sum: 250 });
  });

  test('when a guest pledges, then 401 and nothing is recorded', async () => {
    await request(h.url).post('/api/fundraising/1/pledges').send({ amount: 100, utr: newUtr() }).expect(401);
    expect((await campaignOf('1')).pending).toEqual({ count: 0, sum: 0 });
  });

  test.each([
    ['zero', { amount: 0 }, COMMUNITY_MESSAGES.invalidAmount],
    ['negative', { amount: -5 }, COMMUNITY_MESSAGES.invalidAmount],
    ['a fraction', { amount: 10.5 }, COMMUNITY_MESSAGES.invalidAmount],
    ['text', { amount: 'ten' }, COMMUNITY_MESSAGES.invalidAmount],
    ['missing', { amount: undefined }, COMMUNITY_MESSAGES.invalidAmount],
    ['an operator', { amount: { $gt: 0 } }, COMMUNITY_MESSAGES.invalidAmount],
    ['over the cap', { amount: PLEDGE_MAX + 1 }, COMMUNITY_MESSAGES.amountTooLarge],
    ['a number beyond safe integers', { amount: 1e308 }, COMMUNITY_MESSAGES.invalidAmount],
    ['a UTR of 11 digits', { utr: '12345678901' }, M.utrInvalid],
    ['a UTR with letters', { utr: '12345678901A' }, M.utrInvalid],
    ['a UTR that is a number', { utr: 123456789012 }, M.utrInvalid],
  ])('when the %s, then 400 with the message and nothing recorded', async (_what, body, message) => {
    const res = await pledge(makeUser(h, 'Asha'), '1', { amount: 100, utr: newUtr(), ...body }).expect(400);
    expect(res.body.message).toBe(message);
    expect((await campaignOf('1')).pending).toEqual({ count: 0, sum: 0 });
  });

  test.each([
    ['an unknown campaign', '99'],
    ['an operator-like id', '%24ne'],
  ])('when it is %s, then 404', async (_what, id) => {
    const res = await pledge(makeUser(h, 'Asha'), id, { amount: 1, utr: newUtr() }).expect(404);
    expect(res.body.message).toBe(COMMUNITY_MESSAGES.campaignNotFound);
  });
});

describe('PUT /api/fundraising/{id}/pledges/{pledgeId} (the organiser decides)', () => {
  test('when the organiser confirms, then the public total grows by the amount and pending shrinks; a rejection moves nothing', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    const a = await pendingPledge(makeUser(h, 'Asha'), c.id, 700);
    const b = await pendingPledge(makeUser(h, 'Ravi'), c.id, 300);
    const ok = await decide(meera, c.id, a, 'confirmed').expect(200);
    expect(ok.body.data).toMatchObject({
      pledge: { id: a, status: 'confirmed' },
      campaign: { raised: 700, pending: { count: 1, sum: 300 } },
    });
    await decide(meera, c.id, b, 'rejected').expect(200);
    expect(await campaignOf(c.id)).toMatchObject({ raised: 700, pending: { count: 0, sum: 0 } });
    // Decided is decided: neither a replay nor a change of mind counts twice.
    expect((await decide(meera, c.id, a, 'confirmed').expect(409)).body.code).toBe('PLEDGE_DECIDED');
    await decide(meera, c.id, b, 'confirmed').expect(409);
    expect((await campaignOf(c.id)).raised).toBe(700);
  });

  test('when the organiser lists the pledges, then every one with its status; others 401 / 403', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    await pendingPledge(makeUser(h, 'Asha'), c.id, 100, { utr: '999988887777' });
    const res = await request(h.url).get(`/api/fundraising/${c.id}/pledges`).set(auth(meera)).expect(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ amount: 100, utr: '999988887777', donorName: 'Asha', status: 'pending' }),
    ]);
    await request(h.url).get(`/api/fundraising/${c.id}/pledges`).expect(401);
    await request(h.url)
      .get(`/api/fundraising/${c.id}/pledges`)
      .set(auth(makeUser(h, 'Ravi', true)))
      .expect(403);
    await request(h.url).get('/api/fundraising/99/pledges').set(auth(meera)).expect(404);
  });

  test('no route lets a pledge raise the public total without its organiser: not the donor, another teacher, a guest, a bad status, a replayed pledge, nor two confirmations at once', async () => {
    const meera = makeUser(h, 'Meera', true);
    const asha = makeUser(h, 'Asha');
    const c = await createCampaign(meera);
    const p = await pendingPledge(asha, c.id, 1000);
    await decide(undefined, c.id, p, 'confirmed').expect(401);
    expect((await decide(asha, c.id, p, 'confirmed').expect(403)).body.message).toBe(M.notOrganiser);
    await decide(makeUser(h, 'Ravi', true), c.id, p, 'confirmed').expect(403);
    const bad = await decide(meera, c.id, p, 'approved').expect(400);
    expect(bad.body.message).toBe("status must be 'confirmed' or 'rejected'");
    await decide(meera, c.id, '00000000-0000-4000-8000-000000000000', 'confirmed').expect(404);
    await decide(meera, '99', p, 'confirmed').expect(404);
    // A pledge of one campaign is not decided through another the organiser runs.
    const other = await createCampaign(meera, { title: 'Other' });
    await decide(meera, other.id, p, 'confirmed').expect(404);
    // The donor replays their pledge: the UTR is taken, nothing more is pending.
    const replay = await pledge(asha, c.id, {
      amount: 1000,
      utr: (await request(h.url).get(`/api/fundraising/${c.id}/pledges`).set(auth(meera))).body.data[0].utr,
    });
    expect(replay.status).toBe(409);
    // The campaign edit cannot set the total.
    await request(h.url)
      .patch(`/api/fundraising/${c.id}`)
      .set(auth(meera))
      .send({ raised: 999999 })
      .expect(400);
    expect(await campaignOf(c.id)).toMatchObject({ raised: 0, pending: { count: 1, sum: 1000 } });
    // Two confirmations at once: one 200, one 409, counted once.
    const both = await Promise.all([
      decide(meera, c.id, p, 'confirmed'),
      decide(meera, c.id, p, 'confirmed'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await campaignOf(c.id)).toMatchObject({ raised: 1000, pending: { count: 0, sum: 0 } });
  });
});

describe('GET /api/fundraising/{id}/ledger', () => {
  test('when anyone reads it, then the confirmed pledges only, with the donor name or Anonymous, and the total', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    const a = await pendingPledge(makeUser(h, 'Asha Rao'), c.id, 500);
    const b = await pendingPledge(makeUser(h, 'Ravi'), c.id, 200, { anonymous: true });
    await pendingPledge(makeUser(h, 'Zara'), c.id, 50);
    await decide(meera, c.id, a, 'confirmed').expect(200);
    await decide(meera, c.id, b, 'confirmed').expect(200);
    const res = await request(h.url).get(`/api/fundraising/${c.id}/ledger`).expect(200);
    expect(res.body.data).toEqual({
      campaignId: c.id,
      total: 700,
      entries: [
        { date: expect.any(String), amount: 500, donor: 'Asha Rao', confirmed: true },
        { date: expect.any(String), amount: 200, donor: 'Anonymous', confirmed: true },
      ],
    });
    await request(h.url).get('/api/fundraising/99/ledger').expect(404);
  });

  test('when it is asked as CSV, then fields quoted where needed, and a name a spreadsheet would run as a formula stays text', async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    const a = await pendingPledge(makeUser(h, 'Asha'), c.id, 500, { name: '=HYPERLINK("http://x","Rao")' });
    await decide(meera, c.id, a, 'confirmed').expect(200);
    const res = await request(h.url).get(`/api/fundraising/${c.id}/ledger?format=csv`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [head, row] = res.text.split('\r\n');
    expect(head).toBe('date,amount,donor,confirmed');
    expect(row).toMatch(/^\d{4}-\d\d-\d\dT[^,"]+,500,"'=HYPERLINK\(""http:\/\/x"",""Rao""\)",yes$/);
    await request(h.url).get(`/api/fundraising/${c.id}/ledger?format=xls`).expect(400);
  });
});

describe('GET /api/fundraising/{id}/pledges/{pledgeId}/receipt', () => {
  test('when the donor or the organiser asks for a confirmed pledge, then its receipt; anyone else 401 / 403; a pending pledge 409; a missing one 404', async () => {
    const meera = makeUser(h, 'Meera', true);
    const asha = makeUser(h, 'Asha Rao');
    const c = await createCampaign(meera);
    const p = await pendingPledge(asha, c.id, 500, { utr: '555566667777' });
    const url = `/api/fundraising/${c.id}/pledges/${p}/receipt`;
    expect((await request(h.url).get(url).set(auth(asha)).expect(409)).body.message).toBe(
      M.receiptNotConfirmed,
    );
    await decide(meera, c.id, p, 'confirmed').expect(200);
    const res = await request(h.url).get(url).set(auth(asha)).expect(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body.data).toMatchObject({
      pledgeId: p,
      campaignTitle: NEW_CAMPAIGN.title,
      payeeName: NEW_CAMPAIGN.payeeName,
      donorName: 'Asha Rao',
      amount: 500,
      utr: '555566667777',
      receiptNo: expect.stringMatching(/^CC-/),
    });
    await request(h.url).get(url).set(auth(meera)).expect(200);
    await request(h.url).get(url).expect(401);
    expect(
      (
        await request(h.url)
          .get(url)
          .set(auth(makeUser(h, 'Ravi')))
          .expect(403)
      ).body.message,
    ).toBe(M.receiptNotYours);
    await request(h.url)
      .get(`/api/fundraising/${c.id}/pledges/00000000-0000-4000-8000-000000000000/receipt`)
      .set(auth(asha))
      .expect(404);
  });
  test('when a pledge was anonymous, then the organiser\'s receipt says "Anonymous" as the ledger does, and the donor\'s own receipt has their name', async () => {
    const meera = makeUser(h, 'Meera', true);
    const asha = makeUser(h, 'Asha Rao');
    const c = await createCampaign(meera);
    const p = await pendingPledge(asha, c.id, 300, { anonymous: true });
    await decide(meera, c.id, p, 'confirmed').expect(200);
    const url = `/api/fundraising/${c.id}/pledges/${p}/receipt`;
    const byOrganiser = await request(h.url).get(url).set(auth(meera)).expect(200);
    expect(byOrganiser.body.data.donorName).toBe('Anonymous');
    expect(JSON.stringify(byOrganiser.body)).not.toContain('Asha');
    const byDonor = await request(h.url).get(url).set(auth(asha)).expect(200);
    expect(byDonor.body.data.donorName).toBe('Asha Rao');
  });
});

describe('POST /api/fundraising/{id}/updates', () => {
  test('when the organiser posts an update, then it is listed and its backers (not a rejected donor, not the organiser) are told through the outbox', async () => {
    const meera = makeUser(h, 'Meera', true);
    const asha = makeUser(h, 'Asha');
    const ravi = makeUser(h, 'Ravi');
    const zara = makeUser(h, 'Zara');
    const c = await createCampaign(meera);
    await pendingPledge(asha, c.id, 100);
    const r = await pendingPledge(ravi, c.id, 100);
    await pendingPledge(asha, c.id, 50);
    await decide(meera, c.id, r, 'rejected').expect(200);
    const res = await request(h.url)
      .post(`/api/fundraising/${c.id}/updates`)
      .set(auth(meera))
      .send({ body: 'Ten kits bought!' })
      .expect(201);
    expect(res.body.data).toMatchObject({ campaignId: c.id, body: 'Ten kits bought!' });
    const list = await request(h.url).get(`/api/fundraising/${c.id}/updates`).expect(200);
    expect(list.body.data.map((u: { body: string }) => u.body)).toEqual(['Ten kits bought!']);
    await waitFor('community.campaign.updated published', () =>
      events.some((e) => e.name === 'community.campaign.updated'),
    );
    expect(events.find((e) => e.name === 'community.campaign.updated')?.payload).toEqual({
      campaignId: c.id,
      updateId: res.body.data.id,
      title: NEW_CAMPAIGN.title,
      excerpt: 'Ten kits bought!',
      link: `/campaign/${c.id}`,
      backerIds: [asha.id],
    });
    await request(h.url).post(`/api/fundraising/${c.id}/updates`).send({ body: 'x' }).expect(401);
    await request(h.url)
      .post(`/api/fundraising/${c.id}/updates`)
      .set(auth(zara))
      .send({ body: 'x' })
      .expect(403);
    const empty = await request(h.url)
      .post(`/api/fundraising/${c.id}/updates`)
      .set(auth(meera))
      .send({ body: ' ' })
      .expect(400);
    expect(empty.body.message).toBe(M.updateRequired);
    await request(h.url).post('/api/fundraising/99/updates').set(auth(meera)).send({ body: 'x' }).expect(404);
  });
});

describe("the organiser's routes, one by one", () => {
  /** Every route only the campaign's organiser may use, with a body it would accept from them. */
  const organiserRoutes = (campaignId: string, pledgeId: string) =>
    [
      { method: 'patch', url: `/api/fundraising/${campaignId}`, body: { status: 'closed' } },
      { method: 'get', url: `/api/fundraising/${campaignId}/pledges` },
      {
        method: 'put',
        url: `/api/fundraising/${campaignId}/pledges/${pledgeId}`,
        body: { status: 'confirmed' },
      },
      { method: 'post', url: `/api/fundraising/${campaignId}/updates`, body: { body: 'Kits ordered.' } },
    ] as const;

  const send = (
    route: ReturnType<typeof organiserRoutes>[number],
    user: TestUser | undefined,
  ): request.Test => {
    const req = request(h.url)[route.method](route.url);
    const signed = user ? req.set(auth(user)) : req;
    return 'body' in route ? signed.send(route.body) : signed;
  };

  test('when a guest, the donor, a student or another teacher uses any of them, then 401 / 403 with the sentence, and nothing changes; the organiser then can', async () => {
    const meera = makeUser(h, 'Meera', true);
    const asha = makeUser(h, 'Asha');
    const c = await createCampaign(meera);
    const p = await pendingPledge(asha, c.id, 400);
    const refused = [
      ['the donor', asha],
      ['a student', makeUser(h, 'Zara')],
      ['another teacher', makeUser(h, 'Ravi', true)],
    ] as const;
    for (const route of organiserRoutes(c.id, p)) {
      await send(route, undefined).expect(401);
      for (const [who, user] of refused) {
        const res = await send(route, user);
        expect({
          route: `${route.method} ${route.url}`,
          who,
          status: res.status,
          message: res.body.message,
        }).toEqual({
          route: `${route.method} ${route.url}`,
          who,
          status: 403,
          message: M.notOrganiser,
        });
      }
    }
    expect(await campaignOf(c.id)).toMatchObject({
      status: 'open',
      raised: 0,
      pending: { count: 1, sum: 400 },
    });
    expect((await request(h.url).get(`/api/fundraising/${c.id}/updates`).expect(200)).body.data).toEqual([]);
    expect(events.some((e) => e.name === 'community.campaign.updated')).toBe(false);
    for (const route of organiserRoutes(c.id, p)) {
      const res = await send(route, meera);
      expect([200, 201]).toContain(res.status);
    }
  });

  test("when any teacher uses them on one of the spec's samples (no organiser), then 403", async () => {
    const meera = makeUser(h, 'Meera', true);
    const p = await pendingPledge(makeUser(h, 'Asha'), '2', 100);
    for (const route of organiserRoutes('2', p)) {
      const res = await send(route, meera);
      expect({ route: `${route.method} ${route.url}`, status: res.status }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  test("when another teacher or student asks for a confirmed pledge's receipt, then 403 with the sentence", async () => {
    const meera = makeUser(h, 'Meera', true);
    const c = await createCampaign(meera);
    const p = await pendingPledge(makeUser(h, 'Asha'), c.id, 300);
    await decide(meera, c.id, p, 'confirmed').expect(200);
    for (const user of [makeUser(h, 'Ravi', true), makeUser(h, 'Zara')]) {
      const res = await request(h.url)
        .get(`/api/fundraising/${c.id}/pledges/${p}/receipt`)
        .set(auth(user))
        .expect(403);
      expect(res.body.message).toBe(M.receiptNotYours);
    }
  });
});
