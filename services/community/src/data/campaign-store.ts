import { asc, eq, sql } from 'drizzle-orm';
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
