import { type Campaign } from '@campus/contracts/community';
import { COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createCampaignStore, type CampaignRecord } from '../data/campaign-store';

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
}) {
  const store = createCampaignStore(deps.db);
  return {
    async campaigns(): Promise<Campaign[]> {
      return (await store.all()).map(toCampaign);
    },

    async pledge(user: AuthUser, campaignId: string, amount: number) {
      return deps.transact(async (tx, emit) => {
        const campaign = await store.raise(tx, campaignId, amount);
        if (!campaign) throw AppError.notFound(COMMUNITY_MESSAGES.campaignNotFound, 'CAMPAIGN_NOT_FOUND');
        const pledgeId = await store.insertPledge(tx, {
          campaignId,
          userId: user.id,
          amount,
          pledgedAt: deps.now(),
        });
        await emit('community.pledge.recorded', { pledgeId, campaignId, userId: user.id, amount });
        return { pledgeId, amount, campaign: toCampaign(campaign) };
      });
    },
  };
}

export type Fundraising = ReturnType<typeof createFundraising>;
