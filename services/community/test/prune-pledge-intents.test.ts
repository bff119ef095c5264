import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { FUNDRAISING_MESSAGES as M } from '@campus/contracts/fundraising-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { pledgeIntents } from '../src/data/schema';
import {
  createPrunePledgeIntentsJob,
  PRUNE_INTENTS_EVERY_MS,
  UNUSED_INTENT_RETENTION_DAYS,
} from '../src/domain/prune-pledge-intents';
import { communityService } from '../src/service';
import { auth, makeUser, NEW_CAMPAIGN, newUtr, resetWithCampaigns, type TestUser } from './helpers';

/**
 * Pledge intents (pay links with their own reference) that no pledge names are deleted a week after
 * they were asked for; one a pledge names stays with its pledge. Through HTTP on a moved clock.
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
const now = () => new Date(clock);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
beforeAll(async () => {
  h = await startServiceForTest(communityService, {}, { now });
});
afterAll(() => h.stop());
beforeEach(() => resetWithCampaigns(h));

/** A replica's prune job on the shared database and the test's clock. */
const replicaJob = () =>
  createPrunePledgeIntentsJob({ db: h.database.db, logger: pino({ level: 'silent' }), now });

async function createCampaign(teacher: TestUser) {
  const res = await request(h.url).post('/api/fundraising').set(auth(teacher)).send(NEW_CAMPAIGN).expect(201);
  return res.body.data.id as string;
}

const askIntent = (user: TestUser, campaignId: string, amount: number) =>
  request(h.url).post(`/api/fundraising/${campaignId}/pledge-intents`).set(auth(user)).send({ amount });

async function intent(user: TestUser, campaignId: string, amount: number) {
  return (await askIntent(user, campaignId, amount).expect(201)).body.data.tr as string;
}

const pledge = (user: TestUser, campaignId: string, amount: number, tr: string) =>
  request(h.url)
    .post(`/api/fundraising/${campaignId}/pledges`)
    .set(auth(user))
    .send({ amount, utr: newUtr(), tr });

const intentsOf = async (user: TestUser) =>
  (await h.database.db.select().from(pledgeIntents).where(eq(pledgeIntents.userId, user.id))).length;

describe('pruning unused pledge intents', () => {
  test(`when an intent nobody pledged with is older than ${UNUSED_INTENT_RETENTION_DAYS} days, then the job deletes it; a fresh one, a used one and one whose pledge was rejected stay`, async () => {
    const meera = makeUser(h, 'Meera Iyer', true);
    const campaign = await createCampaign(meera);
    const asha = makeUser(h, 'Asha Rao');
    const stale = await intent(asha, campaign, 500);
    const used = await intent(asha, campaign, 300);
    const usedPledge = await pledge(asha, campaign, 300, used).expect(201);
    const rejected = await intent(asha, campaign, 200);
    const rejectedPledge = await pledge(asha, campaign, 200, rejected).expect(201);
    await request(h.url)
      .put(`/api/fundraising/${campaign}/pledges/${rejectedPledge.body.data.pledgeId}`)
      .set(auth(meera))
      .send({ status: 'rejected' })
      .expect(200);

    // A second short of the retention: nothing goes yet.
    clock += UNUSED_INTENT_RETENTION_DAYS * DAY - 1000;
    const fresh = await intent(asha, campaign, 400);
    expect(await replicaJob().tick()).toBe('ran');
    expect(await intentsOf(asha)).toBe(4);

    clock += PRUNE_INTENTS_EVERY_MS;
    expect(await replicaJob().tick()).toBe('ran');
    expect(await intentsOf(asha)).toBe(3);

    // The stale link's reference is gone: a pledge naming it is refused as unknown.
    const late = await pledge(asha, campaign, 500, stale).expect(400);
    expect(late.body).toMatchObject({ code: 'INTENT_UNKNOWN', message: M.intentUnknown });
    // The used one is still the pledge's reference: used, not unknown.
    const again = await pledge(asha, campaign, 300, used).expect(409);
    expect(again.body).toMatchObject({ code: 'INTENT_USED', message: M.intentUsed });
    const listed = await request(h.url)
      .get(`/api/fundraising/${campaign}/pledges`)
      .set(auth(meera))
      .expect(200);
    expect(
      listed.body.data.find((p: { id: string }) => p.id === usedPledge.body.data.pledgeId),
    ).toMatchObject({
      tr: used,
    });
    // A rejected pledge freed its reference, and pruning did not take it away.
    await pledge(asha, campaign, 200, rejected).expect(201);
    // The fresh one still pays.
    await pledge(asha, campaign, 400, fresh).expect(201);
  });

  test('when old intents are pruned, then the hourly cap still counts every intent of the last hour', async () => {
    const campaign = await createCampaign(makeUser(h, 'Meera Iyer', true));
    const asha = makeUser(h, 'Asha Rao');
    for (let i = 0; i < 5; i++) await intent(asha, campaign, 10);
    clock += (UNUSED_INTENT_RETENTION_DAYS + 1) * DAY;
    for (let i = 0; i < 30; i++) await intent(asha, campaign, 10);
    await askIntent(asha, campaign, 10).expect(429);

    expect(await replicaJob().tick()).toBe('ran');
    expect(await intentsOf(asha)).toBe(30);
    const refused = await askIntent(asha, campaign, 10).expect(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_INTENTS', message: M.intentsTooMany });

    clock += HOUR + 1000;
    await askIntent(asha, campaign, 10).expect(201);
  });

  test('when a replica of the service starts, then it runs the prune with its other jobs', async () => {
    const asha = makeUser(h, 'Asha Rao');
    await intent(asha, await createCampaign(makeUser(h, 'Meera Iyer', true)), 500);
    clock += (UNUSED_INTENT_RETENTION_DAYS + 1) * DAY;
    const replica = await h.startAnother();
    await replica.jobsIdle();
    await replica.stop();
    expect(await intentsOf(asha)).toBe(0);
  });

  test('when it ran, then another replica finds it not due until the interval has passed', async () => {
    clock += 365 * DAY;
    expect(await replicaJob().tick()).toBe('ran');
    expect(await replicaJob().tick()).toBe('not-due');
    clock += PRUNE_INTENTS_EVERY_MS;
    expect(await replicaJob().tick()).toBe('ran');
  });
});
