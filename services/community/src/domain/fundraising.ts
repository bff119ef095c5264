import { randomBytes, randomUUID } from 'node:crypto';
import { type Campaign } from '@campus/contracts/community';
import { COMMUNITY_MESSAGES, pledgeCapMessage, pledgeRateMessage } from '@campus/contracts/community-rules';
import type {
  CreateCampaignRequest,
  LedgerEntry,
  Pledge,
  UpdateCampaignRequest,
} from '@campus/contracts/fundraising';
import {
  ANONYMOUS_DONOR,
  campaignPath,
  deadlineDay,
  FUNDRAISING_MESSAGES as M,
  takesPledges,
  upiIntentLink,
} from '@campus/contracts/fundraising-rules';
import type { z } from 'zod';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createCampaignStore, type CampaignRecord, type PledgeRecord } from '../data/campaign-store';

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

const toCampaign = (record: CampaignRecord): Campaign => ({ ...record, link: campaignPath(record.id) });

/** The name a pledge shows publicly: the donor's chosen name, or Anonymous. */
const publicName = (p: PledgeRecord) => (p.anonymous || !p.donorName ? ANONYMOUS_DONOR : p.donorName);

export const toPledge = (p: PledgeRecord): Pledge => ({
  id: p.id,
  campaignId: p.campaignId,
  amount: p.amount,
  utr: p.utr,
  tr: p.tr,
  donorName: publicName(p),
  anonymous: p.anonymous,
  status: p.status,
  pledgedAt: p.pledgedAt.toISOString(),
  decidedAt: p.decidedAt ? p.decidedAt.toISOString() : null,
});

/** Payment references one person may ask for in an hour (each is a row; a pledge names one). */
const INTENTS_PER_USER_PER_HOUR = 30;

const notFound = () => AppError.notFound(COMMUNITY_MESSAGES.campaignNotFound, 'CAMPAIGN_NOT_FOUND');

/**
 * A deadline being set must not have passed (the day pledges end, UTC, as takesPledges reads it):
 * a campaign created or moved to a past date would be closed before anyone could pledge.
 */
function checkDeadline(deadline: string | null | undefined, now: Date) {
  if (deadline && deadline < deadlineDay(now))
    throw new AppError(400, 'VALIDATION_FAILED', M.deadlineInvalid, [
      { path: 'deadline', message: M.deadlineInvalid },
    ]);
}

/**
 * Fundraising (issue 28, ADR 0114): campaigns a teacher runs, pledges donors record after paying by
 * UPI themselves. Nothing is charged here. A pledge is pending until the campaign's organiser
 * confirms it against their bank statement; only confirmed pledges count in the public `raised`.
 */
export function createFundraising(deps: {
  db: Db;
  transact: Transact<'community.pledge.recorded' | 'community.campaign.updated'>;
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

  async function campaign(campaignId: string): Promise<Campaign> {
    const found = await store.find(deps.db, campaignId);
    if (!found) throw notFound();
    return toCampaign(found);
  }

  return {
    async campaigns(): Promise<Campaign[]> {
      return (await store.all()).map(toCampaign);
    },

    campaign,

    /** The campaign as a record (for the owner check: undefined when there is none). */
    async find(campaignId: string) {
      return store.find(deps.db, campaignId);
    },

    async create(user: AuthUser, body: z.output<typeof CreateCampaignRequest>) {
      checkDeadline(body.deadline, deps.now());
      const id = randomUUID();
      await deps.transact(async (tx) => {
        await store.insertCampaign(tx, {
          id,
          title: body.title,
          description: body.story,
          tag: body.tag ?? 'Community',
          emoji: body.emoji ?? '🎯',
          goal: body.goal,
          deadline: body.deadline ?? null,
          upiId: body.upiId,
          payeeName: body.payeeName,
          organiserId: user.id,
          createdAt: deps.now(),
        });
      });
      return campaign(id);
    },

    async update(campaignId: string, body: z.output<typeof UpdateCampaignRequest>) {
      // The edit form sends every field: only a deadline being changed must not have passed.
      const before = await store.find(deps.db, campaignId);
      if (body.deadline !== before?.deadline) checkDeadline(body.deadline, deps.now());
      const { story, ...rest } = body;
      const patch = Object.fromEntries(
        Object.entries({ ...rest, description: story }).filter(([, v]) => v !== undefined),
      );
      await deps.transact(async (tx) => {
        await store.updateCampaign(tx, campaignId, patch);
      });
      return campaign(campaignId);
    },

    /** A payment reference for one pledge of `amount`, and the `upi://pay` link that carries it. */
    async intent(user: AuthUser, campaignId: string, amount: number) {
      return deps.transact(async (tx) => {
        const found = await store.find(tx, campaignId);
        if (!found) throw notFound();
        const now = deps.now();
        if (!takesPledges(found, now)) throw new AppError(409, 'CAMPAIGN_CLOSED', M.campaignClosed);
        if (
          (await store.intentsSince(tx, user.id, new Date(now.getTime() - HOUR))) >= INTENTS_PER_USER_PER_HOUR
        )
          throw new AppError(429, 'TOO_MANY_INTENTS', M.intentsTooMany);
        const tr = `CC${randomBytes(9).toString('hex').toUpperCase()}`;
        await store.insertIntent(tx, { tr, campaignId, userId: user.id, amount, createdAt: now });
        const upiUrl = upiIntentLink({
          upiId: found.upiId,
          payeeName: found.payeeName,
          note: found.title,
          amount,
          tr,
        });
        return { tr, amount, upiUrl };
      });
    },

    /**
     * Records a pledge as pending (the public total does not move), unless the campaign is closed
     * (409), the UTR is already recorded for it (409), it would take the donor past what one person
     * may pledge to the campaign (422) or past their pledges for the hour (429). The donor's pledges
     * are locked first, so concurrent pledges by one person are checked one after another.
     */
    async pledge(
      user: AuthUser,
      campaignId: string,
      body: {
        amount: number;
        utr?: string | undefined;
        tr?: string | undefined;
        name?: string | undefined;
        anonymous?: boolean | undefined;
      },
    ) {
      const { amount } = body;
      return deps.transact(async (tx, emit) => {
        await store.lockDonor(tx, user.id);
        const found = await store.find(tx, campaignId);
        if (!found) throw notFound();
        const now = deps.now();
        if (!takesPledges(found, now)) throw new AppError(409, 'CAMPAIGN_CLOSED', M.campaignClosed);
        if (body.tr !== undefined) {
          // One reference, one payment of its amount (the donor's pledges are locked above).
          const intent = await store.findIntent(tx, body.tr);
          if (!intent || intent.userId !== user.id || intent.campaignId !== campaignId)
            throw new AppError(400, 'INTENT_UNKNOWN', M.intentUnknown);
          if (intent.amount !== amount)
            throw new AppError(400, 'INTENT_AMOUNT_MISMATCH', M.intentAmountMismatch);
          if (await store.trTaken(tx, body.tr)) throw new AppError(409, 'INTENT_USED', M.intentUsed);
        }
        if (body.utr !== undefined && (await store.utrTaken(tx, campaignId, body.utr)))
          throw new AppError(409, 'UTR_TAKEN', M.utrTaken);
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
        const pledgeId = await store.insertPledge(tx, {
          campaignId,
          userId: user.id,
          amount,
          pledgedAt: now,
          utr: body.utr ?? null,
          tr: body.tr ?? null,
          donorName: body.name?.trim() || user.name,
          anonymous: body.anonymous ?? false,
        });
        // Another donor recorded the same UTR a moment ago (the unique index decided).
        if (!pledgeId) throw new AppError(409, 'UTR_TAKEN', M.utrTaken);
        await emit('community.pledge.recorded', { pledgeId, campaignId, userId: user.id, amount });
        const after = await store.find(tx, campaignId);
        return { pledgeId, amount, status: 'pending' as const, campaign: toCampaign(after!) };
      });
    },

    /** Every pledge of the campaign, pending ones included (the organiser's view). */
    async pledges(campaignId: string): Promise<Pledge[]> {
      return (await store.pledgesOf(campaignId)).map(toPledge);
    },

    /**
     * The organiser's decision on a pending pledge. Confirming adds its amount to `raised` in the
     * same transaction; a pledge already decided is 409, so a replay or a second confirmation at the
     * same moment counts nothing twice.
     */
    async decide(campaignId: string, pledgeId: string, status: 'confirmed' | 'rejected') {
      return deps.transact(async (tx) => {
        const existing = await store.findPledge(tx, campaignId, pledgeId);
        if (!existing) throw AppError.notFound(M.pledgeNotFound, 'PLEDGE_NOT_FOUND');
        const decided = await store.decide(tx, pledgeId, status, deps.now());
        if (!decided) throw new AppError(409, 'PLEDGE_DECIDED', M.pledgeDecided);
        if (status === 'confirmed') await store.raise(tx, campaignId, decided.amount);
        const after = await store.find(tx, campaignId);
        return { pledge: toPledge(decided), campaign: toCampaign(after!) };
      });
    },

    async pledge_(campaignId: string, pledgeId: string) {
      return store.findPledge(deps.db, campaignId, pledgeId);
    },

    /** The public ledger: confirmed pledges only, oldest first. */
    async ledger(campaignId: string): Promise<{ campaignId: string; total: number; entries: LedgerEntry[] }> {
      const found = await store.find(deps.db, campaignId);
      if (!found) throw notFound();
      const entries = (await store.confirmedOf(campaignId)).map((p) => ({
        date: p.pledgedAt.toISOString(),
        amount: p.amount,
        donor: publicName(p),
        confirmed: true as const,
      }));
      return { campaignId, total: found.raised, entries };
    },

    /**
     * A confirmed pledge's receipt (the route has checked it is the donor's or the organiser's). The
     * donor sees their own name; the organiser sees an anonymous pledge as the ledger shows it.
     */
    receipt(c: CampaignRecord, p: PledgeRecord, viewerId: string) {
      if (p.status !== 'confirmed' || !p.decidedAt)
        throw new AppError(409, 'PLEDGE_NOT_CONFIRMED', M.receiptNotConfirmed);
      return {
        receiptNo: `CC-${c.id.slice(0, 8).toUpperCase()}-${p.id.slice(0, 8).toUpperCase()}`,
        pledgeId: p.id,
        campaignId: c.id,
        campaignTitle: c.title,
        payeeName: c.payeeName,
        upiId: c.upiId,
        donorName: p.userId === viewerId ? (p.donorName ?? ANONYMOUS_DONOR) : publicName(p),
        amount: p.amount,
        utr: p.utr,
        pledgedAt: p.pledgedAt.toISOString(),
        confirmedAt: p.decidedAt.toISOString(),
      };
    },

    /** The organiser's news: stored, and announced to the backers through the outbox. */
    async postUpdate(c: CampaignRecord, body: string) {
      return deps.transact(async (tx, emit) => {
        const row = await store.insertUpdate(tx, { campaignId: c.id, body, postedAt: deps.now() });
        const backers = await store.backersOf(tx, c.id);
        await emit('community.campaign.updated', {
          campaignId: c.id,
          updateId: row.id,
          title: c.title,
          excerpt: body.slice(0, 140),
          link: campaignPath(c.id),
          backerIds: backers.filter((b) => b !== c.organiserId),
        });
        return { id: row.id, campaignId: c.id, body: row.body, postedAt: row.postedAt.toISOString() };
      });
    },

    async updates(campaignId: string) {
      return (await store.updatesOf(campaignId)).map((u) => ({
        id: u.id,
        campaignId: u.campaignId,
        body: u.body,
        postedAt: u.postedAt.toISOString(),
      }));
    },
  };
}

export type Fundraising = ReturnType<typeof createFundraising>;
