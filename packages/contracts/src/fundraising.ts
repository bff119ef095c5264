import { z } from 'zod';
import { plainText, requiredText, successWith } from './common';
import { Campaign, PledgeAmount } from './community';
import {
  ANONYMOUS_DONOR,
  CAMPAIGN_GOAL_MAX,
  CAMPAIGN_STORY_MAX,
  CAMPAIGN_TITLE_MAX,
  CAMPAIGN_UPDATE_MAX,
  DONOR_NAME_MAX,
  FUNDRAISING_MESSAGES as M,
  PAYEE_NAME_MAX,
  PLEDGE_DECISIONS,
  PLEDGE_STATUSES,
  UPI_ID_PATTERN,
  UTR_PATTERN,
} from './fundraising-rules';

/**
 * Fundraising's wire beyond the campaign list (issue 28): campaigns as data, pledge intents with
 * their `upi://pay` link, pledges pending until the organiser confirms them, the public ledger and
 * receipts. Served by the community service under /api/fundraising (ADR 0114).
 */

const text = (message: string, max: number) => requiredText(message, max);

const Goal = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: M.goalInvalid })
    .int(M.goalInvalid)
    .min(1, M.goalInvalid)
    .max(CAMPAIGN_GOAL_MAX, M.goalInvalid),
);
const Deadline = z
  .string({ error: M.deadlineInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.deadlineInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), M.deadlineInvalid);
const UpiId = z.string({ error: M.upiIdInvalid }).trim().regex(UPI_ID_PATTERN, M.upiIdInvalid);
const Utr = z.string({ error: M.utrInvalid }).trim().regex(UTR_PATTERN, M.utrInvalid);

export const CreateCampaignRequest = z
  .object({
    title: text(M.titleRequired, CAMPAIGN_TITLE_MAX),
    story: text(M.storyRequired, CAMPAIGN_STORY_MAX),
    goal: Goal,
    deadline: Deadline.nullish(),
    upiId: UpiId,
    payeeName: text(M.payeeNameRequired, PAYEE_NAME_MAX),
    tag: text('Please give a category.', 40).optional(),
    emoji: z.string().max(16).optional(),
  })
  .meta({ id: 'CreateCampaignRequest' });
export type CreateCampaignRequest = z.input<typeof CreateCampaignRequest>;

/** `PATCH /api/fundraising/{id}`: any of the create's fields; `status: 'closed'` closes it (and 'open' reopens). */
export const UpdateCampaignRequest = z
  .object({
    title: text(M.titleRequired, CAMPAIGN_TITLE_MAX).optional(),
    story: text(M.storyRequired, CAMPAIGN_STORY_MAX).optional(),
    goal: Goal.optional(),
    deadline: Deadline.nullable().optional(),
    upiId: UpiId.optional(),
    payeeName: text(M.payeeNameRequired, PAYEE_NAME_MAX).optional(),
    tag: text('Please give a category.', 40).optional(),
    emoji: z.string().max(16).optional(),
    status: z.enum(['open', 'closed'], { error: "status must be 'open' or 'closed'" }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), M.nothingToEdit)
  .meta({ id: 'UpdateCampaignRequest' });
export type UpdateCampaignRequest = z.input<typeof UpdateCampaignRequest>;

export const CampaignResponse = successWith('CampaignResponse', Campaign);
export type CampaignResponse = z.infer<typeof CampaignResponse>;

export const PledgeIntentRequest = z.object({ amount: PledgeAmount }).meta({ id: 'PledgeIntentRequest' });
export type PledgeIntentRequest = z.input<typeof PledgeIntentRequest>;

export const PledgeIntentResponse = successWith(
  'PledgeIntentResponse',
  z.object({
    tr: z
      .string()
      .meta({ description: 'The reference of this payment (UPI `tr`): send it back with the pledge' }),
    amount: z.number().int(),
    upiUrl: z.string().meta({ description: 'upi://pay?pa=&pn=&am=&tn=&tr=&cu=INR' }),
  }),
);
export type PledgeIntentResponse = z.infer<typeof PledgeIntentResponse>;

/** `POST /api/fundraising/{id}/pledges`: pending until the organiser confirms it. */
export const RecordPledgeRequest = z
  .object({
    amount: PledgeAmount,
    /** Optional on the wire (issue 22's clients send `{ amount }` only); the remote's form requires it. */
    utr: Utr.optional().meta({ description: 'The 12-digit UPI transaction reference (UTR) the donor got' }),
    tr: z.string().max(64).optional().meta({ description: 'The pledge intent this payment was made for' }),
    name: plainText('Your name has characters we cannot show.').max(DONOR_NAME_MAX).optional(),
    anonymous: z.boolean().optional(),
  })
  .meta({ id: 'RecordPledgeRequest' });
export type RecordPledgeRequest = z.input<typeof RecordPledgeRequest>;

export const PledgeIdParams = z.object({
  campaignId: z.string().meta({ description: 'The campaign id' }),
  pledgeId: z.string().meta({ description: 'The pledge id' }),
});

export const Pledge = z
  .object({
    id: z.string(),
    campaignId: z.string(),
    amount: z.number().int(),
    utr: z.string().nullable(),
    tr: z.string().nullable(),
    donorName: z.string().meta({ description: `The donor's name, or '${ANONYMOUS_DONOR}'` }),
    anonymous: z.boolean(),
    status: z.enum(PLEDGE_STATUSES),
    pledgedAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'FundraisingPledge' });
export type Pledge = z.infer<typeof Pledge>;

export const RecordPledgeResponse = successWith(
  'RecordPledgeResponse',
  z.object({
    pledgeId: z.string(),
    amount: z.number().int(),
    status: z.enum(PLEDGE_STATUSES),
    campaign: Campaign,
  }),
);
export type RecordPledgeResponse = z.infer<typeof RecordPledgeResponse>;

export const PledgeDecisionRequest = z
  .object({ status: z.enum(PLEDGE_DECISIONS, { error: "status must be 'confirmed' or 'rejected'" }) })
  .meta({ id: 'PledgeDecisionRequest' });
export type PledgeDecisionRequest = z.input<typeof PledgeDecisionRequest>;

export const PledgeDecisionResponse = successWith(
  'PledgeDecisionResponse',
  z.object({ pledge: Pledge, campaign: Campaign }),
);
export type PledgeDecisionResponse = z.infer<typeof PledgeDecisionResponse>;

export const PledgeListResponse = successWith('PledgeListResponse', z.array(Pledge));
export type PledgeListResponse = z.infer<typeof PledgeListResponse>;

export const LedgerEntry = z
  .object({
    date: z.string().meta({ description: 'When the pledge was recorded (ISO)' }),
    amount: z.number().int(),
    donor: z.string().meta({ description: `The donor's name or '${ANONYMOUS_DONOR}'` }),
    confirmed: z.literal(true),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerQuery = z.object({
  format: z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" }).optional(),
});

export const LedgerResponse = successWith(
  'LedgerResponse',
  z.object({ campaignId: z.string(), total: z.number().int(), entries: z.array(LedgerEntry) }),
);
export type LedgerResponse = z.infer<typeof LedgerResponse>;

export const ReceiptResponse = successWith(
  'ReceiptResponse',
  z.object({
    receiptNo: z.string(),
    pledgeId: z.string(),
    campaignId: z.string(),
    campaignTitle: z.string(),
    payeeName: z.string(),
    upiId: z.string(),
    donorName: z.string(),
    amount: z.number().int(),
    utr: z.string().nullable(),
    pledgedAt: z.string(),
    confirmedAt: z.string(),
  }),
);
export type ReceiptResponse = z.infer<typeof ReceiptResponse>;

export const CampaignUpdateRequest = z
  .object({ body: text(M.updateRequired, CAMPAIGN_UPDATE_MAX) })
  .meta({ id: 'CampaignUpdateRequest' });
export type CampaignUpdateRequest = z.input<typeof CampaignUpdateRequest>;

export const CampaignUpdate = z
  .object({ id: z.string(), campaignId: z.string(), body: z.string(), postedAt: z.string() })
  .meta({ id: 'CampaignUpdate' });
export type CampaignUpdate = z.infer<typeof CampaignUpdate>;

export const CampaignUpdateResponse = successWith('CampaignUpdateResponse', CampaignUpdate);
export const CampaignUpdateListResponse = successWith('CampaignUpdateListResponse', z.array(CampaignUpdate));
