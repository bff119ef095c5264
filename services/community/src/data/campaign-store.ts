import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { campaigns, pledges } from './schema';

export interface CampaignRecord {
  id: string;
  title: string;
  tag: string;
  description: string;
  upiId: string;
  raised: number;
  goal: number;
  emoji: string;
}

const campaignColumns = {
  id: campaigns.id,
  title: campaigns.title,
  tag: campaigns.tag,
  description: campaigns.description,
  upiId: campaigns.upiId,
  raised: campaigns.raised,
  goal: campaigns.goal,
  emoji: campaigns.emoji,
};

/** Fundraising's data access: the campaigns and the pledges recorded against them. */
export function createCampaignStore(db: Db) {
  return {
    async all(): Promise<CampaignRecord[]> {
      return db.select(campaignColumns).from(campaigns).orderBy(asc(campaigns.position), asc(campaigns.id));
    },

    async find(tx: DbExecutor, campaignId: string): Promise<CampaignRecord | undefined> {
      const [row] = await tx.select(campaignColumns).from(campaigns).where(eq(campaigns.id, campaignId));
      return row;
    },

    /**
     * Holds the donor's pledges still until the transaction ends: the donor's next pledge, to any
     * campaign, waits here, so their total and their count for the hour are read and raised by one
     * pledge at a time (a transaction-scoped advisory lock, on PGlite and PostgreSQL alike).
     */
    async lockDonor(tx: DbExecutor, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`community.pledges:${userId}`}))`);
    },

    /** What the donor has pledged to the campaign, and when they pledged since `since`, oldest first. */
    async donorStanding(
      tx: DbExecutor,
      userId: string,
      campaignId: string,
      since: Date,
    ): Promise<{ pledgedToCampaign: number; recentAt: Date[] }> {
      const [total] = await tx
        .select({ sum: sql<string | null>`sum(${pledges.amount})` })
        .from(pledges)
        .where(and(eq(pledges.userId, userId), eq(pledges.campaignId, campaignId)));
      const recent = await tx
        .select({ at: pledges.pledgedAt })
        .from(pledges)
        .where(and(eq(pledges.userId, userId), gt(pledges.pledgedAt, since)))
        .orderBy(asc(pledges.pledgedAt));
      return { pledgedToCampaign: Number(total?.sum ?? 0), recentAt: recent.map((r) => r.at) };
    },

    /** Adds to `raised` in one statement (no lost update under concurrent pledges); undefined: no such campaign. */
    async raise(tx: DbExecutor, campaignId: string, amount: number): Promise<CampaignRecord | undefined> {
      const [row] = await tx
        .update(campaigns)
        .set({ raised: sql`${campaigns.raised} + ${amount}` })
        .where(eq(campaigns.id, campaignId))
        .returning(campaignColumns);
      return row;
    },

    async insertPledge(
      tx: DbExecutor,
      pledge: { campaignId: string; userId: string; amount: number; pledgedAt: Date },
    ): Promise<string> {
      const [row] = await tx.insert(pledges).values(pledge).returning({ id: pledges.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
  };
}
