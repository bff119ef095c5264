import request from 'supertest';
import { COMMUNITY_MESSAGES, PLEDGE_MAX } from '@campus/contracts/community-rules';
import type { EventEnvelope } from '@campus/contracts/events';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { communityService } from '../src/service';
import { auth, captureEvents, makeUser, resetWithCampaigns } from './helpers';

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

describe('GET /api/fundraising', () => {
  test('when anyone asks, then the three sample campaigns of the spec', async () => {
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
    });
  });
});

describe('POST /api/fundraising/{campaignId}/pledges', () => {
  test('when a student pledges, then 201 and the campaign total grows for everyone', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const res = await request(h.url)
      .post('/api/fundraising/2/pledges')
      .set(auth(asha))
      .send({ amount: 500 })
      .expect(201);
    expect(res.body).toMatchObject({
      success: true,
      message: COMMUNITY_MESSAGES.pledged,
      data: { amount: 500, campaign: { id: '2', raised: 30500 } },
    });
    const list = await request(h.url).get('/api/fundraising').expect(200);
    expect(list.body.data[1].raised).toBe(30500);
    await waitFor('community.pledge.recorded published', () => events.length > 0);
    expect(events[0]?.payload).toEqual({
      pledgeId: res.body.data.pledgeId,
      campaignId: '2',
      userId: asha.id,
      amount: 500,
    });
  });

  test('when the amount is a numeric string, then it counts as that whole number', async () => {
    await request(h.url)
      .post('/api/fundraising/1/pledges')
      .set(auth(makeUser(h, 'Asha')))
      .send({ amount: '250' })
      .expect(201);
    expect((await request(h.url).get('/api/fundraising')).body.data[0].raised).toBe(45250);
  });

  test('when many pledges arrive at once, then none is lost', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(h.url)
          .post('/api/fundraising/3/pledges')
          .set(auth(makeUser(h, `D${i}`)))
          .send({ amount: 10 })
          .expect(201),
      ),
    );
    expect((await request(h.url).get('/api/fundraising')).body.data[2].raised).toBe(20400);
  });

  test('when a guest pledges, then 401 and the total is unchanged', async () => {
    await request(h.url).post('/api/fundraising/1/pledges').send({ amount: 100 }).expect(401);
    expect((await request(h.url).get('/api/fundraising')).body.data[0].raised).toBe(45000);
  });

  test.each([
    ['zero', 0, COMMUNITY_MESSAGES.invalidAmount],
    ['negative', -5, COMMUNITY_MESSAGES.invalidAmount],
    ['a fraction', 10.5, COMMUNITY_MESSAGES.invalidAmount],
    ['text', 'ten', COMMUNITY_MESSAGES.invalidAmount],
    ['missing', undefined, COMMUNITY_MESSAGES.invalidAmount],
    ['an operator', { $gt: 0 }, COMMUNITY_MESSAGES.invalidAmount],
    ['over the cap', PLEDGE_MAX + 1, COMMUNITY_MESSAGES.amountTooLarge],
    ['a number beyond safe integers', 1e308, COMMUNITY_MESSAGES.invalidAmount],
  ])(
    'when the amount is %s, then 400 with the message and nothing recorded',
    async (_what, amount, message) => {
      const res = await request(h.url)
        .post('/api/fundraising/1/pledges')
        .set(auth(makeUser(h, 'Asha')))
        .send({ amount })
        .expect(400);
      expect(res.body.message).toBe(message);
      expect((await request(h.url).get('/api/fundraising')).body.data[0].raised).toBe(45000);
    },
  );

  test.each([
    ['an unknown campaign', '99'],
    ['an operator-like id', '%24ne'],
  ])('when it is %s, then 404', async (_what, id) => {
    const res = await request(h.url)
      .post(`/api/fundraising/${id}/pledges`)
      .set(auth(makeUser(h, 'Asha')))
      .send({ amount: 1 })
      .expect(404);
    expect(res.body.message).toBe(COMMUNITY_MESSAGES.campaignNotFound);
  });
});
