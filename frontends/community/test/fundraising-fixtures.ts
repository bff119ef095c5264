import type { Campaign as CampaignType } from '@campus/contracts/community';
import {
  CampaignResponse,
  CampaignUpdateListResponse,
  LedgerResponse,
  Pledge,
  PledgeListResponse,
  ReceiptResponse,
  type CampaignUpdate,
  type LedgerEntry,
  type Pledge as PledgeType,
} from '@campus/contracts/fundraising';
import { FUNDRAISING_MESSAGES } from '@campus/contracts/fundraising-rules';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { campaign } from './community-fixtures';

/** The teacher who runs the campaign below. */
export const organiser: SessionUser = {
  _id: 'u-meera',
  name: 'Meera Iyer',
  email: 'meera@campus.test',
  isTeacher: true,
  isFirstTime: false,
};
/** A teacher who does not run it. */
export const otherTeacher: SessionUser = {
  _id: 'u-ravi',
  name: 'Ravi Kumar',
  email: 'ravi@campus.test',
  isTeacher: true,
  isFirstTime: false,
};

/** A teacher's campaign (not one of the spec's samples): Meera organises it. */
export const robotics = (change: Partial<CampaignType> = {}): CampaignType =>
  campaign({
    id: 'c1',
    title: 'Robotics Club Kits',
    tag: 'Community',
    description: 'Twenty Arduino kits.\nFor the first-year robotics club.',
    upiId: 'robotics.club@okaxis',
    raised: 5000,
    goal: 20000,
    link: '/campaign/c1',
    emoji: '🤖',
    deadline: '2099-12-31',
    payeeName: 'Prof. Meera Iyer',
    organiserId: organiser._id,
    pending: { count: 1, sum: 700 },
    ...change,
  });

export const oneCampaign = (c: CampaignType, method = 'GET') =>
  contractReply(
    CampaignResponse,
    { success: true, message: FUNDRAISING_MESSAGES.campaignFound, data: c },
    { url: `/api/fundraising/${c.id}`, method },
  );

export const ledger = (campaignId: string, entries: LedgerEntry[]) =>
  contractReply(
    LedgerResponse,
    {
      success: true,
      message: FUNDRAISING_MESSAGES.ledgerFound,
      data: { campaignId, total: entries.reduce((sum, e) => sum + e.amount, 0), entries },
    },
    { url: `/api/fundraising/${campaignId}/ledger`, method: 'GET' },
  );

export const updates = (campaignId: string, list: CampaignUpdate[]) =>
  contractReply(
    CampaignUpdateListResponse,
    { success: true, message: FUNDRAISING_MESSAGES.campaignFound, data: list },
    { url: `/api/fundraising/${campaignId}/updates`, method: 'GET' },
  );

export const pledge = (change: Partial<PledgeType> = {}): PledgeType =>
  Pledge.parse({
    id: 'p1',
    campaignId: 'c1',
    amount: 700,
    utr: '123456789012',
    tr: null,
    donorName: 'Asha Rao',
    anonymous: false,
    status: 'pending',
    pledgedAt: '2026-03-02T10:00:00.000Z',
    decidedAt: null,
    ...change,
  });

export const pledges = (campaignId: string, list: PledgeType[]) =>
  contractReply(
    PledgeListResponse,
    { success: true, message: FUNDRAISING_MESSAGES.pledgesFound, data: list },
    { url: `/api/fundraising/${campaignId}/pledges`, method: 'GET' },
  );

export const receipt = (change: Partial<ReceiptResponse['data']> = {}) =>
  contractReply(
    ReceiptResponse,
    {
      success: true,
      message: FUNDRAISING_MESSAGES.receiptFound,
      data: {
        receiptNo: 'CC-C1-P1',
        pledgeId: 'p1',
        campaignId: 'c1',
        campaignTitle: 'Robotics Club Kits',
        payeeName: 'Prof. Meera Iyer',
        upiId: 'robotics.club@okaxis',
        donorName: 'Asha Rao',
        amount: 700,
        utr: '123456789012',
        pledgedAt: '2026-03-02T10:00:00.000Z',
        confirmedAt: '2026-03-03T06:30:00.000Z',
        ...change,
      },
    },
    { url: '/api/fundraising/c1/pledges/p1/receipt', method: 'GET' },
  );
