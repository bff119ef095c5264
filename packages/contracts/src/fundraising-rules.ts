import { csvTable } from './csv';

/**
 * Fundraising's plain rules and words (issue 28), for the service and the community remote alike,
 * without zod: UPI ids and UTRs, the campaign's states, the `upi://pay` link of one pledge intent and
 * the public ledger as CSV. The campaigns and pledges live in the community service (ADR 0114).
 */

/** A UPI id (VPA): `name@handle`, as the NPCI apps accept them. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
/** A UPI transaction's reference (UTR) as the donor's app shows it: 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;

export const CAMPAIGN_STATUSES = ['open', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const PLEDGE_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];
/** What the organiser may decide about a pending pledge. */
export const PLEDGE_DECISIONS = ['confirmed', 'rejected'] as const;

export const CAMPAIGN_TITLE_MAX = 120;
export const CAMPAIGN_STORY_MAX = 5000;
export const CAMPAIGN_GOAL_MAX = 100_000_000;
export const PAYEE_NAME_MAX = 100;
export const DONOR_NAME_MAX = 80;
export const CAMPAIGN_UPDATE_MAX = 2000;
/** The name a ledger shows for a donor who asked not to be named (or has none). */
export const ANONYMOUS_DONOR = 'Anonymous';

export const FUNDRAISING_MESSAGES = {
  titleRequired: 'Please give the campaign a title.',
  storyRequired: 'Please tell people what the money is for.',
  goalInvalid: 'The goal must be a whole number of rupees, at least ₹1.',
  deadlineInvalid: 'The deadline must be a date (YYYY-MM-DD) that has not passed.',
  upiIdInvalid: 'The UPI id must look like name@bank (for example campus.fund@okaxis).',
  payeeNameRequired: 'Please give the payee name the UPI app shows.',
  utrInvalid: 'The UTR is the 12-digit UPI transaction reference your app shows after paying.',
  utrTaken: 'A pledge with this UTR is already recorded for this campaign.',
  campaignClosed: 'This campaign is closed and takes no more pledges.',
  notOrganiser: 'Only the campaign’s organiser can do this.',
  pledgeNotFound: 'Pledge not found.',
  pledgeDecided: 'This pledge was already confirmed or rejected.',
  intentUnknown: 'This payment reference is not one of yours for this campaign: start the payment again.',
  intentAmountMismatch: 'This payment reference is for another amount: get a new UPI link for this one.',
  intentUsed:
    'This payment reference is already recorded with a pledge: get a new UPI link for another payment.',
  intentsTooMany:
    'You asked for many UPI links this hour: please record the payments you made, or try again later.',
  receiptNotConfirmed: 'A receipt is issued once the organiser confirms the pledge.',
  receiptNotYours: 'Only the donor and the organiser can see this receipt.',
  nothingToEdit: 'Nothing to change: send a title, story, goal, deadline, UPI id, payee name or status.',
  updateRequired: 'Please write the update.',
  campaignCreated: 'Campaign created',
  campaignUpdated: 'Campaign updated',
  campaignFound: 'Campaign found',
  pledgePending: 'Thank you! Your pledge is recorded and waits for the organiser to confirm it.',
  pledgeDecidedOk: (status: 'confirmed' | 'rejected') => `Pledge ${status}.`,
  intentCreated: 'Pay with your UPI app, then record the UTR it shows.',
  ledgerFound: 'Ledger',
  receiptFound: 'Receipt',
  pledgesFound: 'Pledges',
  updatePosted: 'Update posted to the campaign’s backers.',
} as const;

/** The campaign's screen in the community remote. */
/** The day a deadline is compared with: today in UTC, as YYYY-MM-DD. */
export const deadlineDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A campaign takes pledges while open and until the end of its deadline's day (UTC): the service's
 * rule, and what the pledge box shows.
 */
export const takesPledges = (c: { status: string; deadline: string | null }, now: Date) =>
  c.status === 'open' && (c.deadline === null || deadlineDay(now) <= c.deadline);

export const campaignPath = (id: string) => `/campaign/${encodeURIComponent(id)}`;

/**
 * The `upi://pay` link of one pledge intent: payee (pa), payee name (pn), amount (am), note (tn),
 * this intent's reference (tr) and INR, every value percent-encoded (a space is %20, never '+').
 */
export function upiIntentLink(p: {
  upiId: string;
  payeeName: string;
  note: string;
  amount: number;
  tr: string;
}): string {
  const pairs: [string, string][] = [
    ['pa', p.upiId],
    ['pn', p.payeeName],
    ['am', String(p.amount)],
    ['tn', p.note],
    ['tr', p.tr],
    ['cu', 'INR'],
  ];
  return `upi://pay?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

export interface LedgerLine {
  date: string;
  amount: number;
  donor: string;
  confirmed: boolean;
}

/** The public ledger as CSV (RFC 4180, CRLF): date, amount, donor, confirmed. */
export const ledgerCsv = (lines: readonly LedgerLine[]): string =>
  csvTable([
    ['date', 'amount', 'donor', 'confirmed'],
    ...lines.map((l) => [l.date, l.amount, l.donor, l.confirmed ? 'yes' : 'no']),
  ]);
