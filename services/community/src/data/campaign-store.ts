import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { campaigns, campaignUpdates, pledgeIntents, pledges } from './schema';

export interface CampaignRecord {
  id: string;
  title: string;
  tag: string;
  description: string;
  upiId: string;
  raised: number;
  goal: number;
  emoji: string;
  organiserId: string | null;
  payeeName: string;
  deadline: string | null;
  status: 'open' | 'closed';
  pending: { count: number; sum: number };
}

type CampaignRow = Omit<CampaignRecord, 'pending'>;

const campaignColumns = {
  id: campaigns.id,
  title: campaigns.title,
  tag: campaigns.tag,
  description: campaigns.description,
  upiId: campaigns.upiId,
  raised: campaigns.raised,
  goal: campaigns.goal,
  emoji: campaigns.emoji,
  organiserId: campaigns.organiserId,
  payeeName: campaigns.payeeName,
  deadline: campaigns.deadline,
  status: campaigns.status,
};

export interface PledgeRecord {
  id: string;
  campaignId: string;
  userId: string | null;
  amount: number;
  utr: string | null;
  tr: string | null;
  donorName: string | null;
  anonymous: boolean;
  status: 'pending' | 'confirmed' | 'rejected';
  pledgedAt: Date;
  decidedAt: Date | null;
}

const pledgeColumns = {
  id: pledges.id,
  campaignId: pledges.campaignId,
  userId: pledges.userId,
  amount: pledges.amount,
  utr: pledges.utr,
  tr: pledges.tr,
  donorName: pledges.donorName,
  anonymous: pledges.anonymous,
  status: pledges.status,
  pledgedAt: pledges.pledgedAt,
  decidedAt: pledges.decidedAt,
};

/** Fundraising's data access: the campaigns, the pledges recorded against them, intents and updates. */
export function createCampaignStore(db: Db) {
  /** Pending pledges per campaign (count, sum): shown apart from the confirmed `raised`. */
  async function pendingOf(ex: DbExecutor, ids: string[]) {
    const out = new Map<string, { count: number; sum: number }>();
    if (ids.length === 0) return out;
    const rows = await ex
      .select({
        campaignId: pledges.campaignId,
        count: sql<string>`count(*)`,
        sum: sql<string>`coalesce(sum(${pledges.amount}), 0)`,
      })
      .from(pledges)
      .where(and(inArray(pledges.campaignId, ids), eq(pledges.status, 'pending')))
      .groupBy(pledges.campaignId);
    for (const r of rows) out.set(r.campaignId, { count: Number(r.count), sum: Number(r.sum) });
    return out;
  }
  async function withPending(ex: DbExecutor, rows: CampaignRow[]): Promise<CampaignRecord[]> {
    const pending = await pendingOf(
      ex,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, pending: pending.get(r.id) ?? { count: 0, sum: 0 } }));
  }

  return {
    async all(): Promise<CampaignRecord[]> {
      const rows = await db
        .select(campaignColumns)
        .from(campaigns)
        .orderBy(asc(campaigns.position), asc(campaigns.id));
      return withPending(db, rows);
    },

    async find(
      tx: DbExecutor,
      campaignId: string,
      options: { lock?: boolean } = {},
    ): Promise<CampaignRecord | undefined> {
      const q = tx.select(campaignColumns).from(campaigns).where(eq(campaigns.id, campaignId));
      const [row] = options.lock ? await q.for('update') : await q;
      if (!row) return undefined;
      return (await withPending(tx, [row]))[0];
    },

    async insertCampaign(
      tx: DbExecutor,
      c: Omit<CampaignRow, 'raised' | 'status'> & { createdAt: Date },
    ): Promise<void> {
      const [pos] = await tx
        .select({ next: sql<string>`coalesce(max(${campaigns.position}), 0) + 1` })
        .from(campaigns);
      await tx
        .insert(campaigns)
        .values({ ...c, raised: 0, status: 'open', position: Number(pos?.next ?? 1) });
    },

    async updateCampaign(tx: DbExecutor, campaignId: string, patch: Partial<CampaignRow>): Promise<void> {
      await tx.update(campaigns).set(patch).where(eq(campaigns.id, campaignId));
    },

    /**
     * Holds the donor's pledges still until the transaction ends: the donor's next pledge, to any
     * campaign, waits here, so their total and their count for the hour are read and raised by one
     * pledge at a time (a transaction-scoped advisory lock, on PGlite and PostgreSQL alike).
     */
    async lockDonor(tx: DbExecutor, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`community.pledges:${userId}`}))`);
    },

    /**
     * What the donor has pledged to the campaign (rejected pledges aside), and when they pledged
     * since `since`, oldest first.
     */
    async donorStanding(
      tx: DbExecutor,
      userId: string,
      campaignId: string,
      since: Date,
    ): Promise<{ pledgedToCampaign: number; recentAt: Date[] }> {
      const [total] = await tx
        .select({ sum: sql<string | null>`sum(${pledges.amount})` })
        .from(pledges)
        .where(
          and(
            eq(pledges.userId, userId),
            eq(pledges.campaignId, campaignId),
            sql`${pledges.status} <> 'rejected'`,
          ),
        );
      const recent = await tx
        .select({ at: pledges.pledgedAt })
        .from(pledges)
        .where(and(eq(pledges.userId, userId), gt(pledges.pledgedAt, since)))
        .orderBy(asc(pledges.pledgedAt));
      return { pledgedToCampaign: Number(total?.sum ?? 0), recentAt: recent.map((r) => r.at) };
    },

    /** Adds to `raised` in one statement (no lost update under concurrent confirmations). */
    async raise(tx: DbExecutor, campaignId: string, amount: number): Promise<void> {
      await tx
        .update(campaigns)
        .set({ raised: sql`${campaigns.raised} + ${amount}` })
        .where(eq(campaigns.id, campaignId));
    },

    async utrTaken(tx: DbExecutor, campaignId: string, utr: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: pledges.id })
        .from(pledges)
        .where(and(eq(pledges.campaignId, campaignId), eq(pledges.utr, utr), ne(pledges.status, 'rejected')));
      return row !== undefined;
    },

    async insertPledge(
      tx: DbExecutor,
      pledge: {
        campaignId: string;
        userId: string;
        amount: number;
        pledgedAt: Date;
        utr: string | null;
        tr: string | null;
        donorName: string;
        anonymous: boolean;
      },
    ): Promise<string> {
      const [row] = await tx
        .insert(pledges)
        .values({ ...pledge, status: 'pending' })
        .onConflictDoNothing()
        .returning({ id: pledges.id });
      return row?.id ?? '';
    },

    async findPledge(
      tx: DbExecutor,
      campaignId: string,
      pledgeId: string,
    ): Promise<PledgeRecord | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(pledgeId)) return undefined;
      const [row] = await tx
        .select(pledgeColumns)
        .from(pledges)
        .where(and(eq(pledges.campaignId, campaignId), eq(pledges.id, pledgeId)));
      return row;
    },

    /**
     * Decides a pending pledge: one conditional update, so of two confirmations at once only one
     * finds it pending (the other gets undefined) and the amount is counted once.
     */
    async decide(
      tx: DbExecutor,
      pledgeId: string,
      status: 'confirmed' | 'rejected',
      at: Date,
    ): Promise<PledgeRecord | undefined> {
      const [row] = await tx
        .update(pledges)
        .set({ status, decidedAt: at })
        .where(and(eq(pledges.id, pledgeId), eq(pledges.status, 'pending')))
        .returning(pledgeColumns);
      return row;
    },

    async pledgesOf(campaignId: string): Promise<PledgeRecord[]> {
      return db
        .select(pledgeColumns)
        .from(pledges)
        .where(eq(pledges.campaignId, campaignId))
        .orderBy(desc(pledges.pledgedAt), asc(pledges.id));
    },

    async confirmedOf(campaignId: string): Promise<PledgeRecord[]> {
      return db
        .select(pledgeColumns)
        .from(pledges)
        .where(and(eq(pledges.campaignId, campaignId), eq(pledges.status, 'confirmed')))
        .orderBy(asc(pledges.pledgedAt), asc(pledges.id));
    },

    async insertIntent(
      tx: DbExecutor,
      intent: { tr: string; campaignId: string; userId: string; amount: number; createdAt: Date },
    ): Promise<void> {
      await tx.insert(pledgeIntents).values(intent);
    },

    /** Whether a pledge not rejected already names this payment reference. */
    async trTaken(tx: DbExecutor, tr: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: pledges.id })
        .from(pledges)
        .where(and(eq(pledges.tr, tr), ne(pledges.status, 'rejected')));
      return row !== undefined;
    },

    /** How many payment references the user asked for since `since`. */
    async intentsSince(tx: DbExecutor, userId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(pledgeIntents)
        .where(and(eq(pledgeIntents.userId, userId), gte(pledgeIntents.createdAt, since)));
      return row?.n ?? 0;
    },

    async findIntent(tx: DbExecutor, tr: string) {
      const [row] = await tx.select().from(pledgeIntents).where(eq(pledgeIntents.tr, tr));
      return row;
    },

    /**
     * Up to `batch` intents asked for before `cutoff` that no pledge names, deleted (the prune job).
     * One a pledge names (a rejected one too: it frees the reference for the donor's next pledge)
     * stays as long as that pledge.
     */
    async pruneUnusedIntents(tx: DbExecutor, cutoff: Date, batch: number): Promise<number> {
      const unused = tx
        .select({ tr: pledgeIntents.tr })
        .from(pledgeIntents)
        .where(
          and(
            lt(pledgeIntents.createdAt, cutoff),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(pledges)
                .where(eq(pledges.tr, pledgeIntents.tr)),
            ),
          ),
        )
        .limit(batch);
      const deleted = await tx
        .delete(pledgeIntents)
        .where(inArray(pledgeIntents.tr, unused))
        .returning({ tr: pledgeIntents.tr });
      return deleted.length;
    },

    async insertUpdate(tx: DbExecutor, u: { campaignId: string; body: string; postedAt: Date }) {
      const [row] = await tx.insert(campaignUpdates).values(u).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updatesOf(campaignId: string) {
      return db
        .select()
        .from(campaignUpdates)
        .where(eq(campaignUpdates.campaignId, campaignId))
        .orderBy(desc(campaignUpdates.postedAt));
    },

    /** Who backed the campaign: every signed-in donor with a pledge not rejected. */
    async backersOf(tx: DbExecutor, campaignId: string): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ userId: pledges.userId })
        .from(pledges)
        .where(
          and(
            eq(pledges.campaignId, campaignId),
            isNotNull(pledges.userId),
            sql`${pledges.status} <> 'rejected'`,
          ),
        );
      return rows.map((r) => r.userId!).filter(Boolean);
    },
  };
}
