import { type Campaign } from '@campus/contracts/community';
import { COMMUNITY_MESSAGES, pledgeCapMessage, pledgeRateMessage } from '@campus/contracts/community-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createCampaignStore, type CampaignRecord } from '../data/campaign-store';

const HOUR = 3_600_000;

/** What one person may add to campaigns' public totals (issue 22 §4; docs/community.md). */
export interface PledgeLimits {
  PLEDGE_USER_TOTAL_MAX: number;
  PLEDGE_USER_GOAL_PERCENT: number;
  PLEDGES_PER_USER_PER_HOUR: number;
}

/** A 429 for a donor over their hourly count; the route sends `retryAfterSeconds` as Retry-After. */
export class PledgesTooFrequent extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

/** "in 12 minutes", "in a minute". */
const retryWhen = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
};

const toCampaign = (record: CampaignRecord): Campaign => ({
  ...record,
  link: `/campaign/${encodeURIComponent(record.id)}`,
});

/**
 * Fundraising: campaigns and pledges. Nothing is charged: a donor pays by UPI themselves and the
 * pledge is their record of it, which raises the campaign's total for everyone.
 */
export function createFundraising(deps: {
  db: Db;
  transact: Transact<'community.pledge.recorded'>;
  now: () => Date;
  limits: PledgeLimits;
}) {
  const store = createCampaignStore(deps.db);
  const { limits } = deps;
  /** The most one person may pledge to a campaign with this goal, all pledges together. */
  const capFor = (goal: number) =>
    Math.max(
      1,
      Math.min(limits.PLEDGE_USER_TOTAL_MAX, Math.floor((goal * limits.PLEDGE_USER_GOAL_PERCENT) / 100)),
    );
  return {
    async campaigns(): Promise<Campaign[]> {
      return (await store.all()).map(toCampaign);
    },

    /**
     * Records a pledge and raises the campaign's total, unless it would take the donor past what one
     * person may pledge to the campaign (422) or past their pledges for the hour (429). The donor's
     * pledges are locked first, so concurrent pledges by one person are checked one after another.
     */
    async pledge(user: AuthUser, campaignId: string, amount: number) {
      return deps.transact(async (tx, emit) => {
        await store.lockDonor(tx, user.id);
        const found = await store.find(tx, campaignId);
        if (!found) throw AppError.notFound(COMMUNITY_MESSAGES.campaignNotFound, 'CAMPAIGN_NOT_FOUND');
        const now = deps.now();
        const standing = await store.donorStanding(tx, user.id, campaignId, new Date(now.getTime() - HOUR));
        const cap = capFor(found.goal);
        const left = Math.max(0, cap - standing.pledgedToCampaign);
        if (amount > left) throw new AppError(422, 'PLEDGE_CAP_REACHED', pledgeCapMessage(cap, left));
        const perHour = limits.PLEDGES_PER_USER_PER_HOUR;
        if (standing.recentAt.length >= perHour) {
          // The hour reopens when the oldest pledge that fills it leaves it.
          const reopensAt = standing.recentAt[standing.recentAt.length - perHour]!.getTime() + HOUR;
          const seconds = Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
          throw new PledgesTooFrequent(seconds, pledgeRateMessage(perHour, retryWhen(seconds)));
        }
        const campaign = await store.raise(tx, campaignId, amount);
        if (!campaign) throw AppError.notFound(COMMUNITY_MESSAGES.campaignNotFound, 'CAMPAIGN_NOT_FOUND');
        const pledgeId = await store.insertPledge(tx, {
          campaignId,
          userId: user.id,
          amount,
          pledgedAt: now,
        });
        await emit('community.pledge.recorded', { pledgeId, campaignId, userId: user.id, amount });
        return { pledgeId, amount, campaign: toCampaign(campaign) };
      });
    },
  };
}

export type Fundraising = ReturnType<typeof createFundraising>;
