import type { Request } from 'express';
import { CampaignIdParams, CampaignListResponse } from '@campus/contracts/community';
import { COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import {
  CampaignResponse,
  CampaignUpdateListResponse,
  CampaignUpdateRequest,
  CampaignUpdateResponse,
  CreateCampaignRequest,
  LedgerQuery,
  LedgerResponse,
  PledgeDecisionRequest,
  PledgeDecisionResponse,
  PledgeIdParams,
  PledgeIntentRequest,
  PledgeIntentResponse,
  PledgeListResponse,
  ReceiptResponse,
  RecordPledgeRequest,
  RecordPledgeResponse,
  UpdateCampaignRequest,
} from '@campus/contracts/fundraising';
import { FUNDRAISING_MESSAGES as M, ledgerCsv } from '@campus/contracts/fundraising-rules';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { requireOwner } from '@campus/service-kit/require-owner';
import { PledgesTooFrequent, type Fundraising } from '../domain/fundraising';

/** A campaign's organiser: nobody for the spec's samples, so no one can decide their pledges. */
const NOBODY = '';

/**
 * Fundraising's API (issue 28, docs/fundraising.md): campaigns as data, pledge intents with their
 * `upi://pay` link, pledges pending until the organiser confirms them, the public ledger, receipts and
 * the organiser's updates. Organiser-only rules are checked here with the kit's owner check.
 */
export function createFundraisingRoutes({ fundraising }: { fundraising: Fundraising }): AnyRoute[] {
  /** 401 for a guest, 404 for no campaign, 403 for anyone but its organiser. */
  const asOrganiser = (req: Request, campaignId: string) =>
    requireOwner(req, {
      load: () => fundraising.find(campaignId),
      ownerOf: (c) => c.organiserId ?? NOBODY,
      notFoundMessage: COMMUNITY_MESSAGES.campaignNotFound,
      forbiddenMessage: M.notOrganiser,
    });

  return [
    defineRoute({
      method: 'get',
      path: '/api/fundraising',
      operationId: 'listCampaigns',
      summary: 'The fundraising campaigns; `raised` is the confirmed sum, pending pledges are counted apart',
      access: 'public',
      response: { description: 'Every campaign', body: CampaignListResponse },
      handler: async () => ({
        success: true as const,
        message: COMMUNITY_MESSAGES.campaignsFound,
        data: await fundraising.campaigns(),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/fundraising',
      operationId: 'createCampaign',
      summary:
        'A teacher starts a campaign: title, story, goal in whole rupees, deadline, their UPI id and payee name',
      access: 'teacher',
      idempotencyKey: true,
      request: { body: CreateCampaignRequest },
      response: { status: 201, description: 'Created; the teacher is its organiser', body: CampaignResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: M.campaignCreated,
        data: await fundraising.create(user, body),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/fundraising/:campaignId',
      operationId: 'getCampaign',
      summary: 'One campaign with its confirmed total and its pending pledges counted apart',
      access: 'public',
      request: { params: CampaignIdParams },
      response: { description: 'The campaign', body: CampaignResponse },
      errors: { 404: 'No such campaign' },
      handler: async ({ params }) => ({
        success: true as const,
        message: M.campaignFound,
        data: await fundraising.campaign(params.campaignId),
      }),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/fundraising/:campaignId',
      operationId: 'updateCampaign',
      summary:
        "The organiser edits their campaign; `status: 'closed'` closes it to pledges ('open' reopens it)",
      access: 'user',
      request: { params: CampaignIdParams, body: UpdateCampaignRequest },
      response: { description: 'The campaign as changed', body: CampaignResponse },
      errors: { 403: 'Not its organiser', 404: 'No such campaign' },
      handler: async ({ req, params, body }) => {
        await asOrganiser(req, params.campaignId);
        return {
          success: true as const,
          message: M.campaignUpdated,
          data: await fundraising.update(params.campaignId, body),
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/fundraising/:campaignId/pledge-intents',
      operationId: 'createPledgeIntent',
      summary:
        'Before paying: a unique payment reference (UPI `tr`) and the upi://pay link with payee, amount and note',
      access: 'user',
      request: { params: CampaignIdParams, body: PledgeIntentRequest },
      response: { status: 201, description: 'The reference and link', body: PledgeIntentResponse },
      errors: { 404: 'No such campaign', 409: 'The campaign is closed (CAMPAIGN_CLOSED)' },
      handler: async ({ user, params, body }) => ({
        success: true as const,
        message: M.intentCreated,
        data: await fundraising.intent(user, params.campaignId, body.amount),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/fundraising/:campaignId/pledges',
      operationId: 'createPledge',
      summary:
        'Record a pledge paid by UPI (whole rupees, the 12-digit UTR): pending until the organiser confirms it; the public total does not move',
      access: 'user',
      idempotencyKey: true,
      request: { params: CampaignIdParams, body: RecordPledgeRequest },
      response: { status: 201, description: 'Recorded as pending', body: RecordPledgeResponse },
      errors: {
        404: 'No such campaign',
        409: 'The campaign is closed (CAMPAIGN_CLOSED) or the UTR is already recorded for it (UTR_TAKEN)',
        422: "The pledge would take the user past what one person may pledge to the campaign (PLEDGE_CAP_REACHED); 429: past the user's pledges for the hour.",
      },
      handler: async ({ user, params, body, res }) => {
        try {
          return {
            success: true as const,
            message: M.pledgePending,
            data: await fundraising.pledge(user, params.campaignId, body),
          };
        } catch (err) {
          if (err instanceof PledgesTooFrequent) res.set('Retry-After', String(err.retryAfterSeconds));
          throw err;
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/fundraising/:campaignId/pledges',
      operationId: 'listCampaignPledges',
      summary: "The organiser's view: every pledge of their campaign, pending ones first to decide",
      access: 'user',
      request: { params: CampaignIdParams },
      response: { description: 'The pledges, newest first', body: PledgeListResponse },
      errors: { 403: 'Not its organiser', 404: 'No such campaign' },
      handler: async ({ req, params }) => {
        await asOrganiser(req, params.campaignId);
        return {
          success: true as const,
          message: M.pledgesFound,
          data: await fundraising.pledges(params.campaignId),
        };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/fundraising/:campaignId/pledges/:pledgeId',
      operationId: 'decidePledge',
      summary:
        'The organiser confirms or rejects a pending pledge; only a confirmation adds to the public total',
      access: 'user',
      request: { params: PledgeIdParams, body: PledgeDecisionRequest },
      response: {
        description: 'The pledge and the campaign after the decision',
        body: PledgeDecisionResponse,
      },
      errors: {
        403: 'Not its organiser',
        404: 'No such campaign or pledge',
        409: 'The pledge was already decided (PLEDGE_DECIDED)',
      },
      handler: async ({ req, params, body }) => {
        await asOrganiser(req, params.campaignId);
        return {
          success: true as const,
          message: M.pledgeDecidedOk(body.status),
          data: await fundraising.decide(params.campaignId, params.pledgeId, body.status),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/fundraising/:campaignId/ledger',
      operationId: 'getCampaignLedger',
      summary:
        'The public ledger: confirmed pledges only (date, amount, donor or Anonymous); `?format=csv` for a spreadsheet',
      access: 'public',
      request: { params: CampaignIdParams, query: LedgerQuery },
      response: { description: 'The ledger (JSON, or text/csv with format=csv)', body: LedgerResponse },
      errors: { 404: 'No such campaign' },
      handler: async ({ params, query, res }) => {
        const ledger = await fundraising.ledger(params.campaignId);
        if (query.format === 'csv') {
          res
            .status(200)
            .type('text/csv; charset=utf-8')
            .set('Content-Disposition', `attachment; filename="campaign-${params.campaignId}-ledger.csv"`)
            .send(ledgerCsv(ledger.entries));
        }
        return { success: true as const, message: M.ledgerFound, data: ledger };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/fundraising/:campaignId/pledges/:pledgeId/receipt',
      operationId: 'getPledgeReceipt',
      summary: "A confirmed pledge's receipt, for its donor and the campaign's organiser only",
      access: 'user',
      request: { params: PledgeIdParams },
      response: { description: 'The receipt', body: ReceiptResponse },
      errors: {
        403: 'Neither the donor nor the organiser',
        404: 'No such campaign or pledge',
        409: 'The pledge is not confirmed (PLEDGE_NOT_CONFIRMED)',
      },
      handler: async ({ req, params, res }) => {
        const { resource } = await requireOwner(req, {
          load: async () => {
            const campaign = await fundraising.find(params.campaignId);
            const pledge = campaign && (await fundraising.pledge_(params.campaignId, params.pledgeId));
            return campaign && pledge ? { campaign, pledge } : undefined;
          },
          ownerOf: (r) => r.pledge.userId ?? NOBODY,
          alsoAllowed: (user, r) => r.campaign.organiserId === user.id,
          notFoundMessage: M.pledgeNotFound,
          forbiddenMessage: M.receiptNotYours,
        });
        res.set('Cache-Control', 'private, no-store');
        return {
          success: true as const,
          message: M.receiptFound,
          data: fundraising.receipt(resource.campaign, resource.pledge, req.user!.id),
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/fundraising/:campaignId/updates',
      operationId: 'postCampaignUpdate',
      summary: "The organiser's news to the campaign's backers: stored, and each backer is notified",
      access: 'user',
      request: { params: CampaignIdParams, body: CampaignUpdateRequest },
      response: { status: 201, description: 'Posted', body: CampaignUpdateResponse },
      errors: { 403: 'Not its organiser', 404: 'No such campaign' },
      handler: async ({ req, params, body }) => {
        const { resource } = await asOrganiser(req, params.campaignId);
        return {
          success: true as const,
          message: M.updatePosted,
          data: await fundraising.postUpdate(resource, body.body),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/fundraising/:campaignId/updates',
      operationId: 'listCampaignUpdates',
      summary: "The organiser's updates on the campaign, newest first",
      access: 'public',
      request: { params: CampaignIdParams },
      response: { description: 'The updates', body: CampaignUpdateListResponse },
      errors: { 404: 'No such campaign' },
      handler: async ({ params }) => {
        await fundraising.campaign(params.campaignId);
        return {
          success: true as const,
          message: M.campaignFound,
          data: await fundraising.updates(params.campaignId),
        };
      },
    }),
  ];
}
